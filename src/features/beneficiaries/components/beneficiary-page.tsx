import { Link } from 'react-router-dom'
import { ApiError } from '../../../api/client'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useBeneficiary } from '../api/use-beneficiary'
import type { BeneficiaryLinks } from '../lib/links'
import { BeneficiaryCorrections } from './beneficiary-corrections'
import { BeneficiaryDecisions } from './beneficiary-decisions'
import { NamedNoOne } from './named-no-one'
import { BeneficiarySpellings } from './beneficiary-spellings'
import { BeneficiarySummary } from './beneficiary-summary'
import { RetiredPerProject } from './retired-per-project'
import { RetiredPerYear } from './retired-per-year'
import './beneficiaries.css'

/**
 * Who a company is across its registries' spellings: what was retired for it, when and from which projects, the
 * raw strings that resolved to it and why, and an analyst's corrections (merge, split, rename, names no one).
 */
export function BeneficiaryPage({ name, links }: { name: string; links: BeneficiaryLinks }) {
  const beneficiary = useBeneficiary(name)
  useDocumentTitle(beneficiary.data?.name ?? 'Beneficiary')
  if (beneficiary.isPending) return <Skeleton lines={6} label="Loading the beneficiary…" />
  if (beneficiary.isError) {
    if (beneficiary.error instanceof ApiError && beneficiary.error.status === 404) {
      return (
        <EmptyState title="No beneficiary of that name" headingLevel="h1" action={<Link to={links.creditsRetiredFor(name)}>Search the records for “{name}”</Link>}>
          No record resolves to “{name}” now: it may have been merged into another name, renamed or marked as naming no one.
          <NamedNoOne name={name} />
        </EmptyState>
      )
    }
    return <QueryError error={beneficiary.error} onRetry={() => void beneficiary.refetch()} what="the beneficiary" />
  }
  const found = beneficiary.data
  return (
    <section className="beneficiary-page" aria-labelledby="beneficiary-title">
      <p className="beneficiary-back">
        <Link to={links.credits()}>Credits</Link>
      </p>
      <h1 id="beneficiary-title">{found.name}</h1>
      <BeneficiarySummary beneficiary={found} links={links} />
      <RetiredPerYear beneficiary={found} />
      <RetiredPerProject beneficiary={found} links={links} />
      <BeneficiarySpellings beneficiary={found} />
      <BeneficiaryCorrections beneficiary={found} links={links} />
      <BeneficiaryDecisions name={found.name} decisions={found.decisions} links={links} />
    </section>
  )
}
