import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, inject } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'

setApiBaseUrl(inject('proxyUrl'))
// Route modules load lazily and answers come from a real API that other suites load at the same time.
configure({ asyncUtilTimeout: 10_000 })
afterEach(() => cleanup())

// jsdom lays nothing out: give it the no-op scrolling and size observation a browser has, so the virtualized
// tables render (with jsdom's zero sizes they show their first rows).
Element.prototype.scrollTo ??= function scrollTo() {}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
