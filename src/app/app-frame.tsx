import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { AppHeader } from './app-header'
import { OutageBanner } from './outage-banner'
import { QuotaBanner } from './quota-banner'
import { SyntheticCatalogueNotice } from './synthetic-catalogue-notice'

interface AppFrameProps {
  children: ReactNode
  busy?: boolean
}

/** The chrome every page shares: skip link, header, quota, outage and synthetic-data notices and the main landmark. */
export function AppFrame({ children, busy = false }: AppFrameProps) {
  const main = useMainFocusOnNavigation()
  return (
    <>
      <a className="skip-link no-print" href="#main">
        Skip to main content
      </a>
      <AppHeader />
      <div className="app-notices">
        <QuotaBanner />
        <OutageBanner />
        <SyntheticCatalogueNotice />
      </div>
      <main id="main" ref={main} tabIndex={-1} className="app-main" aria-busy={busy || undefined}>
        {children}
      </main>
      {busy && <div className="nav-progress no-print" aria-hidden="true" />}
    </>
  )
}

/**
 * After a client-side navigation, focus moves to the new page's content, as it would on a page load,
 * so keyboard and screen-reader users start reading the new page rather than the link they left.
 */
function useMainFocusOnNavigation() {
  const ref = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    ref.current?.focus({ preventScroll: true })
  }, [pathname])
  return ref
}
