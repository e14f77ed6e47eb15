#!/usr/bin/env bash
# npm test: every suite, in three lanes: the checks (typecheck and lint side by side, the unit and component suites
# on two workers, then, where .ci/run gave it a PostgreSQL cluster of its own, the store suites' second pass: the
# `postgres` project of vitest.config.ts), the server suites (the `server` project, then the suites that time the
# API or stop its database, one at a time: `server-alone`, and on that cluster `postgres-alone`), and the browser
# (build, then Playwright), which runs beside the other two. A lane that fails fails the whole.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

# E2E_PG_CLUSTER and E2E_POSTGRES_URL (set by .ci/run) reach only the end-to-end tests: CREDENCE_TEST_POSTGRES_URL in
# the first passes would move the server and component suites from PGlite to PostgreSQL, and
# database-outage.test.ts would stop it under the component suites.
browser() {
  npm run test:e2e
}
# The suites that run alone run last, when the browser lane is mostly done: reads-during-import.test.ts times the
# API's answers while a run writes (a project list within 1 s), and on two cores beside the browser lane it timed the
# machine as much as the API (1,589 ms in a CI run of 28 Nov 2026, in the PostgreSQL pass, then at the checks lane's
# end; 1,138 ms the day before in the server lane, before its suite moved to the end).
server() {
  npx vitest run --project server --project server-alone
  if [ -n "${CREDENCE_TEST_STORE_POSTGRES_URL:-}" ]; then
    postgres_pass npx vitest run --project postgres-alone
  fi
}
# The store suites' second pass, on the cluster .ci/run made for it.
postgres_pass() {
  CREDENCE_TEST_PG_CLUSTER="${CREDENCE_TEST_STORE_PG_CLUSTER:-}" CREDENCE_TEST_POSTGRES_URL="$CREDENCE_TEST_STORE_POSTGRES_URL" "$@"
}
# Typecheck and lint side by side, then the unit and component suites, then the PostgreSQL pass but its suites
# that run alone.
checks() {
  npm run typecheck &
  local typecheck=$! failed=0
  npm run lint &
  local lint=$!
  wait "$typecheck" || failed=1
  wait "$lint" || failed=1
  [ "$failed" = 0 ]
  npx vitest run --project unit --project unit-own-process --project component
  if [ -n "${CREDENCE_TEST_STORE_POSTGRES_URL:-}" ]; then
    postgres_pass npx vitest run --project postgres
  fi
}

# The browser lane runs beside the other two, which run one after the other. It waits on pages most of the time (46%
# of one core over its 510 s, measured with /usr/bin/time), so beside the checks lane, which leaves a core half idle
# while vitest collects files, it costs them little; the checks and server lanes each keep both cores busy, and run
# at once they only took turns. Every lane runs even when another failed, so one run reports every failure. The
# browser lane's output is kept in a file and printed whole when it ends, not interleaved with the others.
failed=()
# The lines of a lane's output that name a failure: vitest's failed files and tests and their first assertion,
# Playwright's failed tests, tsc's and eslint's errors, and the lane's exit. Colour codes are taken out first.
failures() {
  sed -e 's/\x1b\[[0-9;]*m//g' "$1" |
    grep -E '^ *(FAIL|×|✘|[0-9]+\)) |❯ tests/[^ ]+:[0-9]+:[0-9]+|AssertionError|Error: |error TS|^ +[0-9]+:[0-9]+ +error |^::::: ' |
    awk '!seen[$0]++' | head -n 60 || true
}
# Called with errexit off (set +e), and never on the left of || or &&: there bash ignores set -e, in the lane's
# subshell too, and a lane's first failure would go unnoticed. It leaves errexit as it found it: turned back on in
# here, a lane's failure returned from here would end the whole run before the next lane.
run_lane() {
  local lane=$1 begun=$SECONDS status
  (
    set -euo pipefail
    "$lane"
  )
  status=$?
  echo "::::: $lane lane: exit $status, $((SECONDS - begun)) s"
  return "$status"
}

# One build of the API and one folder of store templates for every lane (tests/run-shares.ts says why).
# Assigned first: a failure inside $(…) given straight to eval would pass unnoticed.
shares=$(node --import tsx tests/run-shares.ts open)
eval "$shares"
browser_log=$(mktemp)
declare -A lane_log=([browser]="$browser_log")
trap 'node --import tsx tests/run-shares.ts close; rm -f "${lane_log[@]}"' EXIT
{
  set +e
  run_lane browser
} >"$browser_log" 2>&1 &
browser_pid=$!
# Each lane's output is kept too, so that the end of the run names what failed: a failing lane's lines scroll far
# above the browser lane's, and a CI log read from its end showed only "Failed lanes: server".
for lane in checks server; do
  lane_log[$lane]=$(mktemp)
  set +e
  run_lane "$lane" 2>&1 | tee "${lane_log[$lane]}"
  status=${PIPESTATUS[0]}
  set -e
  [ "$status" = 0 ] || failed+=("$lane")
done
browser_status=0
wait "$browser_pid" || browser_status=$?
cat "$browser_log"
[ "$browser_status" = 0 ] || failed+=(browser)

echo "The suites took $((SECONDS - started)) s"
if [ ${#failed[@]} -gt 0 ]; then
  for lane in "${failed[@]}"; do
    echo "::::: what failed in the $lane lane"
    failures "${lane_log[$lane]}"
  done
  echo "Failed lanes: ${failed[*]}"
  exit 1
fi
