import { useQueryClient } from '@tanstack/react-query'
import type { ProjectFilters } from '../../../api/contract/projects'
import { CsvExport } from '../../../components/csv-export'
import { exportPageSize, fetchAllProjects } from '../api/fetch-all-projects'
import { projectsToCsv } from '../lib/project-csv'

/** Every project the filters select, as CSV. */
export function ExportProjects({ filters, sort, total }: { filters: ProjectFilters; sort: string; total: number }) {
  const queryClient = useQueryClient()
  return (
    <CsvExport
      noun="projects"
      total={total}
      pageSize={exportPageSize}
      fileName="credence-projects"
      collect={async (options) => {
        const projects = await fetchAllProjects(queryClient, filters, sort, options)
        return { csv: projectsToCsv(projects), count: projects.length }
      }}
    />
  )
}
