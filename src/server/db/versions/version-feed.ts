import type { Kysely } from 'kysely'
import type pg from 'pg'
import type { DatasetVersions } from './dataset-versions'
import { isDataset, readDatasetVersions, versionChannel } from '../queries/dataset-versions'
import type { Database } from '../schema'

/**
 * Tells this process when another one applied a run: a connection of its own, outside the pool, LISTENs on the
 * version channel. While it is down (the database restarting, the connection cut), the versions are polled
 * instead, and it reconnects; on every (re)connection the versions are read once, so a notification sent while
 * nobody listened is never lost.
 */
export class VersionFeed {
  private client: pg.Client | undefined
  private poller: NodeJS.Timeout | undefined
  private reconnect: NodeJS.Timeout | undefined
  private stopped = false

  constructor(
    private readonly url: string,
    private readonly db: Kysely<Database>,
    private readonly versions: DatasetVersions,
    private readonly pollMs: number,
    private readonly log: (message: string) => void,
  ) {}

  async start() {
    await this.poll()
    await this.listen()
  }

  async stop() {
    this.stopped = true
    clearInterval(this.poller)
    clearTimeout(this.reconnect)
    await this.client?.end().catch(() => {})
  }

  private async poll() {
    try {
      for (const [dataset, version] of await readDatasetVersions(this.db)) this.versions.observe(dataset, version)
    } catch {
      // The database is away; the next poll or the listener's return catches up.
    }
  }

  private startPolling() {
    if (this.poller || this.stopped) return
    this.poller = setInterval(() => void this.poll(), this.pollMs)
  }

  private async listen() {
    if (this.stopped) return
    const { default: pgModule } = await import('pg')
    const client = new pgModule.Client({ connectionString: this.url, connectionTimeoutMillis: 3000 })
    const down = (reason: string) => {
      if (this.client !== client) return
      this.client = undefined
      client.end().catch(() => {})
      if (this.stopped) return
      // Said once per outage, not at every failed reconnection.
      if (!this.poller) this.log(`dataset version listener down (${reason}); polling every ${this.pollMs} ms until it is back`)
      this.startPolling()
      this.reconnect = setTimeout(() => void this.listen(), Math.max(1000, this.pollMs))
    }
    this.client = client
    client.on('error', (error) => down(error.message))
    client.on('end', () => down('connection ended'))
    client.on('notification', (message) => {
      const [dataset, version] = (message.payload ?? '').split(':')
      if (isDataset(dataset) && Number.isFinite(Number(version))) this.versions.observe(dataset, Number(version))
    })
    try {
      await client.connect()
      await client.query(`listen ${versionChannel}`)
    } catch (error) {
      down((error as Error).message)
      return
    }
    if (this.poller) this.log('dataset version listener back')
    clearInterval(this.poller)
    this.poller = undefined
    // Anything applied while nobody listened.
    await this.poll()
  }
}
