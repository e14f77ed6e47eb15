import { describe, expect, it } from 'vitest'
import { DatasetVersions } from '../../src/server/db/versions/dataset-versions'
import { VersionedAnswers } from '../../src/server/db/versions/versioned-answers'

/** A question asked again within a dataset version is answered from memory; a new version asks the store again. */
describe('versioned answers', () => {
  const counting = () => {
    let asked = 0
    return { ask: (answer: string | null = 'answer') => async () => (asked++, answer), asked: () => asked }
  }

  it('asks once per question and version, and again once a run moved the version on', async () => {
    const versions = new DatasetVersions()
    const answers = new VersionedAnswers<string | null>(versions, 10)
    const store = counting()
    await Promise.all([answers.read('live', 'q', store.ask()), answers.read('live', 'q', store.ask())])
    expect(store.asked()).toBe(1)
    await answers.read('sandbox', 'q', store.ask())
    expect(store.asked()).toBe(2)
    versions.observe('live', 1)
    expect(await answers.read('live', 'q', store.ask('newer'))).toBe('newer')
    expect(store.asked()).toBe(3)
  })

  it('asks again what failed or found nothing, and forgets the least recently asked past its size', async () => {
    const versions = new DatasetVersions()
    const answers = new VersionedAnswers<string | null>(versions, 2)
    const store = counting()
    await expect(answers.read('live', 'broken', async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await answers.read('live', 'broken', store.ask())).toBe('answer')
    await answers.read('live', 'missing', store.ask(null))
    await answers.read('live', 'missing', store.ask(null))
    expect(store.asked()).toBe(3)
    await answers.read('live', 'a', store.ask())
    await answers.read('live', 'broken', store.ask())
    await answers.read('live', 'b', store.ask())
    expect(store.asked()).toBe(5)
    await answers.read('live', 'broken', store.ask())
    expect(store.asked()).toBe(5)
    await answers.read('live', 'a', store.ask())
    expect(store.asked()).toBe(6)
  })
})
