import { useCallback, useRef, useState } from 'react'
import type { UploadedFile } from '../../../api/contract/files'
import type { SourceRun } from '../../../api/contract/sources'
import { uploadFile, type UploadProgress } from '../../../api/queries/files'
import type { RunStarter } from './use-start-source-run'

export type ImportPhase = 'idle' | 'uploading' | 'starting'

export interface FileImportRequest {
  source: string
  /** One file, or a registry's export of several, imported in one run. */
  files: File[]
  /** YYYY-MM-DD, or empty to let the API read it from the files. */
  asOf: string
}

/** Which file is on its way, and how much of it has arrived. */
export interface FileUploadProgress extends UploadProgress {
  fileName: string
}

/**
 * Uploads the files one after another with their progress, then starts the source's run on them. A file already
 * uploaded is not sent again when the run has to be retried (a 409, a connection lost between the two steps):
 * each chosen file keeps its `file_id`, and the run request keeps its Idempotency-Key through the run starter.
 */
export function useFileImport(starter: RunStarter) {
  const [phase, setPhase] = useState<ImportPhase>('idle')
  const [progress, setProgress] = useState<FileUploadProgress | null>(null)
  const uploaded = useRef(new Map<File, UploadedFile>())
  const controller = useRef<AbortController | null>(null)

  const importFiles = useCallback(
    async ({ source, files, asOf }: FileImportRequest): Promise<SourceRun> => {
      try {
        const ids: string[] = []
        for (const file of files) {
          let record = uploaded.current.get(file)
          if (!record) {
            setPhase('uploading')
            setProgress({ fileName: file.name, loaded: 0, total: file.size })
            controller.current = new AbortController()
            record = await uploadFile(file, { onProgress: (sent) => setProgress({ fileName: file.name, ...sent }), signal: controller.current.signal })
            uploaded.current.set(file, record)
          }
          ids.push(record.id)
        }
        setPhase('starting')
        const named = ids.length === 1 ? { file_id: ids[0] } : { file_ids: ids }
        const run = await starter.start({ source, ...named, as_of: asOf || undefined })
        uploaded.current.clear()
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

  return { importFiles, cancel, phase, progress }
}
