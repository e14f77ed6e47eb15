import { useEffect } from 'react'

export const appName = 'Credence'

export function documentTitle(title?: string | null): string {
  return title ? `${title} · ${appName}` : appName
}

/** The browser tab and history name the page the reader is on: `Projects · Credence`. */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
