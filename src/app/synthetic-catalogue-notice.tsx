import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { Catalogue } from '../api/contract/catalogue'
import { catalogueQueries } from '../api/queries/catalogue'
import { formatNumber } from '../lib/format'
import { paths } from './paths'

/**
 * On every view of a catalogue that holds generated projects: they look like registry records (real-looking
 * keys, names, figures) and are not, so the reader is told, and told how to bring in the real data instead.
 */
export function SyntheticCatalogueNotice() {
  const { data } = useQuery(catalogueQueries.summary())
  if (!data || data.synthetic_projects === 0) return null
  return (
    <section className="alert alert-warning synthetic-notice" aria-label="Synthetic catalogue">
      <p className="alert-title">{headline(data)}</p>
      <p>
        {data.dataset === 'sandbox'
          ? 'The sandbox key sees a fixed, generated catalogue, so evaluations can be repeated; its keys, names and figures look real but describe no real project. '
          : 'Their keys, names and figures look like a registry’s but describe no real project. '}
        To work with real projects, import Berkeley’s Voluntary Registry Offsets Database
        {data.dataset === 'sandbox' ? ' with an access token' : ''}: on the <Link to={paths.sources()}>Sources page</Link>,
        or from a terminal with <code>npm run import -- &lt;file&gt;</code>.
      </p>
    </section>
  )
}

function headline({ projects, synthetic_projects: synthetic }: Catalogue) {
  if (synthetic === projects) return `The ${formatNumber(projects)} projects here are generated, not real registry records`
  return `${formatNumber(synthetic)} of the ${formatNumber(projects)} projects here are generated, not real registry records`
}
