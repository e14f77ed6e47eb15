import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { coverageQueries } from '../../../api/queries/coverage'
import { matrixQuery, type CoverageSearch } from '../lib/coverage-search'
import { buildHeatmapModel } from '../lib/heatmap-model'

/**
 * The whole matrix under the view's filters, classified for drawing. While other filters load, the previous
 * map stays on screen (marked as updating) instead of blinking to a skeleton.
 */
export function useCoverageMatrix(search: CoverageSearch) {
  const matrix = useQuery({ ...coverageQueries.matrix(matrixQuery(search)), placeholderData: keepPreviousData })
  const model = useMemo(() => (matrix.data ? buildHeatmapModel(matrix.data) : null), [matrix.data])
  return { matrix, model }
}
