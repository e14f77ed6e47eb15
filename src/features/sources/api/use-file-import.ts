import { useCallback, useRef, useState } from 'react'
import type { UploadedFile } from '../../../api/contract/files'
import type { SourceRun } from '../../../api/contract/sources'
import { uploadFile, type UploadProgress } from '../../../api/queries/files'
import type { RunStarter } from './use-start-source-run'

export type ImportPhase = 'idle' | 'uploading' | 'starting'

export interface FileImportRequest {
  source: string
  file: File
  /** YYYY-MM-DD, or empty to let the API read it from the file. */
  asOf: string
}

/**
 * Uploads a file with its progress, then starts the source's run on it. A file already uploaded is not sent
 * again when the run has to be retried (a 409, a connection lost between the two steps): the same chosen
 * file keeps its `file_id`, and the run request keeps its Idempotency-Key through the run starter.
 */
export function useFileImport(starter: RunStarter) {
  const [phase, setPhase] = useState<ImportPhase>('idle')
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const uploaded = useRef<{ file: File; record: UploadedFile } | null>(null)
  const controller = useRef<AbortController | null>(null)

  const importFile = useCallback(
    async ({ source, file, asOf }: FileImportRequest): Promise<SourceRun> => {
      try {
        if (uploaded.current?.file !== file) {
          setPhase('uploading')
          setProgress({ loaded: 0, total: file.size })
          controller.current = new AbortController()
          const record = await uploadFile(file, { onProgress: setProgress, signal: controller.current.signal })
          uploaded.current = { file, record }
        }
        setPhase('starting')
        const run = await starter.start({ source, file_id: uploaded.current.record.id, as_of: asOf || undefined })
        uploaded.current = null
        return run
      } finally {
        controller.current = null
        setPhase('idle')
        setProgress(null)
      }
    },
    [starter],
  )

  const cancel = useCallback(() => controller.current?.abort(new DOMException('The upload was cancelled.', 'AbortError')), [])

  return { importFile, cancel, phase, progress }
}
