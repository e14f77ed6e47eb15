import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PoolClient } from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

/**
 * Lets a PostgreSQL client take a `copy … from '/dev/blob'` as the embedded store does: a Blob as the statement's
 * last parameter is sent as the COPY's data (`from stdin`, through pg-copy-streams), so code that writes by COPY
 * (queries/copy-rows.ts) is the same on both stores. Every other statement goes through unchanged.
 */
export function allowCopyFromBlob(client: PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  const copying = async (text: string, blob: Blob) => {
    const stream = query(copyFrom(text.replace(`from '/dev/blob'`, 'from stdin'))) as ReturnType<typeof copyFrom>
    await pipeline(Readable.from([Buffer.from(await blob.arrayBuffer())]), stream)
    return { command: 'COPY', rowCount: stream.rowCount, rows: [], fields: [] }
  }
  client.query = ((...args: unknown[]) => {
    const [text, values] = args
    const blob = Array.isArray(values) ? values.at(-1) : undefined
    return typeof text === 'string' && blob instanceof Blob ? copying(text, blob) : query(...args)
  }) as typeof client.query
}
