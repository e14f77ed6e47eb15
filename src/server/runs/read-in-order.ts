/** Wakes whoever waits for the next change. */
class Change {
  private waiting: (() => void)[] = []

  next() {
    return new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  tell() {
    const waiting = this.waiting
    this.waiting = []
    for (const wake of waiting) wake()
  }
}

/**
 * Reads items, at most `width` at once, and takes each read in the items' order as soon as it and those before it
 * are read, while later ones are still being read. Items are asked for one at a time as a reader comes free (a
 * file's slices are cut as they are needed, not all at first), and at most `width` reads wait beyond the one being
 * taken: readers faster than the taker pause rather than pile up reads, so what is held at once stays a few
 * reads whatever the number of items. None is begun after one failed.
 */
export async function readAndTakeInOrder<I, R>(items: AsyncIterator<I>, width: number, read: (item: I) => Promise<R>, take: (read: R) => Promise<void>) {
  const reads: (Promise<R> | undefined)[] = []
  const change = new Change()
  let taken = 0
  let ended = false
  let failed = false
  const fail = (error: unknown) => {
    failed = true
    change.tell()
    throw error
  }
  let asking: Promise<unknown> = Promise.resolve()
  /** The next item and where its read goes, asked for in turn so reads keep the items' order; null once none is left. */
  const nextItem = () => {
    const turn = asking.then(async () => {
      while (!failed && reads.length - taken > width) await change.next()
      if (failed || ended) return null
      const next = await items.next()
      if (next.done) {
        ended = true
        change.tell()
        return null
      }
      let settle!: { resolve: (value: R) => void; reject: (error: unknown) => void }
      const arrival = new Promise<R>((resolve, reject) => (settle = { resolve, reject }))
      // Awaited in turn by the taker; a failure before its turn is reported by the lane that read it.
      arrival.catch(() => {})
      reads.push(arrival)
      change.tell()
      return { item: next.value, settle }
    })
    asking = turn.catch(() => {})
    return turn
  }
  const lane = async () => {
    for (;;) {
      const next = await nextItem().catch(fail)
      if (next === null) return
      try {
        next.settle.resolve(await read(next.item))
      } catch (error) {
        next.settle.reject(error)
        fail(error)
      }
    }
  }
  const taking = async () => {
    while (!failed) {
      const arrival = reads[taken]
      if (arrival === undefined) {
        if (ended) return
        await change.next()
        continue
      }
      const value = await arrival.catch(fail)
      // Let go of each read once taken: a large export's files and slices are not all held at once.
      reads[taken] = undefined
      await take(value).catch(fail)
      taken++
      change.tell()
    }
  }
  await Promise.all([...Array.from({ length: width }, lane), taking()])
}
