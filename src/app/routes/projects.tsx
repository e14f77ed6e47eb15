import { ProjectBrowser } from '../../features/projects/components/project-browser'
import { paths } from '../paths'

export function ProjectsRoute() {
  return <ProjectBrowser projectHref={paths.project} compareHref={paths.compare} />
}
