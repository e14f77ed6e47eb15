export function SourcesRoute() {
  return <h1>sources</h1>
}
