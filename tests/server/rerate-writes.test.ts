import { describe, expect, it } from 'vitest'
import { qualitySignalsOfProjects } from '../../src/server/db/queries/quality-signals'
import { allProjects } from '../../src/server/db/queries/rating-reads'
import { scoped } from '../../src/server/db/queries/scoped'
import { changedRatings } from '../../src/server/quality/changed-ratings'
import { applyRatings, planRatings } from '../../src/server/quality/rerate'
import { rerateOlderRatings } from '../../src/server/quality/stored-ratings'
import { sql } from 'kysely'
import { generateDataset } from '../../src/server/seeding/generator'
import { seedDataset } from '../../src/server/seeding/seed'
import { memoryStore } from '../support/memory-store'

/**
 * A re-rate writes only the projects whose rating reads otherwise than the store holds: its transaction holds the
 * embedded store, and rewriting every signal held it for seconds. What it leaves stored is what writing every
 * project would have left.
 */
const store = memoryStore()
const db = () => scoped(store().db, 'live')
const ratedAt = new Date('2026-03-01T00:00:00Z')

/** Every stored signal and composite, as a re-rate leaves them, in one order. */
async function stored() {
  const projects = await allProjects(db())
  const signals = await qualitySignalsOfProjects(db(), projects.map((p) => p.id))
  return {
    scores: projects.map((p) => [p.id, p.quality_score, p.quality_grade]).sort(),
    signals: signals.map((s) => JSON.stringify([s.project_id, s.signal, s.value, s.source, s.as_of, s.evidence, s.facts, s.citations])).sort(),
  }
}

describe("a re-rate's writes", () => {
  it('are none where nothing changed, the tampered projects alone where some did, and every project where the date moved', async () => {
    await seedDataset(store().db, 'live', generateDataset({ projects: 40, seed: 7, now: ratedAt }))
    const projects = await allProjects(db())
    await applyRatings(db(), await planRatings(db(), projects, ratedAt))
    const rated = await stored()

    // Rated again from the same facts on the same date: nothing reads otherwise, so nothing is written.
    const again = await planRatings(db(), await allProjects(db()), ratedAt)
    expect(again.signals.length).toBeGreaterThan(40 * 5)
    expect((await changedRatings(db(), await allProjects(db()), again)).projectIds).toEqual([])

    // One project's evidence and another's composite moved in the store (as an older rule's would read): those two
    // are written, whole, and the store reads as a re-rate of every project leaves it.
    const [first, second] = projects
    await db().updateTable('quality_signals').set({ evidence: 'An older reading.' }).where('project_id', '=', first.id).where('signal', '=', 'permanence').execute()
    await db().updateTable('projects').set({ quality_score: 1, quality_grade: 'AAA' }).where('id', '=', second.id).execute()
    const before = await allProjects(db())
    const plan = await planRatings(db(), before, ratedAt)
    const changed = await changedRatings(db(), before, plan)
    expect(changed.projectIds.sort()).toEqual([first.id, second.id].sort())
    expect(new Set(changed.signals.map((s) => s.project_id))).toEqual(new Set([first.id, second.id]))
    await applyRatings(db(), changed)
    expect(await stored()).toEqual(rated)

    // Rated on another date, every signal reads otherwise: every project is written.
    const later = await planRatings(db(), await allProjects(db()), new Date('2026-04-01T00:00:00Z'))
    expect((await changedRatings(db(), await allProjects(db()), later)).projectIds.length).toBe(40)
  })
})

describe('a re-rate at start, by newer rules', () => {
  it("dates each project's signals by the newest facts a dataset or registry brought of it, not by the start", async () => {
    const data = db()
    // Berkeley's projects, as a store of its file holds them: real, each covered by the sources of its facts.
    await data.updateTable('projects').set({ synthetic: false }).execute()
    const facts = await data.selectFrom('sources').select(['id', 'kind']).where('kind', 'in', ['dataset', 'registry']).execute()
    expect(facts.length).toBeGreaterThan(1)
    const [older, newer] = facts
    const projects = await allProjects(data)
    const [covered, coveredTwice] = projects
    await data.deleteFrom('coverage').where('project_id', 'in', [covered.id, coveredTwice.id]).execute()
    await data
      .insertInto('coverage')
      .values([
        { project_id: covered.id, source_id: older.id, last_success_at: '2025-12-31T00:00:00Z' },
        { project_id: coveredTwice.id, source_id: older.id, last_success_at: '2025-12-31T00:00:00Z' },
        { project_id: coveredTwice.id, source_id: newer.id, last_success_at: '2026-04-02T00:00:00Z' },
      ])
      .execute()
    // As a store rated by an older version of the rules would be.
    await sql`update live.meta set value = 'credence-rating/2' where key = 'rating_version'`.execute(store().db)
    const start = new Date('2026-11-27T09:00:00Z')
    expect(await rerateOlderRatings(store().db, 'live', start)).not.toBeNull()
    const dates = async (id: string) => new Set((await qualitySignalsOfProjects(data, [id])).map((s) => new Date(s.as_of).toISOString()))
    expect(await dates(covered.id)).toEqual(new Set(['2025-12-31T00:00:00.000Z']))
    expect(await dates(coveredTwice.id)).toEqual(new Set(['2026-04-02T00:00:00.000Z']))
  })
})
