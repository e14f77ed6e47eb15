import { Link } from 'react-router-dom'
import type { ProjectDetail, ProjectSummary } from '../../../api/contract/projects'
import { SyntheticBadge } from '../../../components/synthetic-badge'
import { formatDate, formatNumber, missingValue } from '../../../lib/format'
import { reductionRemovalNames, registryNames, registryPageOf, statusNames } from '../../../api/project-labels'
import { FreshnessBadge } from '../../../components/freshness-badge'
import { QualityGrade } from '../../../components/quality-grade'
import { coBenefitsInWords, regionLabel } from '../../../api/value-labels'
import { coBenefitsOfType, listedCoBenefits } from '../../../api/co-benefits'

interface ProjectHeaderProps {
  project: ProjectSummary
  /** Present once the full record has loaded; until then the header shows what the list knew. */
  detail?: ProjectDetail
  /** A project's page, for its other listings. */
  projectHref?: (key: string) => string
}

/**
 * The project's other listings by other registries, one compliance project: "CAR2057 (Climate Action Reserve), the
 * same compliance project, CAMM5746", each linked to its page.
 */
function alsoListedFact(listings: ProjectDetail['also_listed_as'], projectHref: (key: string) => string): React.ReactNode {
  return (
    <ul className="listing-list">
      {listings.map((listing) => (
        <li key={listing.key}>
          <Link to={projectHref(listing.key)}>{listing.key}</Link> ({registryNames[listing.registry]}), the same compliance project,{' '}
          <code>{listing.compliance_id}</code>
        </li>
      ))}
    </ul>
  )
}

/**
 * Remaining as the figures give it, and, where more is retired or cancelled than issued (15 of Berkeley's projects;
 * CAR1822 once the Reserve's cancellations of March 2026 join Berkeley's count), by how much: remaining then reads 0,
 * while the vintages below count the difference as negative. Said of the records, not of "its source": the excess
 * may come only of sources counted together.
 */
export function remainingFact(credits: ProjectSummary['credits']): React.ReactNode {
  const overRetired = credits.retired - credits.issued
  if (overRetired <= 0) return formatNumber(credits.remaining)
  return (
    <>
      {formatNumber(credits.remaining)}{' '}
      <span className="muted">({formatNumber(overRetired)} more credits retired or cancelled than issued are on record)</span>
    </>
  )
}

/**
 * The buffer pool, and where its credits come from where a registry's records add to the count's: ACR751's header
 * read "Buffer pool 115,156" beside a page that named only the 19,191 its export issued into it.
 */
export function bufferFact(buffer: number, fromRecords: number | undefined): React.ReactNode {
  // Whole credits, as the header counts the buffer (Isometric's records carry fractions of a tonne).
  const since = Math.round(fromRecords ?? 0)
  if (since === 0 || since >= buffer) return formatNumber(buffer)
  return (
    <>
      {formatNumber(buffer)}{' '}
      <span className="muted">
        ({formatNumber(buffer - since)} per the count, {formatNumber(since)} issued into it since per the registry&apos;s records)
      </span>
    </>
  )
}

/**
 * The co-benefits a brief credits the project with, those it lists (its labels, its UN SDGs) apart from those its type
 * delivers, as the shortlist's reasons say them. Given together "(read from its labels, the UN SDGs it lists and what
 * projects of its type deliver)", a cookstove project that lists nothing read as listing three, above a quality
 * signal saying "No co-benefit certification or SDG listing".
 */
export function coBenefitsFact(project: Pick<ProjectSummary, 'co_benefits' | 'labels' | 'type'>): React.ReactNode {
  const { co_benefits: coBenefits, type } = project
  if (coBenefits.length === 0) return 'None known'
  const sdgs = coBenefits.flatMap((value) => (value.startsWith('sdg_') ? [Number(value.slice(4))] : []))
  const listed = new Set<string>(listedCoBenefits({ labels: project.labels, sdgs }))
  const ofType = new Set<string>(coBenefitsOfType(type))
  const byType = coBenefits.filter((value) => !listed.has(value) && ofType.has(value))
  const own = coBenefits.filter((value) => !byType.includes(value))
  const typeWords = `as ${type} projects deliver by their type`
  if (own.length === 0) return `${coBenefitsInWords(byType)}, ${typeWords}; it lists none itself`
  return (
    <>
      {coBenefitsInWords(own)} <span className="muted">(its labels and the UN SDGs it lists)</span>
      {byType.length > 0 && `; ${coBenefitsInWords(byType)}, ${typeWords}`}
    </>
  )
}

/**
 * The status, and where the sources' own data differ on it, whose word it is and what the others said: the Climate
 * Action Reserve's export of April 2026 lists CAR2251 as registered where Berkeley's count of December 2025 lists it.
 */
export function statusFact(status: ProjectSummary['status'], words: ProjectDetail['status_sources'] = []): React.ReactNode {
  const others = words.filter((word) => word.status !== status)
  if (others.length === 0) return statusNames[status]
  const newest = words[0]
  const said = others.map((word) => `${word.name}, as of ${formatDate(word.as_of)}: ${statusNames[word.status]}`)
  return (
    <>
      {statusNames[status]}{' '}
      <span className="muted">
        (per {newest.name}, as of {formatDate(newest.as_of)}; {said.join('; ')})
      </span>
    </>
  )
}

export function ProjectHeader({ project, detail, projectHref }: ProjectHeaderProps) {
  const facts: [string, React.ReactNode][] = [
    ['Key', <code key="key">{project.key}</code>],
    ['Registry', registryNames[project.registry]],
    // Said beside its registry: the same project, listed by another registry too, is not another project.
    ...(detail?.also_listed_as.length && projectHref ? [['Also listed as', alsoListedFact(detail.also_listed_as, projectHref)] as [string, React.ReactNode]] : []),
    ['Status', statusFact(project.status, detail?.status_sources)],
    ['Type', detail?.type_as_published ? `${project.type} (published as “${detail.type_as_published}”)` : project.type],
    ['Scope', project.scope],
    ['Reduction or removal', reductionRemovalNames[project.reduction_removal]],
    ['Country', project.country],
    // As the brief's choices and the shortlist's mix name it: Berkeley's "Europe" is its Northern, Southern and Western parts.
    ['Region', regionLabel(project.region)],
    ['First vintage', project.vintage ?? missingValue],
    ['Credits issued', formatNumber(project.credits.issued)],
    ['Credits retired or cancelled', formatNumber(project.credits.retired)],
    ['Credits remaining', remainingFact(project.credits)],
  ]
  if (project.credits.buffer > 0) facts.push(['Buffer pool', bufferFact(project.credits.buffer, detail?.credit_figures.buffer_issued)])
  facts.push(['Co-benefits', coBenefitsFact(project)])
  if (detail?.methodology) facts.push(['Methodology', detail.methodology])
  if (detail?.developer) facts.push(['Developer', detail.developer])
  const registryPage = registryPageOf(project, detail?.website)
  if (registryPage) {
    facts.push([
      'On the registry',
      <a key="registry-page" href={registryPage} rel="noreferrer" target="_blank">
        {registryNames[project.registry]} record<span className="visually-hidden"> (opens in a new tab)</span>
      </a>,
    ])
  }
  facts.push([
    'Labels',
    project.labels.length > 0 ? (
      <ul className="label-list">
        {project.labels.map((label) => (
          <li key={label} className="badge">
            {label}
            {/* Said where only the registry's records carry it, so a label the listing lacks is not read as listed. */}
            {detail?.labels_recorded.includes(label) && <span className="muted"> (on the registry's records)</span>}
          </li>
        ))}
      </ul>
    ) : (
      'None'
    ),
  ])

  return (
    <header className="project-header">
      <div className="project-title-row">
        <h1 className="project-title">{project.name}</h1>
        {project.synthetic && <SyntheticBadge />}
      </div>
      <div className="project-header-badges">
        <QualityGrade grade={project.quality.grade} score={project.quality.score} />
        <FreshnessBadge state={project.freshness.state} updatedAt={project.freshness.updated_at} />
      </div>
      <dl className="project-facts">
        {facts.map(([term, value]) => (
          // The labels, several and long ("ICVCM CCP-Approved", "CORSIA Eligible 2024-2026"), take the row: in a fact's
          // column each pill wrapped onto two lines.
          <div key={term} className={term === 'Labels' ? 'project-fact-wide' : undefined}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </header>
  )
}
