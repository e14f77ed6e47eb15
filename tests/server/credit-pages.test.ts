import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditPage, numberedRecordsDepth, type CreditFilter, type CreditPage } from '../../src/api/contract/credits'
import { problem } from '../../src/api/contract/errors'
import { CreditPageTooDeep, readCreditPage, type CreditPageStart } from '../../src/server/credits/credit-page'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'
import { countCredits } from '../../src/server/db/queries/credits'
import { scoped, type ScopedDb } from '../../src/server/db/queries/scoped'
import { startApiServer, type ApiServer } from '../support/api-server'
import { importFiles, retirementsExport, type RetiredBlock } from '../support/beneficiary-export'
import { call } from '../support/http'

/**
 * Records paged by keyset: a cursor continues a list at any depth, in a total order (newest day first, undated
 * last, ties by id), every record once; a numbered page is answered only among the first records and refused
 * deeper, naming the cursor to read on with; the count is exact up to a bound and estimated, and said so, past it.
 */

describe('pages of a store past the numbered depth', () => {
  let database: DatabaseHandle
  let live: ScopedDb
  /** More records than numbered pages reach, over 400 days (about 30 a day, so days tie) and one in 40 undated. */
  const held = 12_345

  beforeAll(async () => {
    database = await connectDatabase({ dataDir: 'memory://' })
    await migrate(database.db)
    await sql`insert into live.credits (id, registry, project_key, kind, quantity, vintage, date, search_id, fingerprint, source_id, file_name, row_number, run_id)
      select 'VCS:r:' || lpad(to_hex((g * 7919) % 65536), 4, '0') || ':' || g, 'VCS', 'VCS' || (g % 3), case when g % 4 = 0 then 'issuance' else 'retirement' end,
        g % 1000, 2015 + g % 8, case when g % 40 = 0 then null else date '2025-01-01' + (g * 13) % 400 end, 0, 'f', 'src_verra', 'transactions.csv', g, 'run_1'
      from generate_series(1, ${held}) as g`.execute(database.db)
    await sql`analyze live.credits`.execute(database.db)
    live = scoped(database.db, 'live')
  }, 120_000)
  afterAll(() => database?.close())

  /** The list's order written plainly, the reference a walk is held to: newest day first, undated last, ties by id. */
  async function everyId(where = sql`true`) {
    const { rows } = await sql<{ id: string }>`select id from live.credits where ${where} order by date desc nulls last, id desc`.execute(database.db)
    return rows.map((row) => row.id)
  }

  async function walk(filter: CreditFilter, perPage: number, first: CreditPageStart = { page: 1 }) {
    const ids: string[] = []
    let pages = 0
    for (let start: CreditPageStart | null = first; start; pages++) {
      const read = await readCreditPage(live, filter, start, perPage)
      ids.push(...read.rows.map((row) => row.id))
      start = read.next ? { after: read.next } : null
    }
    return { ids, pages }
  }

  it('walks every record exactly once, in order, by cursor from the first page to the last', async () => {
    const reference = await everyId()
    const { ids, pages } = await walk({}, 500)
    expect(ids).toHaveLength(held)
    expect(new Set(ids).size).toBe(held)
    expect(ids).toEqual(reference)
    expect(pages).toBe(Math.ceil(held / 500))
  })

  it('walks a filtered list the same way, undated records last', async () => {
    const reference = await everyId(sql`upper(project_key) = 'VCS1' and kind = 'retirement'`)
    const { ids } = await walk({ project: 'vcs1', kind: 'retirement' }, 97)
    expect(ids).toEqual(reference)
    const dated = await everyId(sql`upper(project_key) = 'VCS1' and kind = 'retirement' and date is not null`)
    expect(ids.slice(0, dated.length)).toEqual(dated)
  })

  it('filters by day as the days say, from, to or both, undated records left out, and counts the same', async () => {
    const cases: [CreditFilter, ReturnType<typeof sql>][] = [
      [{ from: '2025-06-01' }, sql`date >= '2025-06-01'`],
      [{ to: '2025-03-10' }, sql`date <= '2025-03-10'`],
      [{ from: '2025-02-01', to: '2025-02-28', kind: 'retirement' }, sql`date between '2025-02-01' and '2025-02-28' and kind = 'retirement'`],
      [{ project: 'VCS2', to: '2025-12-31' }, sql`upper(project_key) = 'VCS2' and date <= '2025-12-31'`],
    ]
    for (const [filter, where] of cases) {
      const reference = await everyId(where)
      expect(reference.length).toBeGreaterThan(0)
      expect((await walk(filter, 499)).ids).toEqual(reference)
      expect((await countCredits(live, filter, held + 1)).total).toBe(reference.length)
    }
  })

  it('walks back with `before` through the same pages', async () => {
    const forward: string[][] = []
    let last: CreditPageStart = { page: 1 }
    for (let start: CreditPageStart | null = { page: 1 }; start; ) {
      const read = await readCreditPage(live, { registry: 'VCS' }, start, 1000)
      forward.push(read.rows.map((row) => row.id))
      last = start
      start = read.next ? { after: read.next } : null
    }
    const backward: string[][] = []
    let read = await readCreditPage(live, { registry: 'VCS' }, last, 1000)
    backward.unshift(read.rows.map((row) => row.id))
    while (read.previous) {
      read = await readCreditPage(live, { registry: 'VCS' }, { before: read.previous }, 1000)
      backward.unshift(read.rows.map((row) => row.id))
    }
    expect(backward).toEqual(forward)
    expect(read.previous).toBeNull()
  })

  it('answers a page near the end by cursor with the records right after the cursor, and both ways on', async () => {
    const reference = await everyId()
    const deep = reference[held - 120]
    const [at] = (await sql<{ day: string | null }>`select to_char(date, 'YYYY-MM-DD') as day from live.credits where id = ${deep}`.execute(database.db)).rows
    const read = await readCreditPage(live, {}, { after: { day: at.day, id: deep } }, 50)
    expect(read.rows.map((row) => row.id)).toEqual(reference.slice(held - 119, held - 69))
    expect(read.previous).toEqual({ day: read.rows[0].position_day, id: reference[held - 119] })
    expect(read.next?.id).toBe(reference[held - 70])
  })

  it('answers numbered pages among the first 10,000 records and refuses a deeper one, naming the 10,000th record to read on after', async () => {
    const reference = await everyId()
    const last = await readCreditPage(live, {}, { page: numberedRecordsDepth / 50 }, 50)
    expect(last.rows.map((row) => row.id)).toEqual(reference.slice(numberedRecordsDepth - 50, numberedRecordsDepth))
    const refused = await readCreditPage(live, {}, { page: 1900 }, 500).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(CreditPageTooDeep)
    const resume = (refused as CreditPageTooDeep).resume!
    expect(resume.id).toBe(reference[numberedRecordsDepth - 1])
    const onward = await readCreditPage(live, {}, { after: resume }, 50)
    expect(onward.rows.map((row) => row.id)).toEqual(reference.slice(numberedRecordsDepth, numberedRecordsDepth + 50))
    await expect(readCreditPage(live, {}, { page: numberedRecordsDepth / 50 + 1 }, 50)).rejects.toBeInstanceOf(CreditPageTooDeep)
  })

  it('counts exactly up to the bound, with the credits summed, and estimates past it, summing nothing', async () => {
    const exact = await countCredits(live, { project: 'VCS2', vintage: 2016 }, numberedRecordsDepth)
    const { rows } = await sql<{ n: string; q: number }>`select count(*) as n, sum(quantity) as q from live.credits where project_key = 'VCS2' and vintage = 2016`.execute(database.db)
    const byKind = await sql<{ kind: string; q: number }>`select kind, sum(quantity) as q from live.credits where project_key = 'VCS2' and vintage = 2016 group by kind`.execute(database.db)
    const sumByKind = { issuance: 0, retirement: 0, cancellation: 0, retirement_or_cancellation: 0, ...Object.fromEntries(byKind.rows.map((row) => [row.kind, Number(row.q)])) }
    expect(exact).toEqual({ total: Number(rows[0].n), estimated: false, sumQuantity: Number(rows[0].q), sumByKind, sumIntoBufferPool: 0 })
    const estimated = await countCredits(live, {}, numberedRecordsDepth)
    expect(estimated.estimated).toBe(true)
    expect(estimated.sumQuantity).toBeNull()
    expect(estimated.sumByKind).toBeNull()
    expect(estimated.sumIntoBufferPool).toBeNull()
    expect(estimated.total).toBeGreaterThan(numberedRecordsDepth)
    // The planner's figure, from the statistics `analyze` took: near the truth, not a count.
    expect(Math.abs(estimated.total - held)).toBeLessThan(held * 0.2)
  })
})

describe('GET /api/credits by cursor', () => {
  let server: ApiServer
  /** Four hundred blocks, each an issuance (all on one day: ties) and most a retirement, over some 60 days. */
  const blocks: RetiredBlock[] = Array.from({ length: 400 }, (_, i) => ({
    beneficiary: i % 3 === 0 ? 'Acme Corporation' : `Company ${i % 17}`,
    quantity: 10 + (i % 90),
    retired: i % 9 === 0 ? '' : `2025-${String(1 + (i % 6)).padStart(2, '0')}-${String(1 + (i % 10)).padStart(2, '0')}`,
  }))

  beforeAll(async () => {
    server = await startApiServer({ projects: 20, env: { CREDENCE_LIVE_DATA: 'synthetic', CREDENCE_RUN_STEP_MS: '0' } })
    const run = await importFiles(server.url, 'src_verra', [['transactions.csv', retirementsExport('1507', blocks)]])
    expect(run.error).toBeNull()
  }, 180_000)
  afterAll(() => server?.stop())

  const list = async (query: string) => {
    const answer = await call(server.url, `/api/credits?${query}`)
    expect(answer.status, answer.text).toBe(200)
    return creditPage.parse(answer.body)
  }
  const refusal = async (query: string) => {
    const answer = await call(server.url, `/api/credits?${query}`)
    expect(answer.status, answer.text).toBe(400)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    return problem.parse(answer.body)
  }

  it('gives the same records by cursor as by numbered pages, each once, and says where the list ends', async () => {
    const numbered: string[] = []
    const first = await list('per_page=60')
    expect(first).toMatchObject({ page: 1, total_estimated: false, previous_before: null, has_more: true })
    for (let page = 1; page <= Math.ceil(first.total / 60); page++) numbered.push(...(await list(`per_page=60&page=${page}`)).data.map((r) => r.id))
    const walked: string[] = []
    let answer: CreditPage = first
    for (;;) {
      walked.push(...answer.data.map((r) => r.id))
      if (!answer.next_after) break
      expect(answer.has_more).toBe(true)
      answer = await list(`per_page=60&after=${answer.next_after}`)
      expect(answer.page).toBeNull()
    }
    expect(answer.has_more).toBe(false)
    expect(walked).toEqual(numbered)
    expect(new Set(walked).size).toBe(first.total)
    expect(walked).toHaveLength(first.total)
  })

  it('keeps every filter with the cursor, and refuses a cursor given for other filters', async () => {
    const all = (await list('beneficiary=acme&vintage=2020&per_page=500')).data.map((r) => r.id)
    expect(all.length).toBeGreaterThan(40)
    const acme = await list('beneficiary=acme&vintage=2020&per_page=20')
    const second = await list(`beneficiary=acme&vintage=2020&per_page=20&after=${acme.next_after}`)
    expect(second.data.map((r) => r.id)).toEqual(all.slice(20, 40))
    expect(second.previous_before).not.toBeNull()
    const back = await list(`beneficiary=acme&vintage=2020&per_page=20&before=${second.previous_before}`)
    expect(back.data.map((r) => r.id)).toEqual(acme.data.map((r) => r.id))
    const foreign = await refusal(`beneficiary=acme&per_page=20&after=${acme.next_after}`)
    expect(foreign.errors).toEqual([{ path: 'after', message: expect.stringContaining('another list or other filters') }])
  })

  it('refuses a numbered page past the first 10,000 records with a problem naming the cursor to read on with', async () => {
    const refused = await refusal('page=1900&per_page=500')
    expect(refused.type).toBe('https://credence.example/problems/page-too-deep')
    expect(refused.after).toEqual(expect.any(String))
    expect(refused.detail).toContain(`after=${refused.after}`)
    expect(refused.detail).toContain('Page 1,900, at 500 records a page, begins at record 949,501')
    // The store holds fewer: the cursor follows its oldest record, so reading on finds the end.
    expect(await list(`per_page=500&after=${refused.after}`)).toMatchObject({ data: [], has_more: false, next_after: null })
    expect((await list('page=200&per_page=50')).page).toBe(200)
    await refusal('page=201&per_page=50')
  })

  it('answers a cursor that is not one it gave with a 400 naming the parameter, never a 5xx', async () => {
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const { next_after: real } = await list('per_page=5')
    const scope = (JSON.parse(Buffer.from(real!, 'base64url').toString()) as string[])[0]
    const bad = [
      'x',
      'not a cursor!',
      cursorOf('plain'),
      cursorOf([scope]),
      cursorOf([scope, '2026-02-30', 'VCS:r:1']),
      cursorOf([scope, '0000-01-01', 'VCS:r:1']),
      cursorOf([scope, 20260101, 'VCS:r:1']),
      cursorOf([scope, null, '']),
      cursorOf([scope, null, 'x'.repeat(1001)]),
      `${real}%00`,
      'A'.repeat(2001),
    ]
    for (const cursor of bad) {
      for (const parameter of ['after', 'before']) {
        const refused = await refusal(`per_page=5&${parameter}=${encodeURIComponent(cursor)}`)
        expect(refused.errors?.[0]?.path, cursor).toBe(parameter)
      }
    }
    const both = await refusal(`page=2&after=${real}`)
    expect(both.errors?.map((e) => e.path)).toEqual(['page', 'after'])
    // A well-formed position this list never gave still only says where to start.
    expect((await list(`per_page=5&after=${cursorOf([scope, null, 'zzz'])}`)).data).toEqual([])
  })
})
