export function CoverageRoute() {
  return <h1>coverage</h1>
}
