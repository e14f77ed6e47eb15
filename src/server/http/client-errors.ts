import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { problemTypeBase, problemTypes } from '../../api/contract/errors'

/** What Node's HTTP parser refuses before any handler runs, and how the API names it. */
const refusals: Record<string, { status: number; reason: string; type: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    type: problemTypes.headersTooLarge,
    detail: 'The request\'s headers exceed 128 KiB; send long lists (price lookups) in a POST body instead.',
  },
  HPE_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', type: problemTypes.malformed, detail: 'The request did not arrive in time.' },
}
const malformed = { status: 400, reason: 'Bad Request', type: problemTypes.malformed, detail: 'The request is not readable HTTP/1.1.' }

/**
 * Requests the HTTP parser refuses (headers too large, unreadable HTTP) are answered as problem+json like every
 * other error, rather than with Node's bare status line.
 */
export function answerClientErrors(server: Server) {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const refusal = refusals[error.code ?? ''] ?? malformed
    const body = JSON.stringify({ type: `${problemTypeBase}${refusal.type}`, title: refusal.reason, status: refusal.status, detail: refusal.detail })
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
}
