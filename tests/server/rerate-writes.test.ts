import { describe, expect, it } from 'vitest'
import { qualitySignalsOfProjects } from '../../src/server/db/queries/quality-signals'
import { allProjects } from '../../src/server/db/queries/rating-reads'
import { scoped } from '../../src/server/db/queries/scoped'
import { changedRatings } from '../../src/server/quality/changed-ratings'
import { applyRatings, planRatings } from '../../src/server/quality/rerate'
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
