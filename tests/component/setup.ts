import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll, inject } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'
import { forgetRateLimitStatus } from '../../src/api/rate-limit-status'

setApiBaseUrl(inject('proxyUrl'))
// Route modules load lazily and answers come from a real API that other suites load at the same time.
configure({ asyncUtilTimeout: 10_000 })
// Each test is a tab opened afresh: what one kept for its session (the ticks to compare) is not the next one's.
afterEach(() => {
  cleanup()
  window.sessionStorage.clear()
})
// Suites share a worker's modules (vitest.config.ts): each starts, as a page loaded afresh does, knowing nothing of
// the key's quota, which another suite's sandbox answers taught the app.
beforeAll(() => forgetRateLimitStatus())

// jsdom lays nothing out: give it the no-op scrolling and size observation a browser has, so the virtualized
// tables render (with jsdom's zero sizes they show their first rows).
Element.prototype.scrollTo ??= function scrollTo() {}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
