/**
 * Beside the name of a generated project wherever it is shown, so a generated record is never read as a real
 * registry's. The word says it; the dashed outline repeats it for a glance down a column.
 */
export function SyntheticBadge() {
  return <span className="badge badge-synthetic">Synthetic</span>
}
