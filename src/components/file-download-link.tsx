import { useMutation } from '@tanstack/react-query'
import type { MouseEvent, ReactNode } from 'react'
import { useId } from 'react'
import { apiFile } from '../api/attachment'
import { apiUrl } from '../api/client'
import { describeError } from '../api/error-message'
import { saveFile } from '../lib/save-file'

interface FileDownloadLinkProps {
  /** The API path that answers the file as an attachment. */
  path: string
  /** The name the file is saved under when the answer gives none. */
  fallbackName: string
  /** What the file is, to begin a sentence: "The pack". */
  what: string
  className?: string
  children: ReactNode
}

/**
 * A link to a file the API makes. A plain click fetches the file first and saves it only when the API gave it, so a
 * refusal or an outage (a problem document) is said beside the link rather than saved as the file; a click with a
 * modifier (a new tab, "save link as") is left to the browser, which follows the link as it is.
 */
export function FileDownloadLink({ path, fallbackName, what, className, children }: FileDownloadLinkProps) {
  const statusId = useId()
  const errorId = useId()
  const download = useMutation({
    mutationFn: () => apiFile(path, fallbackName),
    onSuccess: ({ name, blob }) => saveFile(name, blob),
  })

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (!download.isPending) download.mutate()
  }

  return (
    <span className="file-download">
      <a
        className={className}
        href={apiUrl(path)}
        download
        onClick={onClick}
        aria-describedby={download.isError ? `${statusId} ${errorId}` : statusId}
        aria-busy={download.isPending || undefined}
      >
        {children}
      </a>
      <span id={statusId} role="status" className="file-download-status">
        {download.isPending && `Preparing ${what.toLowerCase()}…`}
        {download.isSuccess && `Saved ${download.data.name}`}
      </span>
      {download.isError && (
        <span id={errorId} role="alert" className="field-error">
          {what} was not downloaded: {describeError(download.error).detail}
        </span>
      )}
    </span>
  )
}
