import { execFile } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { promisify } from 'node:util'
import { request } from 'node:http'
import { join } from 'node:path'
import { call, tokens, waitFor } from './http'

/** Helpers for the upload suites: sending files to a real API, and measuring what it keeps on disk. */
export interface UploadAnswer {
  status: number
  headers: Headers
  body: any
}

export function folderBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size
  }
  return total
}

/**
 * A file's bytes sent as a raw body from a Node process of its own, so the process that times other requests meanwhile
 * is not the one busy sending: sent from the test's own process, 64 MiB held its loop, and the reads it timed waited
 * for it rather than for the API (stalls.ts in the bench says so too).
 */
export async function uploadFromOwnProcess(baseUrl: string, path: string, token: string, name: string): Promise<UploadAnswer> {
  const send = `fetch(process.env.URL, { method: 'POST', headers: { authorization: process.env.AUTH, 'content-type': 'application/octet-stream' }, body: require('node:fs').readFileSync(process.env.FILE) }).then(async (answer) => process.stdout.write(JSON.stringify({ status: answer.status, body: await answer.json() })))`
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', send], { env: { ...process.env, URL: `${baseUrl}/api/files?name=${name}`, FILE: path, AUTH: `Bearer ${token}` }, maxBuffer: 1024 * 1024 })
  const answer = JSON.parse(stdout) as { status: number; body: any }
  return { status: answer.status, headers: new Headers(), body: answer.body }
}

/** A raw body named by `?name=`. */
export async function upload(baseUrl: string, bytes: Uint8Array, token: string, name = 'noise.bin'): Promise<UploadAnswer> {
  const response = await fetch(`${baseUrl}/api/files?name=${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

/**
 * An upload the server may refuse before reading its body (its declared size is over the key's room): sent as a
 * client that waits for an early answer does, its body written only if none comes and stopped once one does, so the
 * refusal is read rather than lost to the connection the server closes.
 */
export async function uploadRefusable(baseUrl: string, bytes: Uint8Array, token: string): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(`${baseUrl}/api/files?name=noise.bin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': bytes.length },
    })
    let answered = false
    sent.on('response', (response) => {
      answered = true
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value)
        resolve({ status: response.statusCode ?? 0, headers, body: text ? JSON.parse(text) : null })
      })
    })
    sent.on('error', (error) => answered || reject(error))
    const step = 1024 * 1024
    const write = (from: number) => {
      if (answered || from >= bytes.length) return void (answered || sent.end())
      if (sent.write(bytes.subarray(from, from + step))) setImmediate(() => write(from + step))
      else sent.once('drain', () => write(from + step))
    }
    // As a client sending `Expect: 100-continue` would: the headers first, the body only if no answer comes to them.
    // A refusal by declared size then arrives before any byte is written, so no write can race the server's close.
    sent.flushHeaders()
    setTimeout(() => write(0), 5000)
  })
}

export async function uploadMultipart(baseUrl: string, form: FormData, token = tokens.live): Promise<UploadAnswer> {
  const response = await fetch(`${baseUrl}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

/** A run of Berkeley's source on the file, to its end (it fails when the bytes are not Berkeley's file). */
export async function runToEnd(baseUrl: string, fileId: string, token: string) {
  const started = await call(baseUrl, '/api/source-runs', { json: { source: 'vrod', file_id: fileId }, token })
  if (started.status !== 202) throw new Error(`The run was not started: ${started.status} ${started.text.slice(0, 300)}`)
  return waitFor(async () => {
    const run = (await call(baseUrl, `/api/source-runs/${started.body.id}`, { token })).body
    return run.state === 'succeeded' || run.state === 'failed' ? run : undefined
  }, 60_000, 100)
}
