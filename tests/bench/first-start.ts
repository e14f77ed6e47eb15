import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { freePort, tempDataDir } from '../support/api-server'

/** The budget for a first start on Berkeley's file (issue 21), from the process starting to the API listening. */
export const firstStartBudgetMs = 15_000

export interface FirstStart {
  runs: {
    /** From spawning the process (Node and its loader included) to its "listening" message. */
    listeningMs: number
    /** From spawning to the first answer of a live project page, and of a sandbox one asked at the same moment. */
    firstLiveAnswerMs: number
    firstSandboxAnswerMs: number
  }[]
  budgetMs: number
}

/**
 * Starts the API on an empty data folder as a first start on this machine does (embedded store, the live catalogue
 * seeded from Berkeley's file when it is at hand), `times` over, and times each to listening and to its first
 * answers, live and sandbox.
 */
export async function measureFirstStart(times = 2): Promise<FirstStart> {
  const runs: FirstStart['runs'] = []
  for (let i = 0; i < times; i++) runs.push(await firstStart())
  return { runs, budgetMs: firstStartBudgetMs }
}

async function firstStart(): Promise<FirstStart['runs'][number]> {
  const dataDir = tempDataDir()
  const port = await freePort()
  const started = performance.now()
  // What a first start reads by default: the live catalogue from Berkeley's file when it is at hand.
  const { CREDENCE_LIVE_DATA: _chosen, ...env } = process.env
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...env, CREDENCE_DATA_DIR: dataDir, API_PORT: String(port), CREDENCE_LOG: process.env.FS_LOG ?? 'silent' },
    stdio: ['ignore', process.env.FS_LOG ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  })
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', (message) => (message === 'listening' ? resolve() : undefined))
      child.once('exit', (code) => reject(new Error(`the API exited with ${code} before listening`)))
    })
    const listeningMs = performance.now() - started
    const ask = async (token: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/projects?per_page=50`, { headers: { authorization: `Bearer ${token}` } })
      if (!response.ok) throw new Error(`a first request answered ${response.status}`)
      await response.arrayBuffer()
      return performance.now() - started
    }
    const [firstLiveAnswerMs, firstSandboxAnswerMs] = await Promise.all([ask('dev-access-token'), ask('sandbox-key')])
    return { listeningMs: Math.round(listeningMs), firstLiveAnswerMs: Math.round(firstLiveAnswerMs), firstSandboxAnswerMs: Math.round(firstSandboxAnswerMs) }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
