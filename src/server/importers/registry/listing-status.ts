import type { ProjectStatus } from '../../../api/contract/common'

/**
 * A registry's own status words, in the contract's four states: still being developed or validated is the
 * pipeline; registered, certified or issuing is registered; a finished crediting period (Cercarbono: `Finished`, `Retired`) is completed; withdrawn,
 * rejected or on hold is inactive. Words not known here are the pipeline, since a listing is at least that.
 */
export function listingStatus(text: string | null): ProjectStatus {
  const words = (text ?? '').toLowerCase()
  if (/withdrawn|rejected|inactive|on hold|cancel|terminated|suspended|deregistered|unsuccessful/.test(words)) return 'inactive'
  if (/completed|crediting period (has )?ended|closed|^finished$|^retired$/.test(words)) return 'completed'
  if (/^registered|^validated|^certified|issued|issuance|verification approval|crediting period renewal|active/.test(words)) return 'registered'
  return 'pipeline'
}
