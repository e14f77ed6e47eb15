import { routeWeights } from '../bench/bundle'
import { expect, test } from './fixtures'

/**
 * The JavaScript a route loads is a property of the build, not a timing, so its budget is checked here on the
 * build the other tests run against; `npm run bench` reports every route's figure.
 */
const homeBudgetKb = 131

test(`the home route loads at most ${homeBudgetKb} KB of JavaScript, gzipped, and every other route loads its own code only when visited`, () => {
  const weights = routeWeights('dist')
  const home = weights.find((weight) => weight.route === '/')!
  expect(home.gzipKb).toBeLessThanOrEqual(homeBudgetKb)
  for (const other of weights.filter((weight) => weight.route !== '/')) expect(home.paths, other.route).not.toContain(other.module)
})
