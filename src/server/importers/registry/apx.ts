import type { RegistryCode } from '../../../api/contract/common'
import type { CreditKind } from '../../../api/contract/credits'
import { labelNames } from '../../../api/contract/vocabulary'
import { columnsOf } from './columns'
import { addRow, type RegistryRecord, type RegistryListing, type SkippedRow } from './registry-record'
import type { RegistryFormat } from './format'
import { RowChecks } from './record-checks'
import { bufferPoolLabel } from '../../core/buffer-pool'
import { bufferCancellationRows, type BufferCancellations } from './buffer-cancellations'
import { dayOf, quantityOf, sdgsOf, textOf, unreadDay, unreadVintage, vintageOf } from './values'

/**
 * ACR, the Climate Action Reserve and ART TREES run their registries on the same platform (APX), and their
 * exports share a shape: a project id as given (`ACR586`, `CAR2264`, `ART130`), quantities per row, dates as
 * `M/D/YYYY` (with a time at ACR), serial ranges on retirements and cancellations but none on issuances. An
 * issuance is identified by its project, vintage and day; rows that share them are batches of one issuance
 * and add up. Each also publishes its projects (ART: programmes), read as listings so that new ones become projects.
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
  /**
   * Of an issuance's credits, those issued into a buffer pool, the parts of each column added: a record of their own,
   * labelled, which the figures count as buffer (ACR's and the Climate Action Reserve's totals hold them; Berkeley's
   * counts do not).
   */
  buffer?: readonly string[]
  /** How a cancellation of a buffer pool's credits reads beside the project's own: labelled, never the project's retired. */
  bufferCancellations?: BufferCancellations
  /** Fields about who and why, kept as written; the first ones name the beneficiary. */
  beneficiaryFields?: readonly string[]
  reason?: string
}

/**
 * A registry's projects export: which column says what. The three name their columns differently (ART's
 * programmes are `Program …`), and not all say everything: CAR's gives no protocol but its listing dates, ACR's
 * and CAR's the credits registered; a column absent here is not in that registry's export.
 */
interface ApxProjectsFile {
  id: string
  description: string
  required: readonly string[]
  key: string
  name: string
  type: string
  methodology?: string
  status: string
  /**
   * The status in the compliance programme (California's ARB, Washington's Ecology), read where the voluntary status
   * is blank: ACR leaves it blank for the projects it lists for those programmes alone.
   */
  complianceStatus?: string
  country: string
  state: string
  developer: string
  website: string
  listed?: string
  registered?: string
  creditsRegistered?: string
  /** The UN SDGs it lists (ACR's and the Climate Action Reserve's; `sdgsOf`). */
  sdgs?: string
}

interface ApxRegistry {
  registry: RegistryCode
  name: string
  projects: ApxProjectsFile
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
    registry: registry.registry,
    description: file.description,
    required: file.required,
    sumsRows: true,
    ...(file.buffer ? { pairedBecause: "of issuances' parts into the buffer pool" } : {}),
    read(table) {
      const column = columnsOf(table)
      const records: RegistryRecord[] = []
      const skipped: SkippedRow[] = []
      const byId = new Map<string, RegistryRecord>()
      const checks = new RowChecks()
      let pairedRows = 0
      const ofBufferPool = file.bufferCancellations
        ? bufferCancellationRows(table.rows, column, file.bufferCancellations, { serial: file.serial ?? '', quantity: file.quantity, date: file.date, project: file.project, creditKind: 'Reduction/Removal' })
        : new Set<number>()
      table.rows.forEach((row, index) => {
        const at = table.firstRow + index
        const cell = (name: string) => column(row, name)
        const key = cell(file.project).replace(/\s+/g, '').toUpperCase()
        const quantity = quantityOf(cell(file.quantity))
        const date = dayOf(cell(file.date), 'mdy')
        const vintage = vintageOf(cell('Vintage'))
        const serial = file.serial ? cell(file.serial) : ''
        if (!new RegExp(`^${registry.registry}\\d+$`).test(key)) return skipped.push({ row: at, reason: `no ${registry.name} project id ("${cell(file.project).slice(0, 40)}")` })
        if (quantity === null) return skipped.push({ row: at, reason: `no readable quantity ("${cell(file.quantity).slice(0, 40)}")` })
        const unread = unreadDay(cell(file.date), date, file.date) ?? unreadVintage(cell('Vintage'), vintage, 'Vintage')
        if (unread) return skipped.push({ row: at, reason: unread })
        if (file.serial && serial === '') return skipped.push({ row: at, reason: 'no serial numbers' })
        // Checked row by row, before batches of one issuance add up (a record summed from rows hides a bad one).
        const problem = checks.problem({ at, registry: registry.registry, kind: file.kind, quantity, days: [date], serial: serial || null })
        if (problem) return skipped.push({ row: at, reason: problem })
        const id = file.serial ? `${registry.registry}:${file.kind}:${serial}` : `${registry.registry}:${file.kind}:${key}:${vintage ?? 'none'}:${date ?? 'undated'}`
        const labels = ofBufferPool.has(index) ? [bufferPoolLabel, ...labelsOf(cell)] : labelsOf(cell)
        const buffer = bufferOf((file.buffer ?? []).map(cell), quantity)
        if (typeof buffer === 'string') return skipped.push({ row: at, reason: buffer })
        const known = byId.get(id)
        if (buffer > 0) {
          const bufferId = `${id}:buffer`
          const bufferRecord = byId.get(bufferId)
          // A batch of an issuance already begun adds to its buffer record without counting its row twice, unless the
          // buffer record is all the row joins (a batch wholly into the pool, the project's record not begun).
          if (bufferRecord) addRow(bufferRecord, buffer, labels, !known && quantity === buffer ? 1 : 0)
          else {
            const made: RegistryRecord = { id: bufferId, registry: registry.registry, project_key: key, kind: file.kind, quantity: buffer, vintage, date, serial: null, labels: [bufferPoolLabel, ...labels], beneficiary: null, beneficiary_raw: {}, reason: null, row: at }
            byId.set(bufferId, made)
            records.push(made)
            // The row gave its issuance's buffer record besides the project's part, or besides the batch it joined.
            if (known || quantity > buffer) pairedRows++
          }
        }
        if (known) {
          addRow(known, quantity - buffer, labels)
          return
        }
        // A batch wholly into the pool gives the project nothing: no record of nothing beside the pool's.
        if (buffer > 0 && quantity === buffer) return
        const raw = Object.fromEntries((file.beneficiaryFields ?? []).map((name) => [name, cell(name)]).filter(([, text]) => text !== ''))
        const record: RegistryRecord = {
          id,
          registry: registry.registry,
          project_key: key,
          kind: file.kind,
          quantity: quantity - buffer,
          vintage,
          date,
          serial: serial || null,
          labels,
          beneficiary: null,
          beneficiary_raw: raw,
          reason: file.reason ? textOf(cell(file.reason)) : null,
          row: at,
        }
        byId.set(id, record)
        records.push(record)
      })
      return { records, listings: [], skipped, pairedRows }
    },
  }
}

/** Of a batch, the credits its buffer columns say went into a pool (none where they say none), or why the row cannot be read. */
function bufferOf(texts: readonly string[], batch: number): number | string {
  let buffer = 0
  for (const text of texts) {
    if (text.trim() === '') continue
    const part = quantityOf(text)
    // A part that is no number, or more than the batch, is a row that cannot be read: skipped and named, not guessed at.
    if (part === null) return `no readable buffer pool part ("${text.slice(0, 40)}")`
    buffer += Math.max(0, part)
  }
  if (buffer > batch) return `a buffer pool part (${buffer}) larger than the batch (${batch})`
  return buffer
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

/**
 * A country as a name: ACR and CAR write a site's country as its ISO code (`US`, `MX`), ART as a name in capitals
 * (`COTE D'IVOIRE`), where Berkeley's file and the other registries write `United States`, `Côte d'Ivoire`.
 */
function countryOf(text: string): string | null {
  const value = textOf(text)
  if (value === null) return null
  if (/^[A-Z]{2}$/.test(value)) {
    const name = regionNames.of(value)
    return name && name !== value ? name : value
  }
  if (value !== value.toUpperCase()) return value
  return value
    .toLowerCase()
    .replace(/(^|[\s,(/-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/ (Of|The|And)\b/g, (word) => word.toLowerCase())
    .replace(/\bD'(\p{L})/gu, (_, letter: string) => `d'${letter.toUpperCase()}`)
}

/** A project's own website as an address (`www.agas.com` → `https://www.agas.com/`); null for what is none. */
function websiteOf(text: string): string | null {
  const value = textOf(text)
  if (value === null || value.includes('@') || /\s/.test(value)) return null
  try {
    const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`)
    return /\.[a-z]{2,}$/i.test(url.hostname) ? url.href : null
  } catch {
    return null
  }
}

/** A registry's projects export: its listings, new programmes and projects among them, as the registry words them. */
function apxProjectsFormat(registry: ApxRegistry): RegistryFormat {
  const file = registry.projects
  return {
    id: file.id,
    registry: registry.registry,
    description: file.description,
    required: file.required,
    read(table) {
      const column = columnsOf(table)
      const listings: RegistryListing[] = []
      const skipped: SkippedRow[] = []
      table.rows.forEach((row, index) => {
        const at = table.firstRow + index
        const cell = (name: string | undefined) => (name === undefined ? '' : column(row, name))
        const key = cell(file.key).replace(/\s+/g, '').toUpperCase()
        if (!new RegExp(`^${registry.registry}\\d+$`).test(key)) return skipped.push({ row: at, reason: `no ${registry.name} project id ("${cell(file.key).slice(0, 40)}")` })
        listings.push({
          key,
          registry: registry.registry,
          name: cell(file.name),
          type: textOf(cell(file.type)),
          status: textOf(cell(file.status)) ?? textOf(cell(file.complianceStatus)),
          methodology: textOf(cell(file.methodology)),
          country: countryOf(cell(file.country)),
          region: null,
          state: textOf(cell(file.state).replace(/\s+/g, ' ')),
          developer: textOf(cell(file.developer)),
          website: websiteOf(cell(file.website)),
          listedAt: dayOf(cell(file.listed), 'mdy'),
          registeredAt: dayOf(cell(file.registered), 'mdy'),
          creditsRegistered: quantityOf(cell(file.creditsRegistered)),
          sdgs: file.sdgs === undefined ? undefined : sdgsOf(cell(file.sdgs)),
          row: at,
        })
      })
      return { records: [], listings, skipped }
    },
  }
}

const registries: readonly ApxRegistry[] = [
  {
    registry: 'ACR',
    name: 'ACR',
    // Dated only by its crediting periods and the day its status last changed, none of which is a listing or a registration.
    projects: {
      id: 'acr-projects',
      description: "ACR's projects export",
      required: ['Project ID', 'Project Name', 'Project Type', 'Project Methodology/Protocol', 'Voluntary Status', 'Project Site Country'],
      key: 'Project ID',
      name: 'Project Name',
      type: 'Project Type',
      methodology: 'Project Methodology/Protocol',
      status: 'Voluntary Status',
      complianceStatus: 'Compliance Program Status (ARB or Ecology)',
      country: 'Project Site Country',
      state: 'Project Site State',
      developer: 'Project Developer',
      website: 'Project Website',
      creditsRegistered: 'Total Number of Credits Registered',
      sdgs: 'Sustainable Development Goal(s)',
    },
    files: [
      { id: 'acr-issuances', description: "ACR's issuances export", kind: 'issuance', required: ['Date Issued (GMT)', 'Vintage', 'Total Credits Issued', 'Project ID'], project: 'Project ID', quantity: 'Total Credits Issued', date: 'Date Issued (GMT)', buffer: ['Credits Issued to Buffer Pool'] },
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
        bufferCancellations: { kind: 'account', column: 'Account Holder', holder: 'ACR' },
      },
    ],
  },
  {
    registry: 'CAR',
    name: 'Climate Action Reserve',
    // Its projects export names no protocol (its issuances do, per issuance).
    projects: {
      id: 'car-projects',
      description: "the Climate Action Reserve's projects export",
      required: ['Project ID', 'Project Name', 'Project Type', 'Status', 'Project Site Country', 'Project Listed Date'],
      key: 'Project ID',
      name: 'Project Name',
      type: 'Project Type',
      status: 'Status',
      country: 'Project Site Country',
      state: 'Project Site State',
      developer: 'Project Developer',
      website: 'Project Website',
      listed: 'Project Listed Date',
      registered: 'Project Registered Date',
      creditsRegistered: 'Total Number of Offset Credits Registered',
      sdgs: 'SDG Impact',
    },
    files: [
      {
        id: 'car-issuances',
        description: "the Climate Action Reserve's issuances export",
        kind: 'issuance',
        required: ['Date Issued', 'Project ID', 'Vintage', 'Total Offset Credits Issued'],
        project: 'Project ID',
        quantity: 'Total Offset Credits Issued',
        date: 'Date Issued',
        // The Reserve's own pool, and the share of an ARB-eligible forest issuance meant for California's: Berkeley's
        // counts leave both out (CAR1110's 2024: 59,011 cancelled for compliance against 48,632 issued, the 17.588%
        // CAR1409's 2025 row sets aside, 26,738 of 152,025).
        buffer: ['Offset Credits Currently in Reserve Buffer Pool', 'Offset Credits Intended for Compliance Buffer Pool'],
      },
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
        bufferCancellations: { kind: 'paired-share' },
      },
    ],
  },
  {
    registry: 'ART',
    name: 'ART TREES',
    // A programme's standard (TREES, or the FCPF's framework) is what it is credited by: its methodology.
    projects: {
      id: 'art-projects',
      description: "ART TREES' programmes export",
      required: ['Program ID', 'Program Name', 'Program Type', 'Status', 'Program Country'],
      key: 'Program ID',
      name: 'Program Name',
      type: 'Program Type',
      methodology: 'Crediting Program and Standard',
      status: 'Status',
      country: 'Program Country',
      state: 'Program Jurisdiction(s)',
      developer: 'Sovereign Program Developer',
      website: 'Program Website',
    },
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

export const apxFormats: readonly RegistryFormat[] = registries.flatMap((registry) => [apxProjectsFormat(registry), ...registry.files.map((file) => apxFormat(registry, file))])
