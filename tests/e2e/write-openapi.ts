import { mkdirSync, writeFileSync } from 'node:fs'
import { openApiDocument } from '../../src/api/openapi'

/** Writes the contract's OpenAPI document for the validating proxy the contract journey runs through. */
const [, , out = 'test-results/openapi.json'] = process.argv
mkdirSync(out.replace(/\/[^/]+$/, ''), { recursive: true })
writeFileSync(out, JSON.stringify(openApiDocument(), null, 2))
