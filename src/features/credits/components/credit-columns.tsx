import { createColumnHelper, metaHelper, tableFeatures } from '@tanstack/react-table'
import { Link } from 'react-router-dom'
import { isRetiring, type CreditRecord } from '../../../api/contract/credits'
import { formatDate, formatNumber, missingValue } from '../../../lib/format'
import { CreditKindCell } from '../../../components/credit-kind-cell'
import type { CreditsLinks } from '../lib/links'
import { RegistryText } from './registry-text'
import { registryNames } from '../../../api/project-labels'

export interface CreditColumnMeta {
  numeric?: boolean
  /** Across a phone's card: what the registry wrote opens under it, and was squeezed into half the card. */
  wide?: boolean
}

/** The API pages and orders the records (newest first): the table only shows them. */
export const creditFeatures = tableFeatures({ columnMeta: metaHelper<CreditColumnMeta>() })

const helper = createColumnHelper<typeof creditFeatures, CreditRecord>()

export const creditColumns = (links: CreditsLinks) =>
  helper.columns([
    helper.accessor('date', { id: 'date', header: 'Date', cell: ({ getValue }) => (getValue() ? formatDate(getValue()) : missingValue) }),
    helper.accessor('project_key', {
      id: 'project',
      header: 'Project',
      cell: ({ getValue }) => <Link to={links.project(getValue())}>{getValue()}</Link>,
    }),
    helper.accessor('kind', { id: 'kind', header: 'Kind', cell: ({ row }) => <CreditKindCell record={row.original} /> }),
    helper.accessor('quantity', {
      id: 'quantity',
      header: 'Credits (tCO2e)',
      meta: { numeric: true },
      cell: ({ getValue }) => formatNumber(getValue(), 3),
    }),
    helper.accessor('vintage', { id: 'vintage', header: 'Vintage', cell: ({ row }) => <Vintage record={row.original} /> }),
    helper.accessor('beneficiary', {
      id: 'beneficiary',
      header: 'Retired for',
      meta: { wide: true },
      cell: ({ row }) => <Beneficiary record={row.original} links={links} />,
    }),
    helper.accessor((record) => record.source.file, {
      id: 'source',
      header: 'From',
      cell: ({ row }) => (
        // Named with its registry: four registries' exports each have an issuances.csv.
        <span className="credit-source">
          {row.original.source.file} of {registryNames[row.original.registry]}, <span className="credit-source-row">row {formatNumber(row.original.source.row)}</span>
        </span>
      ),
    }),
  ])

/**
 * The record's vintage and, where its export states one beside an issuance, the vintage's total as written: what
 * says whether the block is of an issuance Berkeley already counts (docs/credit-figures.md).
 */
function Vintage({ record }: { record: CreditRecord }) {
  if (record.vintage === null) return missingValue
  if (record.stated_vintage_total === null) return record.vintage
  return (
    <span className="credit-vintage">
      {record.vintage}
      <span className="muted">stated total {formatNumber(record.stated_vintage_total)}</span>
    </span>
  )
}

/** The one name (its beneficiary's page), with what the registry wrote under it and why it reads as that name. */
function Beneficiary({ record, links }: { record: CreditRecord; links: CreditsLinks }) {
  const raw = Object.entries(record.beneficiary_raw).filter(([, text]) => text !== record.beneficiary)
  // An issuance or a cancellation is retired for no one: "Not named" beside one read as a name the registry withheld.
  const named = !isRetiring(record.kind) ? null : record.beneficiary
  const name = named ? <Link to={links.beneficiary(named)}>{named}</Link> : <span className="muted">{isRetiring(record.kind) ? 'Not named' : missingValue}</span>
  return (
    <span className="credit-beneficiary">
      {name}
      {(raw.length > 0 || record.beneficiary_why) && (
        <details>
          <summary>As the registry wrote it</summary>
          <dl>
            {raw.map(([field, text]) => (
              <div key={field}>
                <dt>{field}</dt>
                <dd>
                  <RegistryText record={record} field={field} text={text} />
                </dd>
              </div>
            ))}
            {record.beneficiary_why && (
              <div>
                <dt>Why this name</dt>
                <dd>{record.beneficiary_why}</dd>
              </div>
            )}
          </dl>
        </details>
      )}
    </span>
  )
}
