/**
 * Beside a decision's button while the API moves its records: at a million records a merge takes seconds, and the
 * page showed nothing but a greyed button meanwhile, its old totals and "No decision concerns this name" in place,
 * as if nothing had happened. The status is always in the page, so a screen reader hears its words when they come.
 */
export function DecisionPending({ pending, doing }: { pending: boolean; doing: string }) {
  return (
    <span role="status" className="muted decision-pending">
      {pending ? `${doing}: moving its records…` : ''}
    </span>
  )
}
