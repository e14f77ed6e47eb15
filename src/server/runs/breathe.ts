/** Yields to the event loop between batches so API requests are served while a run computes. */
export const breathe = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))
