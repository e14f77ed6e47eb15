import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, inject } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'

setApiBaseUrl(inject('proxyUrl'))
afterEach(() => cleanup())
