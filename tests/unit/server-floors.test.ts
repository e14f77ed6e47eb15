import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The server's floors are lint rules, so an import that climbs fails `npm run lint` with the rule in its message.
 * Each case lints one line as if it were a file in that folder.
 */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') })

async function messagesFor(file: string, code: string) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: resolve(import.meta.dirname, '../..', file) })
  return result.messages.filter((m) => m.ruleId?.endsWith('no-restricted-imports')).map((m) => m.message)
}

describe('server floors in lint', () => {
  it.each([
    ['src/server/db/queries/probe.ts', "import { rankPool } from '../../ranking/score'", 'db/ never imports a domain folder'],
    ['src/server/db/probe.ts', "import { projectRoutes } from '../routes/projects'", 'db/ never imports a domain folder or the edge'],
    ['src/server/ranking/probe.ts', "import { projectRoutes } from '../routes/projects'", 'a domain folder never imports the edge'],
    ['src/server/quality/probe.ts', "import { seedDataset } from '../seeding/seed'", 'a domain folder never imports the edge'],
    ['src/server/importers/probe.ts', "import { startWorker } from '../runs/worker'", 'importers read files into rows and know nothing of runs/'],
    ['src/server/core/probe.ts', "import type { Database } from '../db/schema'", 'core/ is the ground floor'],
    ['src/server/db/migrations/011-probe.ts', "import { sourceList } from '../../sources/catalog'", 'Migrations are frozen'],
  ])('%s may not: %s', async (file, code, rule) => {
    const messages = await messagesFor(file, code)
    expect(messages.join('\n')).toContain(rule)
  })

  it('reads the catalogue\'s layout only in catalogue/', async () => {
    const code = "export const typeOf = (c: { facets: { type: { starts: Int32Array } } }, row: number) => c.facets.type.starts[row]"
    const [outside] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '../../src/server/ranking/probe.ts') })
    expect(outside.messages.map((m) => m.message).join('\n')).toContain("column layout is read only in catalogue/")
    const [inside] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '../../src/server/catalogue/probe.ts') })
    expect(inside.messages).toEqual([])
  })

  it.each([
    ['src/server/routes/probe.ts', "import { rankPool } from '../ranking/score'"],
    ['src/server/ranking/probe.ts', "import { findProject } from '../db/queries/projects'"],
    ['src/server/db/queries/probe.ts', "import { newId } from '../../core/ids'"],
    ['src/server/db/queries/probe.ts', "import { catalogueRows } from './catalogue'"],
    ['src/server/quality/probe.ts', "import { isSeeded } from '../db/queries/seeding'"],
  ])('%s may: %s', async (file, code) => {
    expect(await messagesFor(file, code)).toEqual([])
  })
})

/** Relative imports of every server module, type imports included: a circle of types is still a circle to read. */
function importGraph(root: string) {
  const graph = new Map<string, string[]>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.ts')) {
        const text = readFileSync(path, 'utf8')
        const targets = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => `${resolve(dirname(path), m[1])}.ts`)
        graph.set(path, targets)
      }
    }
  }
  walk(root)
  return graph
}

describe('server imports', () => {
  it('form no circle', () => {
    const root = resolve(import.meta.dirname, '../../src/server')
    const graph = importGraph(root)
    const done = new Set<string>()
    const circles: string[] = []
    const visit = (file: string, path: string[]) => {
      const at = path.indexOf(file)
      if (at >= 0) {
        circles.push(path.slice(at).concat(file).map((f) => relative(root, f)).join(' → '))
        return
      }
      if (done.has(file) || !graph.has(file)) return
      for (const next of graph.get(file)!) visit(next, [...path, file])
      done.add(file)
    }
    for (const file of graph.keys()) visit(file, [])
    expect(circles).toEqual([])
  })
})

describe('the server graph in lint', () => {
  it.each([
    ['src/server/projects/probe.ts', "import { toProjectSummary } from '../present/project-summary'", 'only routes/ import present/'],
    ['src/server/ranking/probe.ts', "import { toRecommendation } from '../present/recommendation'", 'only routes/ import present/'],
    ['src/server/main.ts', "import { toRecommendation } from './present/recommendation'", 'only routes/ import present/'],
    ['src/server/sources/probe.ts', "import { recommend } from '../ranking/recommend'", 'sources/ imports only core/, db/, importers/'],
    ['src/server/pricing/probe.ts', "import { loadCatalogue } from '../catalogue/load'", 'pricing/ imports only core/, importers/'],
  ])('%s may not: %s', async (file, code, rule) => {
    expect((await messagesFor(file, code)).join('\n')).toContain(rule)
  })

  it('reads process.env only in env.ts', async () => {
    const code = 'export const port = process.env.API_PORT'
    const syntax = async (file: string) => {
      const [result] = await eslint.lintText(`${code}\n`, { filePath: resolve(import.meta.dirname, '../..', file) })
      return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
    }
    expect((await syntax('src/server/db/engine/probe.ts')).join('\n')).toContain('only in src/server/env.ts')
    expect((await syntax('src/server/main.ts')).join('\n')).toContain('only in src/server/env.ts')
    expect(await syntax('src/server/env.ts')).toEqual([])
  })

  it.each([
    ['src/server/routes/probe.ts', "import { toRecommendation } from '../present/recommendation'"],
    ['src/server/sources/probe.ts', "import { registryFormats } from '../importers/registry/recognise'"],
    ['src/server/catalogue/probe.ts', "import { saleOfRow } from '../pricing/on-sale'"],
  ])('%s may: %s', async (file, code) => {
    expect(await messagesFor(file, code)).toEqual([])
  })
})

describe('the server graph', () => {
  it('places every folder of src/server, so none escapes the rules', async () => {
    // The lint config is plain JavaScript: imported by a path held in a variable, it is not type-checked here.
    const config = '../../eslint.config.js'
    const { serverGraph } = (await import(config)) as { serverGraph: Record<string, string[]> }
    const folders = readdirSync(resolve(import.meta.dirname, '../../src/server'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
    expect(folders.filter((folder) => !(folder in serverGraph))).toEqual([])
  })
})
