import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { catalogueQueries } from '../api/queries/catalogue'

/**
 * Its words come with the first catalogue that holds generated projects: every route's first load carries this
 * frame, and a catalogue of real projects, as deployed, never shows them (the home route's JavaScript is at its
 * budget).
 */
const SyntheticCatalogueText = lazy(() => import('./synthetic-catalogue-text'))

/**
 * On every view of a catalogue that holds generated projects: they look like registry records (real-looking
 * keys, names, figures) and are not, so the reader is told, and told how to bring in the real data instead.
 */
export function SyntheticCatalogueNotice() {
  const { data } = useQuery(catalogueQueries.summary())
  if (!data || data.synthetic_projects === 0) return null
  return (
    <Suspense fallback={null}>
      <SyntheticCatalogueText catalogue={data} />
    </Suspense>
  )
}
