export function SourceRunRoute() {
  return <h1>source-run</h1>
}
