import type { DatasetVersions } from './dataset-versions'
import type { Dataset } from '../schema'

/**
 * Answers read from a dataset, by question, kept until the dataset's version moves on (a run applied changes):
 * what a store holds changes only then, so the same question asked again, by a colleague opening a shared link or
 * the next page of the same filter, is not asked of a store that answers one question at a time. The most
 * recently asked are kept, `size` of them; an answer that failed, or said nothing was found, is asked again.
 */
export class VersionedAnswers<T> {
  private readonly kept = new Map<string, Promise<T>>()
  constructor(
    private readonly versions: DatasetVersions,
    private readonly size: number,
  ) {}

  read(dataset: Dataset, question: string, ask: () => Promise<T>): Promise<T> {
    const key = `${dataset}:${this.versions.get(dataset)}:${question}`
    const hit = this.kept.get(key)
    if (hit) {
      // Asked again: moved to the newest end, so the least recently asked goes first.
      this.kept.delete(key)
      this.kept.set(key, hit)
      return hit
    }
    const value = ask()
    this.kept.set(key, value)
    const forget = () => this.kept.get(key) === value && this.kept.delete(key)
    value.then((answer) => (answer === null || answer === undefined) && forget(), forget)
    if (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value!)
    return value
  }
}
