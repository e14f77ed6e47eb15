import { asOfBasisWords } from '../../api/as-of-basis'
import type { Recommendation } from '../../api/contract/recommendations'
import type { ScopedDb } from '../db/queries/scoped'
import { runsThatChanged, sourcesCovering } from '../db/queries/shortlist-reads'

/** A run that brought a source's data, and the files it read. */
export interface PackRun {
  id: string
  finishedAt: Date | null
  /** The date of the data it imported, where it knows one, and where that date came from in words. */
  asOf: Date | null
  datedBy: string | null
  files: string[]
}

/** A source the shortlist's figures rest on. */
export interface PackSource {
  name: string
  kind: string
  /** What the shortlist takes from it, in words: "facts and credits of 8 projects", "prices of 3 projects". */
  gives: string[]
  /** The newest word it gave on the shortlisted projects. */
  asOf: Date | null
  /** Its latest runs that changed the data, newest first; empty where the data was generated or seeded. */
  runs: PackRun[]
}

/** How many runs of each source the pack lists: the newest brought the figures, the ones before show the history. */
const runsPerSource = 5

/** What a source's coverage of a project brings, by the source's kind. */
const coverageWords: Record<string, string> = {
  dataset: 'facts and credits',
  registry: 'credit records',
  rating: 'quality ratings',
  market: 'market data',
}

const projectsWord = (n: number) => `${n} project${n === 1 ? '' : 's'}`

/**
 * Each source the shortlist's figures rest on: the sources covering its projects (their facts, credits and
 * ratings) and the prices' sources (a quote's market, or the reference estimate), with the runs and files behind.
 */
export async function sourcesBehind(db: ScopedDb, recommendation: Recommendation): Promise<PackSource[]> {
  const covering = await sourcesCovering(db, recommendation.items.map((item) => item.project.id))
  const runs = await runsThatChanged(db, covering.map((source) => source.id), runsPerSource)
  const sources = new Map<string, PackSource>(
    covering.map((source) => [
      source.name,
      {
        name: source.name,
        kind: source.kind,
        gives: [`${coverageWords[source.kind] ?? 'data'} of ${projectsWord(source.projects)}`],
        asOf: source.as_of,
        runs: runs
          .filter((run) => run.source_id === source.id)
          .map((run) => ({
            id: run.id,
            finishedAt: run.finished_at,
            asOf: run.as_of,
            datedBy: run.as_of_basis && asOfBasisWords(run.as_of_basis, run.file_id === null ? 0 : Math.max(1, run.files.length)),
            files: run.files,
          })),
      },
    ]),
  )
  const pricesBySource = new Map<string, Recommendation['items'][number]['spot_price'][]>()
  for (const { spot_price: price } of recommendation.items) pricesBySource.set(price.source, [...(pricesBySource.get(price.source) ?? []), price])
  for (const [name, prices] of pricesBySource) {
    const newest = new Date(Math.max(...prices.map((price) => Date.parse(price.as_of))))
    const gives = `prices of ${projectsWord(prices.length)} (${prices[0].basis === 'estimate' ? 'estimates' : 'quotes'})`
    const known = sources.get(name)
    if (known) known.gives.push(gives)
    else sources.set(name, { name, kind: prices[0].basis === 'estimate' ? 'estimate' : 'market', gives: [gives], asOf: newest, runs: [] })
  }
  return [...sources.values()]
}
