import { useQuery, useQueryClient } from '@tanstack/react-query'
import { catalogueQueries } from '../../../api/queries/catalogue'
import type { ProjectFilters } from '../../../api/contract/projects'
import { CsvExport } from '../../../components/csv-export'
import { exportPageSize, fetchAllProjects } from '../api/fetch-all-projects'
import { projectsToCsv } from '../lib/project-csv'

/** Every project the filters select, as CSV. */
export function ExportProjects({ filters, sort, total }: { filters: ProjectFilters; sort: string; total: number }) {
  const queryClient = useQueryClient()
  const attribution = useQuery(catalogueQueries.summary()).data?.attribution ?? null
  return (
    <CsvExport
      noun="projects"
      total={total}
      pageSize={exportPageSize}
      fileName="credence-projects"
      collect={async (options) => {
        const projects = await fetchAllProjects(queryClient, filters, sort, options)
        return { csv: projectsToCsv(projects, attribution), count: projects.length }
      }}
    />
  )
}
