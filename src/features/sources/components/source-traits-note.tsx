import type { Source } from '../../../api/contract/sources'

/** What the catalog's "Simulated" and "Not connected" mean, said once above it rather than on every row. */
export function SourceTraitsNote({ sources }: { sources: Source[] }) {
  const simulated = sources.some((source) => source.simulated)
  const disconnected = sources.some((source) => !source.connected)
  // What carries a registry that is not connected: an importer that is not itself a registry (Berkeley's database).
  const berkeley = sources.filter((source) => source.accepts_files && source.connected && source.kind === 'dataset')
  if (!simulated && !disconnected) return null
  return (
    <ul className="source-traits-note">
      {simulated && (
        <li>
          <strong>Simulated</strong> sources generate their data on this machine (a generated catalogue's market prices); it
          is not read from a real market, and it never changes the facts imported from a file. A buyer&rsquo;s quotes
          imported through the market source are real, and real projects no one quoted are priced by an open estimate.
        </li>
      )}
      {disconnected && (
        <li>
          <strong>Not connected</strong> sources have no registry to call from here, so they cannot be run; their
          projects come in with {berkeley.length > 0 ? berkeley.map((source) => source.name).join(', ') : 'an imported file'}.
        </li>
      )}
    </ul>
  )
}
