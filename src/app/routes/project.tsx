export function ProjectRoute() {
  return <h1>project</h1>
}
