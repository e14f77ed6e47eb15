import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const featuresDir = join(import.meta.dirname, '../../src/features')
const features = readdirSync(featuresDir)
const shape = new Set(['api', 'components', 'lib'])

describe('every feature has one shape', () => {
  it.each(features)('%s holds only api/, components/ and lib/, nothing at its root', (feature) => {
    const misplaced = readdirSync(join(featuresDir, feature)).filter((entry) => !shape.has(entry) || !statSync(join(featuresDir, feature, entry)).isDirectory())
    expect(misplaced).toEqual([])
  })

  it.each(features)("%s's api/ holds queries only: each file works through React Query or the API's query factories", (feature) => {
    const dir = join(featuresDir, feature, 'api')
    const files = (() => {
      try {
        return readdirSync(dir)
      } catch {
        return []
      }
    })()
    const notQueries = files.filter((file) => !/@tanstack\/react-query|api\/queries\/|api\/client/.test(readFileSync(join(dir, file), 'utf8')))
    expect(notQueries).toEqual([])
  })

  it('the lint boundaries know every feature, so none may import another', () => {
    const config = readFileSync(join(import.meta.dirname, '../../eslint.config.js'), 'utf8')
    const listed = /const features = \[([^\]]*)\]/.exec(config)?.[1].match(/'[^']+'/g)?.map((name) => name.slice(1, -1))
    expect(listed?.sort()).toEqual([...features].sort())
  })
})
