import type { Brief, Recommendation, ShortlistItem } from '../../../api/contract/recommendations'

/** Where a project of the refined shortlist stands against the shortlist before it. */
export type RankChange =
  | { kind: 'new' }
  | { kind: 'same'; previousRank: number }
  | { kind: 'up' | 'down'; places: number; previousRank: number }

export interface DroppedProject {
  item: ShortlistItem
}

export interface RefineDiff {
  /** By project key, for every item of the refined shortlist. */
  changes: Map<string, RankChange>
  /** Projects of the previous shortlist that the refined one no longer holds, in their former order. */
  dropped: ShortlistItem[]
  totals: { allocatedUsd: number; tonnes: number; projects: number }
  /** Brief fields whose value changed, by name. */
  briefChanges: (keyof Brief)[]
}

/** Compares a refined shortlist with the previous one, project by project (by key) and in its totals. */
export function refineDiff(current: Recommendation, previous: Recommendation): RefineDiff {
  const previousRanks = new Map(previous.items.map((item) => [item.project.key, item.rank]))
  const currentKeys = new Set(current.items.map((item) => item.project.key))
  const changes = new Map<string, RankChange>()
  for (const item of current.items) {
    const previousRank = previousRanks.get(item.project.key)
    if (previousRank === undefined) changes.set(item.project.key, { kind: 'new' })
    else if (previousRank === item.rank) changes.set(item.project.key, { kind: 'same', previousRank })
    else
      changes.set(item.project.key, {
        kind: item.rank < previousRank ? 'up' : 'down',
        places: Math.abs(previousRank - item.rank),
        previousRank,
      })
  }
  const briefKeys = new Set([...Object.keys(current.brief), ...Object.keys(previous.brief)] as (keyof Brief)[])
  return {
    changes,
    dropped: previous.items.filter((item) => !currentKeys.has(item.project.key)),
    totals: {
      // Cents, so a difference of sums of cents reads as cents, not as 0.30000000000000004.
      allocatedUsd: Math.round((current.totals.allocated_usd - previous.totals.allocated_usd) * 100) / 100,
      tonnes: current.totals.tonnes - previous.totals.tonnes,
      projects: current.items.length - previous.items.length,
    },
    briefChanges: [...briefKeys].filter((key) => JSON.stringify(current.brief[key]) !== JSON.stringify(previous.brief[key])),
  }
}

/** `up 2 places`, `down 1 place`, `new`, `same place`: the change in words, never in colour or arrow alone. */
export function describeRankChange(change: RankChange): string {
  if (change.kind === 'new') return 'new'
  if (change.kind === 'same') return 'same place'
  return `${change.kind} ${change.places} place${change.places === 1 ? '' : 's'}`
}
