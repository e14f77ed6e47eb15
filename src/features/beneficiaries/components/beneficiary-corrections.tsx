import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Beneficiary, BeneficiaryDecision } from '../../../api/contract/beneficiaries'
import { formatNumber } from '../../../lib/format'
import type { BeneficiaryLinks } from '../lib/links'
import { MergeForm } from './merge-form'
import { NamesNoOneForm } from './names-no-one-form'
import { RenameForm } from './rename-form'
import { SplitForm } from './split-form'

/**
 * An analyst's corrections, which beat the rules and apply at once to every record and to later imports: merge
 * another name into this one, split a raw string out, rename, or say it names no one. Where the name changes the
 * page follows it.
 */
export function BeneficiaryCorrections({ beneficiary, links }: { beneficiary: Beneficiary; links: BeneficiaryLinks }) {
  const navigate = useNavigate()
  const [done, setDone] = useState<string | null>(null)
  const decided = (decision: BeneficiaryDecision, shownAs: string | null) => {
    // A split names where its records went: "now under another name" left the analyst to find it.
    const where = decision.kind === 'split' && decision.into ? `“${decision.into}”` : 'another name'
    setDone(`${decision.text}: ${formatNumber(decision.records_moved)} record${decision.records_moved === 1 ? '' : 's'} now under ${where}.`)
    // A name that names no one stays on its page, which then says so and offers the undo, and takes the focus the
    // button it replaces held (`NamedNoOne`).
    if (shownAs !== null && shownAs !== beneficiary.name) navigate(links.beneficiary(shownAs), { replace: true })
    if (decision.kind === 'no_one') navigate(links.beneficiary(beneficiary.name), { replace: true, state: { namedNoOne: decision.id } })
  }
  return (
    <section className="card beneficiary-corrections" aria-labelledby="beneficiary-corrections-title">
      <h2 id="beneficiary-corrections-title">Correct the name</h2>
      <p className="muted">
        Your word beats the rules: a correction applies at once to every record, and to every export imported later. Each is kept with when and
        by whom, and can be undone below.
      </p>
      <p role="status" className="beneficiary-done">
        {done}
      </p>
      <div className="beneficiary-correction-forms">
        <MergeForm name={beneficiary.name} onDecided={(decision) => decided(decision, beneficiary.name)} />
        {beneficiary.spellings.length > 1 && <SplitForm beneficiary={beneficiary} onDecided={(decision) => decided(decision, beneficiary.name)} />}
        <RenameForm name={beneficiary.name} onDecided={(decision) => decided(decision, decision.into)} />
        <NamesNoOneForm name={beneficiary.name} onDecided={(decision) => decided(decision, null)} />
      </div>
    </section>
  )
}
