import { LRUCache } from 'lru-cache'
import type { DatasetVersions } from './dataset-versions'
import { heldBytes } from './held-bytes'
import type { Dataset } from '../schema'

/**
 * Answers read from a dataset, by question, kept until the dataset's version moves on (a run applied changes):
 * what a store holds changes only then, so the same question asked again, by a colleague opening a shared link or
 * the next page of the same filter, is not asked of a store that answers one question at a time.
 *
 * What is kept is bounded by bytes, not by count: a page of records can be a few kilobytes or, when each record
 * carries a megabyte of text, a hundred megabytes, so a bound by count alone lets any token fill the heap. The most
 * recently asked answers are kept within `budgetBytes` (as `heldBytes` counts them, on the high side); an answer
 * larger than a quarter of the budget is sent but not kept, so one outsized answer cannot push out everyone else's.
 * An answer that failed, or said nothing was found, is asked again. One instance serves every route, each naming
 * its endpoint first in its questions, so they share one budget.
 */
export class VersionedAnswers {
  private readonly kept: LRUCache<string, { answer: NonNullable<unknown>; bytes: number }>
  /** Questions being asked now: a second request for one waits for the same answer rather than asking again. */
  private readonly asking = new Map<string, Promise<unknown>>()
  constructor(
    private readonly versions: DatasetVersions,
    budgetBytes: number,
  ) {
    this.kept = new LRUCache({
      maxSize: budgetBytes,
      maxEntrySize: Math.max(1, Math.floor(budgetBytes / 4)),
      // The key is held too: a question can be a long filter.
      sizeCalculation: (entry, key) => entry.bytes + 2 * key.length,
    })
  }

  read<T>(dataset: Dataset, question: string, ask: () => Promise<T>): Promise<T> {
    const key = `${dataset}:${this.versions.get(dataset)}:${question}`
    const hit = this.kept.get(key)
    if (hit) return Promise.resolve(hit.answer as T)
    const asked = this.asking.get(key)
    if (asked) return asked as Promise<T>
    const value = ask()
    this.asking.set(key, value)
    value.then(
      (answer) => {
        this.asking.delete(key)
        // Too large an answer is refused by the cache itself (maxEntrySize), evicting nothing.
        if (answer !== null && answer !== undefined) this.kept.set(key, { answer, bytes: heldBytes(answer) })
      },
      () => this.asking.delete(key),
    )
    return value
  }

  /** What the kept answers count for, in bytes; never more than the budget. */
  get keptBytes(): number {
    return this.kept.calculatedSize
  }
}
