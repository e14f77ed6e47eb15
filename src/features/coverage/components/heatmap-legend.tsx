import { freshnessNames } from '../../../api/project-labels'
import { shadeNames, veryStaleCadences } from '../lib/heatmap-model'

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)

const entries = [
  ['fresh', freshnessNames.fresh, 'updated within half its cadence'],
  ['due-soon', capitalised(shadeNames.dueSoon), 'fresh, more than half its cadence ago'],
  ['stale', freshnessNames.stale, 'past its cadence'],
  // A shade of stale, as "Due soon" is of fresh: the summary table, the sources' badges and the API count it stale.
  ['very-stale', capitalised(shadeNames.longOverdue), `stale, more than ${veryStaleCadences}× its cadence ago`],
  ['missing', freshnessNames.missing, 'no run of the source has covered it yet'],
  ['not-applicable', 'Not applicable', "the source does not cover the project's registry"],
  ['selected', 'Selected', 'cells chosen for a run'],
] as const

/** What each colour of the heatmap means; the swatches use the very colours the canvas reads. */
export function HeatmapLegend() {
  return (
    <div className="heatmap-legend">
      <h2 className="visually-hidden">Legend</h2>
      <ul>
        {entries.map(([id, label, detail]) => (
          <li key={id}>
            <span className={`heatmap-swatch heatmap-swatch-${id}`} aria-hidden="true" />
            <span>
              <strong>{label}</strong> <span className="muted">{detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
