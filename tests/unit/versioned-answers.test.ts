import { describe, expect, it } from 'vitest'
import { DatasetVersions } from '../../src/server/db/versions/dataset-versions'
import { heldBytes } from '../../src/server/db/versions/held-bytes'
import { VersionedAnswers } from '../../src/server/db/versions/versioned-answers'

const mib = 1024 * 1024

/** A question asked again within a dataset version is answered from memory; a new version asks the store again. */
describe('versioned answers', () => {
  const counting = () => {
    let asked = 0
    return { ask: <T>(answer: T) => async () => (asked++, answer), asked: () => asked }
  }

  it('asks once per question and version, and again once a run moved the version on', async () => {
    const versions = new DatasetVersions()
    const answers = new VersionedAnswers(versions, mib)
    const store = counting()
    await Promise.all([answers.read('live', 'q', store.ask('answer')), answers.read('live', 'q', store.ask('answer'))])
    expect(store.asked()).toBe(1)
    await answers.read('live', 'q', store.ask('answer'))
    expect(store.asked()).toBe(1)
    await answers.read('sandbox', 'q', store.ask('answer'))
    expect(store.asked()).toBe(2)
    versions.observe('live', 1)
    expect(await answers.read('live', 'q', store.ask('newer'))).toBe('newer')
    expect(store.asked()).toBe(3)
  })

  it('asks again what failed or found nothing', async () => {
    const answers = new VersionedAnswers(new DatasetVersions(), mib)
    const store = counting()
    await expect(answers.read('live', 'broken', async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await answers.read('live', 'broken', store.ask('answer'))).toBe('answer')
    await answers.read('live', 'missing', store.ask(null))
    await answers.read('live', 'missing', store.ask(null))
    expect(store.asked()).toBe(3)
  })

  it('keeps answers within its byte budget, forgetting the least recently asked first', async () => {
    const answers = new VersionedAnswers(new DatasetVersions(), 10 * mib)
    const store = counting()
    // Each answer counts for about 2 MiB (two bytes a character): four fit in 10 MiB, five do not.
    const page = (name: string) => store.ask({ name, text: name.repeat(mib) })
    for (const name of ['a', 'b', 'c', 'd']) await answers.read('live', name, page(name))
    expect(answers.keptBytes).toBeGreaterThan(8 * mib)
    await answers.read('live', 'a', page('a'))
    expect(store.asked()).toBe(4)
    await answers.read('live', 'e', page('e'))
    expect(answers.keptBytes).toBeLessThanOrEqual(10 * mib)
    // 'b' was the least recently asked ('a' was asked again), so it went to make room for 'e'.
    await answers.read('live', 'b', page('b'))
    expect(store.asked()).toBe(6)
    await answers.read('live', 'a', page('a'))
    await answers.read('live', 'e', page('e'))
    expect(store.asked()).toBe(6)
  })

  it('sends an answer larger than it may keep, keeping none of it and pushing nothing out', async () => {
    const answers = new VersionedAnswers(new DatasetVersions(), 10 * mib)
    const store = counting()
    await answers.read('live', 'small', store.ask({ text: 'x'.repeat(1000) }))
    const kept = answers.keptBytes
    const huge = { text: 'y'.repeat(6 * mib) }
    expect(await answers.read('live', 'huge', store.ask(huge))).toBe(huge)
    expect(answers.keptBytes).toBe(kept)
    expect(await answers.read('live', 'huge', store.ask(huge))).toBe(huge)
    expect(store.asked()).toBe(3)
    await answers.read('live', 'small', store.ask({ text: 'x'.repeat(1000) }))
    expect(store.asked()).toBe(3)
  })
})

describe('held bytes', () => {
  it('counts two bytes a character, a header per object and a slot per property, and each object once', () => {
    expect(heldBytes('a'.repeat(1_000_000))).toBeGreaterThanOrEqual(2_000_000)
    const record = { beneficiary: 'b'.repeat(500_000), quantity: 12, labels: ['x'], raw: { field: 'c'.repeat(500_000) } }
    expect(heldBytes(record)).toBeGreaterThanOrEqual(2_000_000)
    expect(heldBytes(record)).toBeLessThan(2_001_000)
    expect(heldBytes([record, record])).toBe(heldBytes([record]) + 8)
    const cycle: { self?: unknown } = {}
    cycle.self = cycle
    expect(heldBytes(cycle)).toBeGreaterThan(0)
    expect(heldBytes(new Float64Array(1000))).toBeGreaterThanOrEqual(8000)
  })
})
