export function ProjectsRoute() {
  return <h1>projects</h1>
}
