import { useParams } from 'react-router-dom'
import { ProjectPage } from '../../features/projects/components/project-page'
import { paths } from '../paths'

export default function ProjectRoute() {
  const { id = '' } = useParams()
  // Keyed by the ID, so going from one project to another starts the page afresh.
  return <ProjectPage key={id} idOrKey={id} browserHref={paths.projects()} links={paths} />
}
