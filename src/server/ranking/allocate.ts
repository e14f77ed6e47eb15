/**
 * Splits a budget across ranked projects in whole tonnes, in integer cents so the total can never exceed the
 * budget: first in proportion to score, then what is left goes down the ranking while credits remain.
 */
export interface AllocationInput {
  score: number
  priceCents: number
  remaining: number
}

export function allocateBudget(budgetUsd: number, items: AllocationInput[]): { tonnes: number; costCents: number }[] {
  const budgetCents = Math.floor(budgetUsd * 100)
  const totalScore = items.reduce((sum, item) => sum + item.score, 0)
  const tonnes = items.map((item) => {
    const share = totalScore > 0 ? (budgetCents * item.score) / totalScore : budgetCents / items.length
    return Math.min(Math.floor(share / item.priceCents), item.remaining)
  })
  let left = budgetCents - tonnes.reduce((sum, t, i) => sum + t * items[i].priceCents, 0)
  for (let i = 0; i < items.length && left > 0; i++) {
    const extra = Math.min(Math.floor(left / items[i].priceCents), items[i].remaining - tonnes[i])
    if (extra <= 0) continue
    tonnes[i] += extra
    left -= extra * items[i].priceCents
  }
  return tonnes.map((t, i) => ({ tonnes: t, costCents: t * items[i].priceCents }))
}
