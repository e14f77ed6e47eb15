export function PricesRoute() {
  return <h1>prices</h1>
}
