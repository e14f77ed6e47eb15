import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ProjectFilters } from '../../../api/contract/projects'
import { projectQueries } from '../../../api/queries/projects'
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart'
import { formatNumber } from '../../../lib/format'
import { creditSeries } from '../../../api/credit-series'

/**
 * Credits issued and retired per year over every project the filters leave, not just the page shown: the
 * market's volume for the slice an analyst is looking at. Folded by default so the table stays where it was.
 */
export function FilteredCreditTotals({ filters }: { filters: ProjectFilters }) {
  // The previous totals stay while the next load, as the table's rows do.
  const totals = useQuery({ ...projectQueries.creditHistory(filters), placeholderData: keepPreviousData })
  if (!totals.data) return null
  const { years, series } = creditSeries(totals.data.years, 'transaction')
  const projects = totals.data.projects
  // Its basis in its one line: ACR1129's row counted 28,993 retired of 2026 from the ACR export, and this chart,
  // folded above it, showed no 2026 with its reason only once opened.
  const summary = `Credits per year, ${formatNumber(projects)} ${projects === 1 ? 'project' : 'projects'}: the catalogue's yearly figures, not registries' exports`
  return (
    <details className="card filtered-credit-totals" aria-busy={totals.isPlaceholderData}>
      <summary>{summary}</summary>
      <GroupedBarChart
        title={`Credits issued and retired per year, over the ${formatNumber(projects)} ${projects === 1 ? 'project' : 'projects'} these filters leave`}
        categoryLabel="Year"
        categories={years}
        series={series}
        height={180}
        // Isometric's and Cercarbono's projects have records but no yearly figures: "generated projects carry no
        // yearly history" was said of them too.
        emptyText="None of these projects has yearly figures in the catalogue: Berkeley's release gives none of them (a registry's own listing, or a generated project). Their registries' records are on the Credits page and on each project's page."
      />
      {/* Gold Standard's records of March and April 2026 were on Credits and on their projects' pages, and this chart
          stopped at 2025 without saying why. */}
      <p className="muted">
        Summed from each project&apos;s yearly figures in the catalogue, as Berkeley&apos;s release or the generator gives
        them. The records of registries&apos; exports are not in them: the Credits page counts those.
      </p>
    </details>
  )
}
