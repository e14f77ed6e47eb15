import { useId } from 'react'
import type { UploadProgress } from '../../../api/queries/files'
import { formatPercent } from '../../../lib/format'
import { formatBytes } from '../../../lib/format-bytes'

/** How much of the file has reached the server. */
export function UploadProgressBar({ fileName, progress }: { fileName: string; progress: UploadProgress }) {
  const labelId = useId()
  const total = Math.max(progress.total, 1)
  const text = `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)} sent (${formatPercent(progress.loaded / total)})`
  return (
    <div className="run-progress">
      <span id={labelId} className="run-progress-label">
        Uploading {fileName}
      </span>
      <progress aria-labelledby={labelId} aria-valuetext={text} value={progress.loaded} max={total} />
      <span className="run-progress-text muted">{text}</span>
    </div>
  )
}
