import type { Source } from '../../../api/contract/sources'
import { DataAttribution } from '../../../components/data-attribution'

/** A source's name with what is true of it on this machine (simulated, not connected), and its data's credit. */
export function SourceNameCell({ source }: { source: Source }) {
  return (
    <>
      <span className="catalog-name">
        {source.name}
        {source.simulated && <span className="badge state-badge state-badge-simulated">Simulated</span>}
        {!source.connected && <span className="badge state-badge state-badge-neutral">Not connected</span>}
      </span>
      <span className="catalog-description muted">{source.description}</span>
      {source.attribution && <DataAttribution attribution={source.attribution} />}
    </>
  )
}
