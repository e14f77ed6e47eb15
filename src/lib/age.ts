/** Whole hours since an ISO time, for the freshness shown next to a project; null when there is no time. */
export function hoursSince(iso: string | null | undefined, now = Date.now()): number | null {
  if (!iso) return null
  const then = Date.parse(iso)
  return Number.isNaN(then) ? null : Math.max(0, Math.floor((now - then) / 3_600_000))
}
