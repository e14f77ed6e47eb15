import { useQueries } from '@tanstack/react-query'
import { projectQueries } from '../../../api/queries/projects'
import { spotPriceQueries } from '../../../api/queries/spot-prices'

/**
 * One detail query per compared key, in the same cache the project page reads (so a project opened from the
 * comparison shows at once), and each key's spot price from the batched per-key cache: one price request for
 * the whole comparison.
 */
export function useComparedProjects(keys: readonly string[]) {
  const details = useQueries({ queries: keys.map((key) => projectQueries.detail(key)) })
  const prices = useQueries({ queries: keys.map((key) => spotPriceQueries.byKey(key)) })
  return keys.map((key, index) => ({ key, detail: details[index], price: prices[index] }))
}
