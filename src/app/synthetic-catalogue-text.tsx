import { Link } from 'react-router-dom'
import type { Catalogue } from '../api/contract/catalogue'
import { formatNumber } from '../lib/format'
import { paths } from './paths'

/** The notice's words, loaded only where a catalogue holds generated projects (synthetic-catalogue-notice.tsx). */
export default function SyntheticCatalogueText({ catalogue }: { catalogue: Catalogue }) {
  return (
    <section className="alert alert-warning synthetic-notice" aria-label="Synthetic catalogue">
      <p className="alert-title">{headline(catalogue)}</p>
      <p>
        {catalogue.dataset === 'sandbox'
          ? 'The sandbox key sees a fixed, generated catalogue, so evaluations can be repeated; its keys, names and figures look real but describe no real project. '
          : 'Their keys, names and figures look like a registry’s but describe no real project. '}
        To work with real projects, import Berkeley’s Voluntary Registry Offsets Database
        {catalogue.dataset === 'sandbox' ? ' with an access token' : ''}: on the <Link to={paths.sources()}>Sources page</Link>,
        or from a terminal with <code>npm run import -- &lt;file&gt;</code>.
      </p>
    </section>
  )
}

function headline({ projects, synthetic_projects: synthetic }: Catalogue) {
  if (synthetic === projects) return `The ${formatNumber(projects)} projects here are generated, not real registry records`
  return `${formatNumber(synthetic)} of the ${formatNumber(projects)} projects here are generated, not real registry records`
}
