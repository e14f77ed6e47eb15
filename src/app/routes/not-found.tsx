export function NotFoundRoute() {
  return <h1>not-found</h1>
}
