import Papa from 'papaparse'
import { sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { call, tokens, waitFor } from './http'

/** Verra's transactions header, as its export and the 1,000,000-record bench write it. */
const header = [
  'Issuance Date', 'Sustainable Development Goals', 'Vintage Start', 'Vintage End', 'ID', 'Name', 'Country/Area', 'Project Type', 'Methodology',
  'Total Vintage Quantity', 'Quantity Issued', 'Serial Number', 'Additional Certifications', 'Retirement/Cancellation Date', 'Retirement Beneficiary',
  'Retirement Reason', 'Retirement Details',
]

/** A block retired for someone, as Verra writes one: who, in its own words, and how many credits. */
export interface RetiredBlock {
  beneficiary: string
  details?: string
  quantity: number
  retired: string
}

/**
 * Verra's transactions export of blocks of one project, each retired on its day, written here in Verra's manner:
 * an issuance batch per block from `batch` on, units numbered one after another from `unit`, vintage 2020.
 * Exports of one store need batches and units apart, or their blocks count the same credits twice.
 */
export function retirementsExport(projectId: string, blocks: readonly RetiredBlock[], { batch = 70001, unit: firstUnit = 7_100_000_001 } = {}): Uint8Array {
  let unit = firstUnit
  const rows = blocks.map((block, i) => {
    const first = unit
    unit += block.quantity
    return {
      'Issuance Date': '2026-01-15',
      'Vintage Start': '2020-01-01',
      'Vintage End': '2020-12-31',
      ID: projectId,
      Name: 'Beneficiary test project',
      'Country/Area': 'Colombia',
      'Project Type': 'Agriculture Forestry and Other Land Use',
      Methodology: 'VM0015',
      'Total Vintage Quantity': '100,000',
      'Quantity Issued': String(block.quantity),
      'Serial Number': `${batch + i}-${first}-${unit - 1}-VCS-VCU-1507-VER-CO-14-${projectId}-01012020-31122020-1`,
      'Retirement/Cancellation Date': block.retired,
      'Retirement Beneficiary': block.beneficiary,
      'Retirement Reason': 'Retirement for Person or Organization',
      'Retirement Details': block.details ?? '',
    }
  })
  return new TextEncoder().encode(Papa.unparse({ fields: header, data: rows.map((row) => header.map((name) => row[name as keyof typeof row] ?? '')) }))
}

/** Terpel in two spellings the rules join, a third they do not, and lines that name no one. */
export const terpelBlocks: readonly RetiredBlock[] = [
  { beneficiary: 'TERPEL S.A  NIT 830.095.213-0', quantity: 1000, retired: '2025-03-10' },
  { beneficiary: 'TERPEL S.A  NIT 830.095.213-0', quantity: 500, retired: '2025-09-02' },
  { beneficiary: 'Terpel S.A. NIT 830095213-0', quantity: 350, retired: '2026-02-20' },
  { beneficiary: 'Organización Terpel', quantity: 300, retired: '2026-01-12' },
  { beneficiary: 'Organización Terpel', quantity: 200, retired: '2026-03-03' },
  { beneficiary: 'Hollis Mills', quantity: 50, retired: '2026-03-04', details: 'Retired on behalf of Hollis Mills for the 2025 Holiday Party' },
  { beneficiary: 'Anonymously', quantity: 40, retired: '2026-03-05' },
  { beneficiary: 'FY24', quantity: 30, retired: '2026-03-06' },
]

/** Uploads the files and imports them in one run of the source, through the API as an analyst's client would; the run as it ended. */
export async function importFiles(baseUrl: string, source: string, files: readonly (readonly [name: string, bytes: Uint8Array])[]): Promise<SourceRun> {
  const fileIds: string[] = []
  for (const [name, bytes] of files) {
    const uploaded = await fetch(`${baseUrl}/api/files?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.live}`, 'content-type': 'application/octet-stream' },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    })
    if (uploaded.status !== 201) throw new Error(`upload of ${name}: ${uploaded.status} ${await uploaded.text()}`)
    fileIds.push(((await uploaded.json()) as { id: string }).id)
  }
  const started = await call(baseUrl, '/api/source-runs', { json: { source, file_ids: fileIds } })
  if (started.status !== 202) throw new Error(`run of ${source}: ${started.status} ${started.text}`)
  return waitFor(async () => {
    const run = sourceRun.parse((await call(baseUrl, `/api/source-runs/${started.body.id}`)).body)
    return run.state === 'succeeded' || run.state === 'failed' ? run : undefined
  }, 120_000)
}
