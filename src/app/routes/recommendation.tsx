export function RecommendationRoute() {
  return <h1>recommendation</h1>
}
