import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * The server suites that run a second time, on PostgreSQL: those whose outcome passes through the store, so that
 * the engine could change it. They write (imports, runs, uploads, stored briefs and shortlists), read back through
 * SQL (project pages, values as each driver types them), restart on a store, share the sandbox quota through it,
 * or lose it (the outage). The others run once, on PGlite: HTTP shape and validation, arithmetic over the catalogue
 * held in memory (reconciliation.test.ts's 10,975 projects among it), file parsing, suites pinned to the embedded
 * store (`memory://`, its folder lock, its template), and multi-process.test.ts, which runs on a PostgreSQL cluster
 * of its own in the first pass. A new suite that stores or reads back what it checks belongs here.
 */
const storeSuites = [
  'beneficiaries',
  'conformance',
  'credit-history',
  'database-outage',
  'persistence',
  'projects',
  'rate-limit',
  'reads-during-import',
  'real-data',
  'recommendations',
  'registry-import',
  'registry-record-checks',
  'registry-whole-export',
  'shortlist-pack',
  'source-claims',
  'source-runs',
  'store-templates',
  'uploads',
  'vrod-run',
].map((suite) => `tests/server/${suite}.test.ts`)
/**
 * The pass's suites that run after the others, one at a time: database-outage.test.ts stops the cluster the others run
 * on, and reads-during-import.test.ts times the API's answers (1 s, 2 s) while a run writes, which a second file's
 * import beside it, on two cores, would time as much as the API. `npm test` runs them at the end of the server lane,
 * once the browser lane is mostly done (tests/run-all.sh says why).
 */
const aloneSuites = ['database-outage', 'reads-during-import'].map((suite) => `tests/server/${suite}.test.ts`)

/**
 * The server suites that run after the others, one at a time, in the first pass too: reads-during-import.test.ts
 * times the API's answers while a run writes, and the time it measures is the machine's as much as the API's. Beside
 * another suite's work and the browser lane, on two cores, its longest project list took 1,138 ms in a CI run of code
 * that had passed it in the runs before (and 1,224 ms once the day before), while the API answered that list from
 * memory throughout; the browser lane is mostly done by the time the others are. It now holds a wait to a third of
 * the run's own time, and leaves the budgets (1 s, 2 s) to the bench.
 */
const serverAloneSuites = ['reads-during-import'].map((suite) => `tests/server/${suite}.test.ts`)

/**
 * The unit and component suites run in threads that keep the modules they loaded from one file to the next, rather
 * than in a process each that loads React, the contract and jsdom's setup again: both projects took 78 CPU-s (46 s)
 * rather than 149 (82 s). What a module keeps of a session is forgotten as each file starts, as a page loaded afresh
 * does (tests/component/setup.ts: the quota the sandbox reported); the connections a thread keeps to the test proxy
 * are closed only by the client (tests/support/token-proxy.ts). The server suites run so too (`serverSuites`).
 */
const sharedModules = { pool: 'threads' as const, isolate: false }
/**
 * Unit suites in a process each: one weighs its process's resident memory, which threads beside it would add to; the
 * generator's opens the embedded store in its own process, for seconds, and there compiles its WebAssembly with the
 * baseline compiler alone, as the test servers do (`--liftoff-only`, which a thread cannot be given): 15 to 17
 * CPU-s for the suite rather than 19 to 20 (`/proc/stat` around the suite alone, two runs each).
 */
const ownProcess = ['tests/unit/unpack-workbook.test.ts', 'tests/unit/generator.test.ts']

const serverSuites = {
  environment: 'node' as const,
  globalSetup: ['tests/support/server-global-setup.ts'],
  // Two files at once: the suites wait on API processes of their own, and one file at a time kept the two cores
  // 130% busy (767 s); two at once keep them 181% busy (561 s).
  fileParallelism: true,
  // A test on real files reads them in a thread that CI's three lanes share two cores with: Berkeley's parquet read in
  // 7.6 s alone took 64.7 s there (2 Dec 2026), and a test over a re-import 60.2 s, each then cut off at 60 s.
  testTimeout: 180_000,
  hookTimeout: 120_000,
  // Two threads that keep the modules they loaded (the contract, the test support, the server's code a suite imports)
  // from one file to the next, as the unit and component suites do, rather than a process per file that loads them
  // all again: the server project took 568 CPU-s (314 s) rather than 659 (351 s), `/proc/stat` around
  // `npx vitest run --project server`, each way once, back to back on an idle machine (29 Nov 2026). What a suite
  // starts (APIs, clusters) is a process of its own either way. A thread cannot be given `--liftoff-only`, which the
  // thirteen suites that open the embedded store themselves had used in processes of their own (133 CPU-s rather
  // than 147 to 162 then): the modules kept outweigh it.
  ...sharedModules,
}

export default defineConfig({
  test: {
    // Two workers: the unit and component files, and the server files (the PostgreSQL pass keeps to one).
    maxWorkers: 2,
    projects: [
      // Some unit suites read Berkeley's whole file, seconds of work when the other core is busy too.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: ownProcess, environment: 'node', testTimeout: 30_000, ...sharedModules } },
      { test: { name: 'unit-own-process', include: ownProcess, environment: 'node', testTimeout: 30_000, execArgv: ['--liftoff-only'] } },
      { test: { name: 'server', include: ['tests/server/**/*.test.ts'], exclude: serverAloneSuites, ...serverSuites } },
      { test: { name: 'server-alone', include: serverAloneSuites, ...serverSuites, fileParallelism: false, sequence: { groupOrder: 1 } } },
      {
        plugins: [react()],
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          globalSetup: ['tests/support/server-global-setup.ts'],
          setupFiles: ['tests/component/setup.ts'],
          testTimeout: 30_000,
          ...sharedModules,
        },
      },
      // Only where a PostgreSQL server is named (CREDENCE_TEST_POSTGRES_URL), and run by name: `npm run test:postgres`.
      // Two files at a time, as the server suites, but `aloneSuites`, one at a time once the others are done (a later
      // group). One at a time the whole pass took 166 s here.
      ...(process.env.CREDENCE_TEST_POSTGRES_URL
        ? [
            { test: { name: 'postgres', include: storeSuites.filter((suite) => !aloneSuites.includes(suite)), ...serverSuites } },
            { test: { name: 'postgres-alone', include: aloneSuites, ...serverSuites, fileParallelism: false, sequence: { groupOrder: 1 } } },
          ]
        : []),
    ],
  },
})
