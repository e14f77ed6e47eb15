import type { ProjectStatus } from '../../api/contract/common'
import { lookup } from '../../lib/lookup'

/**
 * Every status word met in Berkeley's file (`Voluntary Status`, and `ARB / WA Status` where that is blank) and in the registries' own project exports
 * (Verra, Gold Standard, ACR, the Climate Action Reserve, ART TREES, Isometric, Cercarbono), in the contract's
 * four states: still seeking a place in a registry is the pipeline; registered, certified or issuing is
 * registered (asking for a verification or a renewal does not undo that); a finished crediting life is
 * completed; refused, withdrawn, on hold or moved to another programme is inactive. Keys are written as
 * `statusWordsKey` leaves them: lower case, single spaces, `_` as a space and any dash as `-`.
 */
export const statusWords: Readonly<Record<string, ProjectStatus>> = {
  listed: 'pipeline',
  'under development': 'pipeline',
  'under validation': 'pipeline',
  // Cercarbono's stage while a validation body checks the design.
  validation: 'pipeline',
  // Cercarbono: a project the registry has put in no stage yet, which is no more than listed.
  'not assigned': 'pipeline',
  'registration requested': 'pipeline',
  // California's ARB and Washington's Ecology, as Berkeley's `ARB / WA Status` and ACR's compliance status word them.
  'listed - proposed project': 'pipeline',
  'proposed project': 'pipeline',
  'registration and verification approval requested': 'pipeline',

  registered: 'registered',
  // Cercarbono: validated, verified and issuing.
  certified: 'registered',
  // Gold Standard certifies a design before its first issuance; the project is registered from then on.
  'gold standard certified design': 'registered',
  'gold standard certified project': 'registered',
  // Isometric registers nothing apart from validating it: a validated project is one Isometric credits.
  validated: 'registered',
  // Cercarbono: a validated project being verified for an issuance.
  verification: 'registered',
  // Verra: a registered project late with, or asking for, its next verification, renewal or requantification.
  'late to verify': 'registered',
  'verification approval requested': 'registered',
  // A refused verification costs that period's credits, not the registration.
  'verification approval request denied': 'registered',
  'crediting period renewal requested': 'registered',
  'crediting period renewal and verification approval requested': 'registered',
  'requantification requested': 'registered',
  // Verra: registered under another programme first, its units moved into Verra's registry.
  'units transferred from approved ghg program': 'registered',
  // Active in a compliance programme: listed there and issuing.
  'listed - active arb project': 'registered',
  'listed - active ecology project': 'registered',
  'listed - active registry project': 'registered',
  'active arb project': 'registered',
  'active registry project': 'registered',

  completed: 'completed',
  // Cercarbono: its crediting is over (`Retired` is the project retired from the registry, not its credits).
  finished: 'completed',
  retired: 'completed',
  'arb completed': 'completed',
  'ecology completed': 'completed',

  inactive: 'inactive',
  withdrawn: 'inactive',
  rejected: 'inactive',
  'rejected by administrator': 'inactive',
  'registration request denied': 'inactive',
  // Registration and a verification asked for together and both refused: the project was never registered.
  'registration and verification approval request denied': 'inactive',
  // Isometric: the design failed validation.
  'validation unsuccessful': 'inactive',
  'on hold - see notification letter': 'inactive',
  canceled: 'inactive',
  cancelled: 'inactive',
  // The Climate Action Reserve: moved to another programme (a compliance one, another registry); it takes no more credits here.
  transitioned: 'inactive',
  'transfer to another ghg program': 'inactive',
  'transferred arb or ecology project': 'inactive',
  'arb inactive': 'inactive',
  'ecology inactive': 'inactive',
  'arb terminated': 'inactive',
  'ecology terminated': 'inactive',
}

/** A status as the table's keys are written: `Under_Validation`, `On Hold – see…` → `under validation`, `on hold - see…`. */
export function statusWordsKey(text: string | null | undefined): string {
  return (text ?? '').toLowerCase().replace(/_/g, ' ').replace(/[‐-―−]/g, '-').replace(/\s+/g, ' ').trim()
}

/** The state the table gives a status, or undefined for a blank or a word it does not hold. */
export function knownStatus(text: string | null | undefined): ProjectStatus | undefined {
  return lookup(statusWords, statusWordsKey(text))
}

/**
 * A project's state from its registry's status, the same from every importer. A blank status (ACR leaves
 * hundreds blank) says nothing: a project credits were issued to is registered, since only a registered project
 * is issued credits, and one without is in the pipeline, since a listing is at least that. A word the table does
 * not hold is read by what it says (refused, withdrawn, cancelled, on hold → inactive; completed, finished →
 * completed; registered, certified → registered) and otherwise the same way as a blank.
 */
export function projectStatusOf(text: string | null | undefined, creditsIssued: number): ProjectStatus {
  const words = statusWordsKey(text)
  const known = lookup(statusWords, words)
  if (known) return known
  if (/denied|reject|withdraw|cancel|inactive|terminat|suspend|deregister|on hold|unsuccessful/.test(words)) return 'inactive'
  if (/complete|finished|ended|expired/.test(words)) return 'completed'
  if (/^registered|certified/.test(words)) return 'registered'
  return creditsIssued > 0 ? 'registered' : 'pipeline'
}
