import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { measureApi } from './api-load'
import { routeWeights } from './bundle'

/**
 * `npm run bench`: one run on this machine, printed and written to bench-results/latest.json.
 * BENCH_SECONDS (default 5) sets how long each load lasts; BENCH_SKIP=api,100k,processes,browser,lighthouse leaves parts out.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean))
const report: Record<string, unknown> = { measured_at: new Date().toISOString(), machine: `${process.platform} ${process.arch}, Node ${process.version}` }

const homeBudgetKb = 130

if (!existsSync('dist/.vite/manifest.json') || process.env.BENCH_BUILD !== '0') execSync('npx vite build', { stdio: 'inherit' })
const weights = routeWeights()
report.bundle = { budget_home_gzip_kb: homeBudgetKb, routes: weights.map(({ paths: _paths, ...weight }) => weight) }
console.log('\nJavaScript per route (gzip):')
for (const w of weights) console.log(`  ${w.route.padEnd(24)} ${String(w.gzipKb).padStart(6)} KB gzip  (${w.rawKb} KB raw, ${w.files} files)${w.route === '/' ? `  budget ${homeBudgetKb} KB: ${w.gzipKb <= homeBudgetKb ? 'within' : 'OVER'}` : ''}`)

const api: unknown[] = []
for (const projects of skip.has('api') ? [] : skip.has('100k') ? [10_000] : [10_000, 100_000]) {
  console.log(`\nAPI under load at ${projects.toLocaleString('en-US')} projects (${seconds} s each, 4 and 10 concurrent connections)…`)
  const measured = await measureApi(projects, { seconds, connections: [4, 10] })
  api.push({ projects, ...measured })
  for (const r of measured.results) {
    console.log(
      `  ${r.name.padEnd(36)} ×${String(r.connections).padEnd(3)} p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  ${r.rps} req/s  errors ${r.errors + r.non2xx}` +
        `  | plain Node p95 ${r.baselineP95 < 1 ? 'under 1' : r.baselineP95} ms, ${r.baselineRps} req/s: p95 ×${r.p95Ratio}${r.baselineP95 < 1 ? ' or more' : ''}, throughput ×${r.throughputRatio}`,
    )
  }
  console.log(`  memory (RSS) before load ${measured.memory.rssBeforeMb} MB, after ${measured.memory.rssAfterMb} MB`)
}
report.api = { budget_recommendation_p95_ms_at_10k: 50, runs: api }

if (!skip.has('processes')) {
  const { measureProcesses } = await import('./multi-process')
  console.log(`\nOne and three API processes on one PostgreSQL (private cluster, 10,000 projects, ${seconds} s each, 12 connections spread over the processes)…`)
  const scale = await measureProcesses({ projects: 10_000, seconds, connections: 12 })
  if ('skipped' in scale) console.log(`  skipped: ${scale.skipped}`)
  else for (const r of scale.results) console.log(`  ${r.name.padEnd(36)} ${r.processes} process${r.processes > 1 ? 'es' : '  '}  ${r.rps} req/s  p95 ${r.p95} ms  errors ${r.errors}`)
  report.processes = scale
}

if (!skip.has('browser')) {
  const { measureBrowser } = await import('./browser')
  report.browser = await measureBrowser()
}
if (!skip.has('lighthouse')) {
  const { measureLighthouse } = await import('./lighthouse')
  report.lighthouse = await measureLighthouse()
}

mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/latest.json', `${JSON.stringify(report, null, 2)}\n`)
console.log('\nWritten to bench-results/latest.json')
