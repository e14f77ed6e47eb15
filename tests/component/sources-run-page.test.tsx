import { screen, within } from '@testing-library/react'
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'
import { projectPage } from '../../src/api/contract/projects'
import { sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { formatDate } from '../../src/lib/format'
import { formatBytes } from '../../src/lib/format-bytes'
import { writeVrodCsvFixture } from '../fixtures/vrod-fixture'
import { tempDataDir } from '../support/api-server'
import { expectTitle, renderApp } from './render-app'

/**
 * A run's own page says what the run changed in the words of what it changed, and names its files and its data's
 * date; against the real API with the sandbox key, whose runs are simulated and change nothing others see.
 */
beforeAll(() => setApiBaseUrl(inject('sandboxProxyUrl')))
afterAll(() => setApiBaseUrl(inject('proxyUrl')))

const verra = resolve('../shared/data/registries/verra')
const verraFiles = ['projects.csv', 'transactions.csv'].map((name) => ({ name, bytes: existsSync(verra) ? readFileSync(resolve(verra, name)) : new Uint8Array() }))
const rowsOf = (bytes: Uint8Array) => Papa.parse<Record<string, string>>(new TextDecoder().decode(bytes), { header: true, skipEmptyLines: true }).data

async function sandbox(path: string, init?: RequestInit) {
  const answer = await fetch(`${inject('sandboxProxyUrl')}${path}`, init)
  return { status: answer.status, body: await answer.json() }
}

async function upload(name: string, bytes: Uint8Array): Promise<string> {
  const answer = await sandbox(`/api/files?name=${encodeURIComponent(name)}`, { method: 'POST', body: bytes as Uint8Array<ArrayBuffer> })
  expect(answer.status).toBe(201)
  return answer.body.id
}

async function runToEnd(request: object): Promise<SourceRun> {
  const started = await sandbox('/api/source-runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) })
  expect(started.status).toBe(202)
  for (;;) {
    const run = sourceRun.parse((await sandbox(`/api/source-runs/${started.body.id}`)).body)
    if (run.state === 'succeeded' || run.state === 'failed') return run
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The run's page, once it shows the run, and one of its facts by the term that names it. */
async function openRunPage(runId: string) {
  renderApp(`/sources/runs/${runId}`)
  const page = await screen.findByRole('region', { name: new RegExp(runId) })
  const fact = (term: string) => within(page).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
  return { page, fact }
}

describe("a run's page", () => {
  it.skipIf(!existsSync(verra))("says what a run of Verra's export changed, projects and records apart, and names its files and date", async () => {
    const [listings, transactions] = verraFiles.map((file) => rowsOf(file.bytes))
    // An issuance per block issued together (the serial number's first part), a record per row retiring part of it.
    const records = new Set(transactions.map((r) => r['Serial Number'].split('-')[0])).size + transactions.filter((r) => r['Retirement/Cancellation Date']).length
    expect([listings.length, records]).toEqual([50, 215])
    const fileIds = []
    for (const file of verraFiles) fileIds.push(await upload(file.name, file.bytes))
    const run = await runToEnd({ source: 'src_verra', file_ids: fileIds })
    expect(run.error).toBeNull()

    const { page, fact } = await openRunPage(run.id)
    // The sandbox's catalogue is generated: Verra's new listings wait for Berkeley's file, each a row skipped.
    expect(within(page).getByText('215 records created · 50 rows skipped')).toBeInTheDocument()
    // The first ten of them by row, each with why; the forty more counted.
    const leftOut = within(page).getByText('What the run left out, and why').closest('details')!
    expect(within(leftOut).getAllByRole('listitem')).toHaveLength(10)
    // Each by its file, which the run's two files make needed, and its row there.
    expect(within(leftOut).getAllByRole('listitem')[0]).toHaveTextContent(/^projects\.csv, row \d+: \S+ is a new listing; the catalogue is generated/)
    expect(run.skipped_rows[0]).toMatchObject({ file: 'projects.csv', row: expect.any(Number) })
    expect(leftOut).toHaveTextContent("the first row under the header is row 1")
    expect(leftOut).toHaveTextContent('And 40 more')
    // The files' rows, reconciled: blocks added to the issuance an earlier block began are no record of their own.
    const issuances = new Set(transactions.map((r) => r['Serial Number'].split('-')[0])).size
    const paired = transactions.filter((r) => r['Retirement/Cancellation Date']).length
    expect(within(page).getByText(`Read 250 rows: ${transactions.length - issuances} rows continued an issuance begun on an earlier row, and joined its record; ${paired} extra records (retirements and cancellations written on their block's row).`)).toBeInTheDocument()
    expect(within(page).getByText('265 of 265 projects and records processed (100%)')).toBeInTheDocument()
    expect(fact('Files')).toBe(verraFiles.map((file) => `${file.name} (${formatBytes(file.bytes.byteLength)})`).join(', '))
    const newest = transactions.map((r) => r['Retirement/Cancellation Date']).sort().at(-1)!
    // Two files: the date is the newest in either.
    expect(fact('Data as of')).toBe(`${formatDate(`${newest}T00:00:00Z`)}, the newest date in the files`)
    expect(within(page).queryByText(/give no date/)).not.toBeInTheDocument()
  })

  it("counts a run of Berkeley's file in projects, and never in records", async () => {
    const path = await writeVrodCsvFixture(tempDataDir())
    const run = await runToEnd({ source: 'src_vrod', file_id: await upload('vrod-fixture.csv', await readFile(path)) })
    expect(run.error).toBeNull()
    const { created, skipped } = run.counts
    expect(created).toBeGreaterThan(0)

    const { page, fact } = await openRunPage(run.id)
    const rowsSkipped = skipped === 1 ? '1 row skipped' : `${skipped} rows skipped`
    expect(within(page).getByText(`${created} projects created · ${rowsSkipped}`)).toBeInTheDocument()
    expect(within(page).getByText(`${run.progress.processed} of ${run.progress.processed} projects processed (100%)`)).toBeInTheDocument()
    expect(within(page).queryByText(/record/)).not.toBeInTheDocument()
    expect(fact('File')).toMatch(/^vrod-fixture\.csv \(\d[\d.]* KB\)$/)
    // Neither its name nor its rows date it: it is dated by its upload, and the page says that was a guess.
    expect(run.as_of_basis).toBe('file_date')
    expect(fact('Data as of')).toBe(`${formatDate(run.as_of)}, the day the file was uploaded`)
    expect(within(page).getByText(/give no date/)).toHaveTextContent(
      `The file’s name and contents give no date, so its data is dated ${formatDate(run.as_of)}, the day the file was uploaded. If the data is older, import it again with “Data as of” set to its date`,
    )
  })

  it('names each row and project the run left out, with why, where its counts only said how many', async () => {
    const keys = projectPage.parse((await sandbox('/api/projects?status=registered&per_page=1')).body).data.map((p) => p.key)
    const run = await runToEnd({ source: 'ratings', project_keys: ['NOSUCH1', ...keys] })
    expect(run.skipped_projects).toEqual([{ key: 'NOSUCH1', reason: 'no project has this key' }])
    const { page } = await openRunPage(run.id)
    expect(within(page).getByText(/1 project skipped/)).toBeInTheDocument()
    const leftOut = within(page).getByText('What the run left out, and why').closest('details')!
    expect(leftOut).toHaveAttribute('open')
    expect(within(leftOut).getByRole('listitem')).toHaveTextContent('NOSUCH1: no project has this key')
    expect(within(leftOut).getByRole('link', { name: 'NOSUCH1' })).toHaveAttribute('href', '/projects/NOSUCH1')
  })

  it('names its tab for a run the key cannot see, as its heading does', async () => {
    renderApp('/sources/runs/run_nope')
    expect(await screen.findByRole('heading', { level: 1, name: 'No such run' })).toBeInTheDocument()
    await expectTitle('Run not found · Credence')
  })
})
