import { ProjectBrowser } from '../../features/projects/components/project-browser'
import { paths } from '../paths'

export default function ProjectsRoute() {
  return <ProjectBrowser projectHref={paths.project} compareHref={paths.compare} />
}
