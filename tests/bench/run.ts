import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { measureApi } from './api-load'
import { routeWeights } from './bundle'

/**
 * `npm run bench`: one run on this machine, printed and written to bench-results/latest.json.
 * BENCH_SECONDS (default 5) sets how long each load lasts; BENCH_SKIP=api,100k,credits,processes,firststart,stalls,browser,lighthouse,screenshots leaves parts out
 * (`api` the 10,000-project loads, `100k` the 100,000-project ones, `credits` the 1,000,000-record registry import
 * and its reads, `processes` one and three processes on PostgreSQL). BENCH_CREDIT_ROWS (default 1,000,000) sizes
 * that import.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean))
const report: Record<string, unknown> = { measured_at: new Date().toISOString(), machine: `${process.platform} ${process.arch}, Node ${process.version}` }

const homeBudgetKb = 131

if (!existsSync('dist/.vite/manifest.json') || process.env.BENCH_BUILD !== '0') execSync('npx vite build', { stdio: 'inherit' })
const weights = routeWeights()
report.bundle = { budget_home_gzip_kb: homeBudgetKb, routes: weights.map(({ paths: _paths, ...weight }) => weight) }
console.log('\nJavaScript per route (gzip):')
for (const w of weights) console.log(`  ${w.route.padEnd(24)} ${String(w.gzipKb).padStart(6)} KB gzip  (${w.rawKb} KB raw, ${w.files} files)${w.route === '/' ? `  budget ${homeBudgetKb} KB: ${w.gzipKb <= homeBudgetKb ? 'within' : 'OVER'}` : ''}`)

/** Issue 12's budgets at 100,000 projects on the embedded default, 4 connections. */
const budgets100k = { rssMb: 800, recommendationP95Ms: 50, coverageP95Ms: 60 }
const budgetChecks: { budget: string; figure: string; within: boolean }[] = []

const api: unknown[] = []
for (const projects of skip.has('api') && skip.has('100k') ? [] : skip.has('api') ? [100_000] : skip.has('100k') ? [10_000] : [10_000, 100_000]) {
  console.log(`\nAPI under load at ${projects.toLocaleString('en-US')} projects (${seconds} s each, 4 and 10 concurrent connections)…`)
  const measured = await measureApi(projects, { seconds, connections: [4, 10] })
  api.push({ projects, ...measured })
  for (const r of measured.results) {
    console.log(
      `  ${r.name.padEnd(36)} ×${String(r.connections).padEnd(3)} p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  ${r.rps} req/s  errors ${r.errors + r.non2xx}` +
        `  | plain Node p95 ${r.baselineP95 < 1 ? 'under 1' : r.baselineP95} ms, ${r.baselineRps} req/s: p95 ×${r.p95Ratio}${r.baselineP95 < 1 ? ' or more' : ''}, throughput ×${r.throughputRatio}`,
    )
  }
  console.log(
    `  memory (RSS) with every cache warm ${measured.memory.rssBeforeMb} MB, after the loads ${measured.memory.rssAfterMb} MB: ${measured.memory.rssPerProjectKb} KB a project`,
  )
  if (projects === 100_000) {
    const at4 = (name: string) => measured.results.find((r) => r.name.startsWith(name) && r.connections === 4)!
    const checks = [
      { budget: `RSS once warm ≤ ${budgets100k.rssMb} MB`, figure: `${Math.max(measured.memory.rssBeforeMb, measured.memory.rssAfterMb)} MB`, within: Math.max(measured.memory.rssBeforeMb, measured.memory.rssAfterMb) <= budgets100k.rssMb },
      { budget: `POST /api/recommendations p95 ≤ ${budgets100k.recommendationP95Ms} ms (4 connections)`, figure: `${at4('POST /api/recommendations').p95} ms`, within: at4('POST /api/recommendations').p95 <= budgets100k.recommendationP95Ms },
      { budget: `first 1,000 coverage rows stalest-first p95 ≤ ${budgets100k.coverageP95Ms} ms (4 connections)`, figure: `${at4('GET /api/coverage').p95} ms`, within: at4('GET /api/coverage').p95 <= budgets100k.coverageP95Ms },
    ]
    console.log('  budgets at 100,000 projects:')
    for (const c of checks) console.log(`    ${c.budget}: ${c.figure}, ${c.within ? 'within' : 'OVER'}`)
    budgetChecks.push(...checks)
  }
}
report.api = { budget_recommendation_p95_ms_at_10k: 50, budgets_at_100k: budgets100k, budget_checks_at_100k: budgetChecks, runs: api }

if (!skip.has('credits')) {
  const { creditBudgets, measureCreditScale } = await import('./credit-scale')
  const rows = Number(process.env.BENCH_CREDIT_ROWS ?? 1_000_000)
  console.log(`\nA registry export of ${rows.toLocaleString('en-US')} transaction rows (Verra's format, four files), imported and read (${seconds} s each, 4 connections)…`)
  const scale = await measureCreditScale({ rows, seconds })
  if ('failed' in scale) console.log(`  the import failed after ${scale.importS} s: ${scale.failed} (while it ran: ${JSON.stringify(scale.duringImport)})`)
  else {
    const during = scale.duringImport
    const refusedBriefs = Object.entries(during.briefsRefused).map(([status, count]) => `${count} answered ${status}`)
    const checks = [
      {
        budget: `import ≤ ${creditBudgets.importS} s`,
        // The CPU the API spent meanwhile says how far the import is from the budget on this machine's cores:
        // taking more CPU-seconds than the budget's seconds times the cores, no overlap of its parts can meet it.
        figure: `${scale.importS} s for ${scale.records.toLocaleString('en-US')} records (the API busy ${scale.importCpuS} CPU-s meanwhile, ${Math.round((scale.importCpuS / scale.importS) * 100) / 100} of ${availableParallelism()} cores; the budget's ${creditBudgets.importS} s hold ${creditBudgets.importS * availableParallelism()} CPU-s)`,
        within: scale.importS <= creditBudgets.importS,
      },
      {
        budget: `a one-row project list's longest wait while it imports ≤ ${creditBudgets.importProjectListWaitMs} ms`,
        figure: `${during.projectListLongestWaitMs} ms (${during.projectListReads} reads, one every 20 ms)`,
        within: during.projectListLongestWaitMs <= creditBudgets.importProjectListWaitMs,
      },
      {
        budget: `a brief's longest wait while it imports ≤ ${creditBudgets.importBriefWaitMs} ms, every one answered`,
        figure: `${during.briefLongestWaitMs} ms (${during.briefsAnswered} briefs answered 201${refusedBriefs.length ? `, ${refusedBriefs.join(', ')}` : ''})`,
        within: during.briefLongestWaitMs <= creditBudgets.importBriefWaitMs && refusedBriefs.length === 0,
      },
      {
        budget: `GET /api/credits?beneficiary=… p95 ≤ ${creditBudgets.beneficiaryP95Ms} ms, uncached`,
        figure:
          `${scale.beneficiaryUncached.oneAtATime.p95} ms over ${scale.beneficiaryUncached.oneAtATime.searches} companies searched once each, one after another (p50 ${scale.beneficiaryUncached.oneAtATime.p50} ms); ` +
          `four at a time p95 ${scale.beneficiaryUncached.fourAtATime.p95} ms over ${scale.beneficiaryUncached.fourAtATime.searches} (p50 ${scale.beneficiaryUncached.fourAtATime.p50} ms); ` +
          `Microsoft's ${scale.microsoft.records} records ${scale.beneficiaryFirstMs} ms the first time, p95 ${scale.beneficiary.p95} ms asked again`,
        within: scale.beneficiaryUncached.oneAtATime.p95 <= creditBudgets.beneficiaryP95Ms,
      },
      { budget: `a project page with ${scale.hotProject.records.toLocaleString('en-US')} records p95 ≤ ${creditBudgets.projectPageP95Ms} ms`, figure: `${scale.projectPage.p95} ms (its first view, summing the records, ${scale.projectFirstViewMs} ms)`, within: scale.projectPage.p95 <= creditBudgets.projectPageP95Ms },
      {
        budget: `a one-row project list's longest wait while ${scale.deepPages.readers} readers walk the records by cursor ≤ ${creditBudgets.deepPagesStallMs} ms`,
        figure: `${scale.deepPages.projectListLongestWaitMs} ms (${scale.deepPages.pages} pages of 500 from record 10,000 down to ${scale.deepPages.deepestRecord.toLocaleString('en-US')}: p50 ${scale.deepPages.pageP50Ms} ms, the first ones ${scale.deepPages.firstPagesP50Ms} ms, the deeper half ${scale.deepPages.deepHalfP50Ms} ms, max ${scale.deepPages.pageMaxMs} ms; page 1,900 by number answered ${scale.deepPages.refusedStatuses.join(', ')})`,
        within: scale.deepPages.projectListLongestWaitMs <= creditBudgets.deepPagesStallMs,
      },
      { budget: `RSS with them loaded ≤ ${creditBudgets.rssMb} MB`, figure: `${scale.rssLoadedMb} MB, after the reads ${scale.rssAfterMb} MB`, within: Math.max(scale.rssLoadedMb, scale.rssAfterMb) <= creditBudgets.rssMb },
      { budget: `RSS during the import ≤ ${creditBudgets.importRssMb} MB`, figure: `peak ${scale.peakRssMb} MB`, within: scale.peakRssMb <= creditBudgets.importRssMb },
    ]
    console.log(`  export written in ${scale.writeS} s`)
    for (const c of checks) console.log(`    ${c.budget}: ${c.figure}, ${c.within ? 'within' : 'OVER'}`)
    report.credits = { budgets: creditBudgets, checks, ...scale }
  }
  if ('failed' in scale) report.credits = { budgets: creditBudgets, ...scale }
}

if (!skip.has('processes')) {
  const { measureProcesses } = await import('./multi-process')
  console.log(`\nOne and three API processes on one PostgreSQL (private cluster, 10,000 projects, ${seconds} s each, 12 connections spread over the processes)…`)
  const scale = await measureProcesses({ projects: 10_000, seconds, connections: 12 })
  if ('skipped' in scale) console.log(`  skipped: ${scale.skipped}`)
  else for (const r of scale.results) console.log(`  ${r.name.padEnd(36)} ${r.processes} process${r.processes > 1 ? 'es' : '  '}  ${r.rps} req/s  p95 ${r.p95} ms  errors ${r.errors}`)
  report.processes = scale
}

if (!skip.has('firststart')) {
  const { measureFirstStart } = await import('./first-start')
  console.log('\nFirst start on an empty data folder (embedded store, Berkeley\'s file when at hand), twice…')
  const first = await measureFirstStart()
  for (const r of first.runs) {
    console.log(
      `  listening ${r.listeningMs} ms (budget ${first.budgetMs} ms: ${r.listeningMs <= first.budgetMs ? 'within' : 'OVER'}), first live answer ${r.firstLiveAnswerMs} ms, first sandbox answer ${r.firstSandboxAnswerMs} ms`,
    )
  }
  report.first_start = first
}

if (!skip.has('stalls')) {
  const { measureStalls, stallBudgetMs } = await import('./stalls')
  console.log(`\nLongest stall of a small read (every 20 ms) during a 64 MiB upload and a Berkeley import (budget ${stallBudgetMs} ms each)…`)
  const stalls = await measureStalls()
  console.log(`  ${JSON.stringify(stalls)}`)
  report.stalls = stalls
}

if (!skip.has('browser')) {
  const { measureBrowser } = await import('./browser')
  report.browser = await measureBrowser()
}
if (!skip.has('lighthouse')) {
  const { measureLighthouse } = await import('./lighthouse')
  report.lighthouse = await measureLighthouse()
}
if (!skip.has('screenshots')) {
  const { writeScreenshots } = await import('./screenshots')
  console.log('\nEvery route at 1280 and 412 px (screenshots in bench-results/screenshots/)…')
  const fits = await writeScreenshots()
  for (const f of fits) console.log(`  ${f.route.padEnd(14)} ${String(f.width).padStart(4)} px  page ${f.scrollWidth} px wide: ${f.fits ? 'fits' : `TOO WIDE (${f.overflowing})`}`)
  report.screenshots = fits
}

mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/latest.json', `${JSON.stringify(report, null, 2)}\n`)
console.log('\nWritten to bench-results/latest.json')
