import type { RegistryCode } from '../../../api/contract/common'
import type { CreditKind } from '../../../api/contract/credits'
import { labelNames } from '../../../api/contract/vocabulary'
import { harmonisedBeneficiary } from './beneficiary'
import { columnsOf } from './columns'
import type { CreditRecord, SkippedRow } from './credit-record'
import type { RegistryFormat } from './format'
import { dayOf, quantityOf, textOf, vintageOf } from './values'

/**
 * ACR, the Climate Action Reserve and ART TREES run their registries on the same platform (APX), and their
 * exports share a shape: a project id as given (`ACR586`, `CAR2264`, `ART130`), quantities per row, dates as
 * `M/D/YYYY` (with a time at ACR), serial ranges on retirements and cancellations but none on issuances. An
 * issuance is identified by its project, vintage and day; rows that share them are batches of one issuance
 * and add up.
 */
interface ApxFile {
  id: string
  description: string
  kind: CreditKind
  required: readonly string[]
  project: string
  quantity: string
  date: string
  serial?: string
  /** Fields about who and why, kept as written; the first ones name the beneficiary. */
  beneficiaryFields?: readonly string[]
  reason?: string
}

interface ApxRegistry {
  registry: RegistryCode
  connector: string
  name: string
  files: readonly ApxFile[]
}

const yes = (text: string) => /^(yes|true|y)$/i.test(text.trim())

function labelsOf(cell: (name: string) => string): string[] {
  const labels: string[] = []
  if (yes(cell('CCP Approved'))) labels.push(labelNames.ccp)
  if (yes(cell('Eligible for CORSIA 2024-2026 Compliance Period (First Phase)')) || yes(cell('Eligible for CORSIA 2024-2026 Compliance Period'))) labels.push(labelNames.corsiaFirst)
  if (yes(cell('Eligible for CORSIA 2021-2023 Compliance Period (Pilot Phase)')) || yes(cell('Eligible for CORSIA 2021-2023 Compliance Period'))) labels.push(labelNames.corsiaPilot)
  if (yes(cell('Corresponding Adjustment'))) labels.push('Corresponding adjustment')
  return labels
}

function apxFormat(registry: ApxRegistry, file: ApxFile): RegistryFormat {
  return {
    id: file.id,
    connector: registry.connector,
    description: file.description,
    required: file.required,
    read(table) {
      const column = columnsOf(table)
      const records: CreditRecord[] = []
      const skipped: SkippedRow[] = []
      const byId = new Map<string, CreditRecord>()
      table.rows.forEach((row, index) => {
        const at = index + 1
        const cell = (name: string) => column(row, name)
        const key = cell(file.project).replace(/\s+/g, '').toUpperCase()
        const quantity = quantityOf(cell(file.quantity))
        const date = dayOf(cell(file.date), 'mdy')
        const vintage = vintageOf(cell('Vintage'))
        const serial = file.serial ? cell(file.serial) : ''
        if (!new RegExp(`^${registry.registry}\\d+$`).test(key)) return skipped.push({ row: at, reason: `no ${registry.name} project id ("${cell(file.project).slice(0, 40)}")` })
        if (quantity === null) return skipped.push({ row: at, reason: `no readable quantity ("${cell(file.quantity).slice(0, 40)}")` })
        if (file.serial && serial === '') return skipped.push({ row: at, reason: 'no serial numbers' })
        const id = file.serial ? `${registry.registry}:${file.kind}:${serial}` : `${registry.registry}:${file.kind}:${key}:${vintage ?? 'none'}:${date ?? 'undated'}`
        const labels = labelsOf(cell)
        const known = byId.get(id)
        if (known) {
          known.quantity += quantity
          for (const label of labels) if (!known.labels.includes(label)) known.labels.push(label)
          return
        }
        const raw = Object.fromEntries((file.beneficiaryFields ?? []).map((name) => [name, cell(name)]).filter(([, text]) => text !== ''))
        const record: CreditRecord = {
          id,
          registry: registry.registry,
          project_key: key,
          kind: file.kind,
          quantity,
          vintage,
          date,
          serial: serial || null,
          labels,
          beneficiary: file.kind === 'retirement' ? harmonisedBeneficiary(...(file.beneficiaryFields ?? []).map((name) => cell(name))) : null,
          beneficiary_raw: raw,
          reason: file.reason ? textOf(cell(file.reason)) : null,
          row: at,
        }
        byId.set(id, record)
        records.push(record)
      })
      return { records, listings: [], skipped }
    },
  }
}

const registries: readonly ApxRegistry[] = [
  {
    registry: 'ACR',
    connector: 'acr',
    name: 'ACR',
    files: [
      { id: 'acr-issuances', description: "ACR's issuances export", kind: 'issuance', required: ['Date Issued (GMT)', 'Vintage', 'Total Credits Issued', 'Project ID'], project: 'Project ID', quantity: 'Total Credits Issued', date: 'Date Issued (GMT)' },
      {
        id: 'acr-retirements',
        description: "ACR's retirements export",
        kind: 'retirement',
        required: ['Credit Serial Numbers', 'Quantity of Credits', 'Status Effective (GMT)', 'Retired on Behalf of', 'Project ID'],
        project: 'Project ID',
        quantity: 'Quantity of Credits',
        date: 'Status Effective (GMT)',
        serial: 'Credit Serial Numbers',
        beneficiaryFields: ['Retired on Behalf of', 'Purpose of Retirement'],
        reason: 'Retirement Reason',
      },
      {
        id: 'acr-cancellations',
        description: "ACR's cancellations export",
        kind: 'cancellation',
        required: ['Credit Serial Numbers', 'Quantity of Credits', 'Status Effective (GMT)', 'Cancellation Type', 'Project ID'],
        project: 'Project ID',
        quantity: 'Quantity of Credits',
        date: 'Status Effective (GMT)',
        serial: 'Credit Serial Numbers',
        beneficiaryFields: ['Account Holder'],
        reason: 'Cancellation Type',
      },
    ],
  },
  {
    registry: 'CAR',
    connector: 'car',
    name: 'Climate Action Reserve',
    files: [
      { id: 'car-issuances', description: "the Climate Action Reserve's issuances export", kind: 'issuance', required: ['Date Issued', 'Project ID', 'Vintage', 'Total Offset Credits Issued'], project: 'Project ID', quantity: 'Total Offset Credits Issued', date: 'Date Issued' },
      {
        id: 'car-retirements',
        description: "the Climate Action Reserve's retirements export",
        kind: 'retirement',
        required: ['Offset Credit Serial Numbers', 'Quantity of Offset Credits', 'Status Effective', 'Project ID', 'Retirement Reason Details'],
        project: 'Project ID',
        quantity: 'Quantity of Offset Credits',
        date: 'Status Effective',
        serial: 'Offset Credit Serial Numbers',
        beneficiaryFields: ['Retirement Reason Details', 'Account Holder'],
        reason: 'Retirement Reason',
      },
      {
        id: 'car-cancellations',
        description: "the Climate Action Reserve's cancellations export",
        kind: 'cancellation',
        required: ['Offset Credit Serial Numbers', 'Quantity of Offset Credits', 'Status Effective', 'Project ID', 'Cancellation Reason'],
        project: 'Project ID',
        quantity: 'Quantity of Offset Credits',
        date: 'Status Effective',
        serial: 'Offset Credit Serial Numbers',
        reason: 'Cancellation Reason',
      },
    ],
  },
  {
    registry: 'ART',
    connector: 'art-trees',
    name: 'ART TREES',
    files: [
      { id: 'art-issuances', description: "ART TREES' issuances export", kind: 'issuance', required: ['Date Approved', 'Program ID', 'Vintage', 'Credits Verified'], project: 'Program ID', quantity: 'Credits Verified', date: 'Date Approved' },
      {
        id: 'art-retirements',
        description: "ART TREES' retirements export",
        kind: 'retirement',
        required: ['Credit Serial Numbers', 'Quantity of Credits', 'Status Effective', 'Program ID', 'Retired on Behalf of'],
        project: 'Program ID',
        quantity: 'Quantity of Credits',
        date: 'Status Effective',
        serial: 'Credit Serial Numbers',
        beneficiaryFields: ['Retired on Behalf of', 'Purpose of Retirement', 'Account Holder'],
        reason: 'Retirement Reason',
      },
      {
        id: 'art-cancellations',
        description: "ART TREES' cancellations export",
        kind: 'cancellation',
        required: ['Credit Serial Numbers', 'Quantity of Credits', 'Status Effective', 'Program ID', 'Cancellation Reason'],
        project: 'Program ID',
        quantity: 'Quantity of Credits',
        date: 'Status Effective',
        serial: 'Credit Serial Numbers',
        beneficiaryFields: ['Cancellation Details', 'Account Holder'],
        reason: 'Cancellation Reason',
      },
    ],
  },
]

export const apxFormats: readonly RegistryFormat[] = registries.flatMap((registry) => registry.files.map((file) => apxFormat(registry, file)))
