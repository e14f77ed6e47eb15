/**
 * The store was held by other work (a run writing its records, most often) for longer than a request may wait
 * for it: a 503 with Retry-After, nothing changed.
 */
export class StoreBusy extends Error {
  constructor(readonly waitedMs: number) {
    super(`The store was busy for the ${waitedMs} ms a request may wait for it.`)
  }
}

interface Waiter {
  grant: () => void
  timer: NodeJS.Timeout | undefined
}

/**
 * The embedded store's one connection, handed to one user at a time in the order they asked: a transaction must
 * not see statements of concurrent requests interleaved into it. A user may say how long it will wait for its
 * turn (a request); past that it leaves the line with StoreBusy, and the users behind it move up. Background work
 * (a run, the upkeep after it) waits as long as it takes.
 */
export class StoreTurns {
  private held = false
  private readonly line: Waiter[] = []

  take(waitMs?: number): Promise<void> {
    if (!this.held && this.line.length === 0) {
      this.held = true
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, timer: undefined }
      if (waitMs !== undefined) {
        waiter.timer = setTimeout(() => {
          this.line.splice(this.line.indexOf(waiter), 1)
          reject(new StoreBusy(waitMs))
        }, waitMs)
      }
      this.line.push(waiter)
    })
  }

  give() {
    const next = this.line.shift()
    if (!next) {
      this.held = false
      return
    }
    clearTimeout(next.timer)
    next.grant()
  }
}
