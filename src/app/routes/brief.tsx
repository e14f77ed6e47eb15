export function BriefRoute() {
  return <h1>brief</h1>
}
