import { Link } from 'react-router-dom'
import type { Beneficiary } from '../../../api/contract/beneficiaries'
import { registryNames } from '../../../api/project-labels'
import { formatNumber } from '../../../lib/format'
import type { BeneficiaryLinks } from '../lib/links'
import { ScrollingTable } from '../../../components/scrolling-table'

/** Credits retired for the beneficiary per project and its registry, each project linked, largest first. */
export function RetiredPerProject({ beneficiary, links }: { beneficiary: Beneficiary; links: BeneficiaryLinks }) {
  if (beneficiary.by_project.length === 0) return null
  return (
    <section className="card" aria-labelledby="retired-per-project-title">
      <h2 id="retired-per-project-title">Per project</h2>
      <ScrollingTable label="Per project, scrollable">
        <table>
          <caption className="visually-hidden">Credits retired for {beneficiary.name} per project and registry, largest first</caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Registry</th>
              <th scope="col" className="numeric">
                Credits (tCO2e)
              </th>
              <th scope="col" className="numeric">
                Records
              </th>
            </tr>
          </thead>
          <tbody>
            {beneficiary.by_project.map((project) => (
              <tr key={`${project.registry}:${project.project_key}`}>
                <th scope="row">
                  <Link to={links.project(project.project_key)}>{project.project_key}</Link>
                  {project.project_name && <span className="beneficiary-project-name"> {project.project_name}</span>}
                </th>
                <td>{registryNames[project.registry]}</td>
                <td className="numeric">{formatNumber(project.quantity, 3)}</td>
                <td className="numeric">{formatNumber(project.records)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
    </section>
  )
}
