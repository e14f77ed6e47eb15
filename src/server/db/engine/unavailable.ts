import { storeStoppedMessage } from './store-messages'

const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006'])

/** The database cannot be reached (stopped, restarting, the connection cut): a 503, not the request's fault. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code
  if (typeof code === 'string' && unavailableCodes.has(code)) return true
  const message = (error as Error)?.message ?? ''
  return message.startsWith(storeStoppedMessage) || /PGlite is closed|Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(message)
}
