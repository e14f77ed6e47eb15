import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, type ComponentType } from 'react'
import type { Catalogue } from '../api/contract/catalogue'
import { catalogueQueries } from '../api/queries/catalogue'

/**
 * Its words come with the first catalogue that holds generated projects: every route's first load carries this
 * frame, and a catalogue of real projects, as deployed, never shows them (the home route's JavaScript is at its
 * budget). The frame is outside the routes' error boundary: a chunk that fails to load (a build replaced under an
 * open tab) leaves the notice out rather than the page blank.
 */
const SyntheticCatalogueText = lazy<ComponentType<{ catalogue: Catalogue }>>(() => import('./synthetic-catalogue-text').catch(() => ({ default: () => null })))

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
