#!/usr/bin/env bash
# npm test: every suite, in three lanes at once so both cores work: the browser lane (build, then Playwright) waits
# mostly on pages, the server lane on API processes, the checks lane does the rest (typecheck and lint side by side,
# the unit and component suites, then, where .ci/run gave it a PostgreSQL cluster of its own, the store suites'
# second pass: the `postgres` project of vitest.config.ts). A lane that fails fails the whole.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

# E2E_PG_CLUSTER and E2E_POSTGRES_URL (set by .ci/run) reach only the end-to-end tests: CREDENCE_TEST_POSTGRES_URL in
# the first passes would move the server and component suites from PGlite to PostgreSQL, and
# database-outage.test.ts would stop it under the component suites.
browser() {
  npm run test:e2e
}
server() {
  npx vitest run --project server
}
# Typecheck and lint side by side, then the unit and component suites, then the PostgreSQL pass.
checks() {
  npm run typecheck &
  local typecheck=$! failed=0
  npm run lint &
  local lint=$!
  wait "$typecheck" || failed=1
  wait "$lint" || failed=1
  [ "$failed" = 0 ]
  npx vitest run --project unit --project component
  if [ -n "${CREDENCE_TEST_STORE_POSTGRES_URL:-}" ]; then
    CREDENCE_TEST_PG_CLUSTER="${CREDENCE_TEST_STORE_PG_CLUSTER:-}" CREDENCE_TEST_POSTGRES_URL="$CREDENCE_TEST_STORE_POSTGRES_URL" npm run test:postgres
  fi
}

# Each lane writes to a log of its own, shown whole after it ends, so their lines do not interleave; its last line
# says how it ended and how long it took.
logs=$(mktemp -d)
declare -A lane_pid
for lane in browser server checks; do
  (
    set -euo pipefail
    begun=$SECONDS
    trap 'echo "::::: $lane lane: exit $?, $((SECONDS - begun)) s"' EXIT
    "$lane"
  ) >"$logs/$lane.log" 2>&1 &
  lane_pid[$lane]=$!
done

failed=()
for lane in checks server browser; do
  status=0
  wait "${lane_pid[$lane]}" || status=$?
  cat "$logs/$lane.log"
  [ "$status" = 0 ] || failed+=("$lane")
done
rm -rf "$logs"

echo "The suites took $((SECONDS - started)) s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed lanes: ${failed[*]}"
  exit 1
fi
