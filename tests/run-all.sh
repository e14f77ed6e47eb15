#!/usr/bin/env bash
# npm test: every suite, in three lanes: the checks (typecheck and lint side by side, the unit and component suites
# on two workers, then, where .ci/run gave it a PostgreSQL cluster of its own, the store suites' second pass: the
# `postgres` project of vitest.config.ts), the server suites, and the browser (build, then Playwright). A lane that
# fails fails the whole.
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

# The lanes run one after the other: on two cores, run at once they only took turns, and the server suites, which
# start API processes of their own, waited longest. Every lane runs even when one before it failed, so one run
# reports every failure; its last line says how it ended and how long it took.
failed=()
for lane in checks server browser; do
  begun=$SECONDS
  # Not `lane || status=$?`: within || bash ignores set -e, and a lane's first failure would go unnoticed.
  set +e
  (
    set -euo pipefail
    "$lane"
  )
  status=$?
  set -e
  echo "::::: $lane lane: exit $status, $((SECONDS - begun)) s"
  [ "$status" = 0 ] || failed+=("$lane")
done

echo "The suites took $((SECONDS - started)) s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed lanes: ${failed[*]}"
  exit 1
fi
