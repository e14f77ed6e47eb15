import { apiErrorFrom, apiUrl, NetworkError } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import { uploadedFile, type UploadedFile } from '../contract/files'

export interface UploadProgress {
  loaded: number
  total: number
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

/**
 * Sends a file to `POST /api/files` as multipart/form-data, one file part, through the proxy that adds the token.
 * XMLHttpRequest rather than fetch: it reports upload progress, which fetch does not. The answer is parsed
 * with the contract's schema and failures become the same errors as every other request.
 */
export function uploadFile(file: File, { onProgress, signal }: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const request = new XMLHttpRequest()
    request.open('POST', apiUrl(endpointUrl(endpoints.uploadFile)))
    request.setRequestHeader('accept', 'application/json')
    request.upload.addEventListener('progress', (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size }),
    )
    request.addEventListener('load', () => {
      const headers = { get: (name: string) => request.getResponseHeader(name) }
      if (request.status < 200 || request.status >= 300) {
        return reject(apiErrorFrom(request.status, request.statusText, request.responseText, headers))
      }
      const parsed = uploadedFile.safeParse(safeJson(request.responseText))
      if (parsed.success) resolve(parsed.data)
      else reject(new NetworkError('The API answered the upload in a shape this app does not understand.', { cause: parsed.error }))
    })
    request.addEventListener('error', () =>
      reject(new NetworkError('The upload did not reach the Credence API. Check your connection and try again; the file is still chosen.')),
    )
    request.addEventListener('abort', () => reject(signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError')))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    const form = new FormData()
    form.append('file', file, file.name)
    request.send(form)
  })
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
