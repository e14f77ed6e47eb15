import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { SourceRun } from '../../src/api/contract/sources'

const auth = { authorization: 'Bearer dev-access-token' }

/** A process's resident memory, in MB, as the kernel counts it. */
export const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024)

/** The kernel's clock ticks per second (`getconf CLK_TCK`), 100 on Linux. */
const ticksPerSecond = 100

/**
 * The CPU time a process has spent, in seconds, all its threads counted (the request thread, the store's, the parsing
 * workers and V8's helpers), as the kernel counts it in clock ticks.
 */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}

/** Uploads the file at `path` under its own name and answers the upload's id. */
export async function uploadPath(apiUrl: string, path: string): Promise<string> {
  const response = await fetch(`${apiUrl}/api/files?name=${encodeURIComponent(basename(path))}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/octet-stream' },
    body: new Blob([readFileSync(path)]),
  })
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

/**
 * Starts a run and follows it to its end, every 250 ms, sampling the API's resident memory each time: the run as it
 * ended, the highest RSS seen (from the start, the run's first sample included), and the CPU time the API spent from
 * the run's start to its end (what it answered meanwhile included).
 */
export async function importToEnd(api: { url: string; pid: number }, request: object): Promise<{ run: SourceRun; peakRssMb: number; cpuS: number }> {
  let peakRssMb = rssMb(api.pid)
  const cpuBefore = cpuSeconds(api.pid)
  const created = await fetch(`${api.url}/api/source-runs`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  })
  if (created.status !== 202) throw new Error(`the run was refused: ${created.status} ${await created.text()}`)
  const runId = ((await created.json()) as { id: string }).id
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    peakRssMb = Math.max(peakRssMb, rssMb(api.pid))
    const run = (await (await fetch(`${api.url}/api/source-runs/${runId}`, { headers: auth })).json()) as SourceRun
    if (run.state === 'succeeded' || run.state === 'failed') return { run, peakRssMb, cpuS: Math.round((cpuSeconds(api.pid) - cpuBefore) * 10) / 10 }
  }
}
