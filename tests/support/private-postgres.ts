import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './api-server'

/**
 * A PostgreSQL cluster of a test's own: initdb in a temp folder, owned by the `postgres` user, on a free loopback
 * port, stopped by its pid and removed afterwards. Never the shared cluster other suites stop and start.
 */
export interface PrivateCluster {
  /** Superuser URL of its `postgres` database (trust authentication on loopback). */
  url: string
  port: number
  pid: number
  /** Stops the server and starts it again on the same data: the database away for a moment. */
  restart(awayMs?: number): Promise<void>
  stop(): Promise<void>
}

const binRoot = '/usr/lib/postgresql'

function postgresBin(): string | null {
  if (!existsSync(binRoot)) return null
  const versions = readdirSync(binRoot).filter((v) => existsSync(join(binRoot, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))
  return versions.length ? join(binRoot, versions[0], 'bin') : null
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privateClusterUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'not root: a private PostgreSQL cluster is created as the postgres user, which needs root'
  if (!postgresBin()) return `no PostgreSQL server binaries under ${binRoot}`
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' })
  } catch {
    return 'no postgres user to run a cluster as'
  }
  return null
}

const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBin()!
  const root = mkdtempSync(join(tmpdir(), 'credence-pg-'))
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
  chownSync(root, uid, gid)
  chmodSync(root, 0o700)
  const data = join(root, 'data')
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
  // fsync off: a throwaway cluster need not survive a power cut, and the tests run quicker on a busy disk.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`
  const start = () => {
    asPostgres(join(bin, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', data, '-l', join(root, 'log'), '-o', options])
    return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  }
  const halt = async (pid: number) => {
    try {
      process.kill(pid, 'SIGINT') // fast shutdown: sessions are ended, nothing is waited for
    } catch {
      return // already gone
    }
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline) {
      try {
        process.kill(pid, 0)
      } catch {
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    pid: start(),
    async restart(awayMs = 0) {
      await halt(cluster.pid)
      await new Promise((resolve) => setTimeout(resolve, awayMs))
      cluster.pid = start()
    },
    async stop() {
      await halt(cluster.pid)
      rmSync(root, { recursive: true, force: true })
    },
  }
  return cluster
}
