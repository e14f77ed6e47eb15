import { Skeleton, TableSkeleton } from '../../../components/skeleton'

/** The shape of the shortlist page while it loads: title, brief, actions, then the table. */
export function ShortlistSkeleton() {
  return (
    <div className="shortlist" aria-busy="true">
      <div className="page-header">
        <h1>Shortlist</h1>
      </div>
      <div className="shortlist-summary">
        <div className="card">
          <Skeleton lines={4} label="Loading the shortlist…" />
        </div>
        <div className="card" aria-hidden="true">
          <Skeleton lines={3} label="" />
        </div>
      </div>
      <TableSkeleton rows={6} cols={8} label="" />
    </div>
  )
}
