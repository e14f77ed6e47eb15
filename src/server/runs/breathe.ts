/** Yields to the event loop between batches so API requests are served while a run computes. */
export const breathe = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Steps of a loop over a run's records between two breaths: some tens of milliseconds of work. A file of a
 * quarter of a million records taken in one go held the API's thread for up to a second; in steps of this many,
 * a request waits for one step at most.
 */
export const stepsPerBreath = 10_000
