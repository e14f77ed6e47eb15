import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, inject } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'

setApiBaseUrl(inject('proxyUrl'))
afterEach(() => cleanup())

// jsdom lays nothing out: give it the no-op scrolling and size observation a browser has, so the virtualized
// tables render (with jsdom's zero sizes they show their first rows).
Element.prototype.scrollTo ??= function scrollTo() {}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
