import { apiSend } from './client'

/**
 * Files the API answers as attachments (a shortlist's pack, the analysts' decisions), fetched rather than followed
 * as a link, so a refusal or an outage is shown beside what asked for it instead of saved as the file. Apart from
 * the client, which every route loads: only the pages that offer a file carry this.
 */

/** A file the API answers as an attachment, with the name it gives it (`fallbackName` when it gives none). */
export async function apiFile(path: string, fallbackName: string, options: { signal?: AbortSignal } = {}): Promise<{ name: string; blob: Blob }> {
  const response = await apiSend(path, { signal: options.signal, headers: { accept: '*/*' } })
  return { name: attachmentName(response.headers.get('content-disposition')) ?? fallbackName, blob: await response.blob() }
}

/** The file name a `Content-Disposition` header gives: RFC 6266's `filename*` (UTF-8) before the plain `filename`. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim())
    } catch {
      // A malformed escape: the plain name, if any, says it as well.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header)
  if (!plain) return null
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]
}

