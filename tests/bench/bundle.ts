import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** What the browser loads for a route: the entry and the route's lazy module, each with its static imports. */
interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

export const routeModules = {
  '/': 'src/app/routes/brief.tsx',
  '/recommendations/:id': 'src/app/routes/recommendation.tsx',
  '/shortlists': 'src/app/routes/shortlists.tsx',
  '/projects': 'src/app/routes/projects.tsx',
  '/projects/:id': 'src/app/routes/project.tsx',
  '/prices': 'src/app/routes/prices.tsx',
  '/sources': 'src/app/routes/sources.tsx',
  '/sources/runs/:id': 'src/app/routes/source-run.tsx',
  '/coverage': 'src/app/routes/coverage.tsx',
} as const

export interface RouteWeight {
  route: string
  /** The route's own module, as built. */
  module: string
  /** Every JavaScript file the route loads: the entry, the module and what they import. */
  paths: string[]
  files: number
  rawKb: number
  gzipKb: number
}

export function routeWeights(distDir = 'dist'): RouteWeight[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)
  if (!entry) throw new Error('The build has no entry chunk; run vite build first')
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) closure(imported, seen)
  }
  return Object.entries(routeModules).map(([route, module]) => {
    const keys = new Set<string>()
    closure(entry[0], keys)
    closure(module, keys)
    const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'))
    let raw = 0
    let gzip = 0
    for (const file of files) {
      const bytes = readFileSync(join(distDir, file))
      raw += bytes.length
      gzip += gzipSync(bytes, { level: 9 }).length
    }
    return { route, module: manifest[module].file, paths: files, files: files.length, rawKb: round(raw / 1024), gzipKb: round(gzip / 1024) }
  })
}

const round = (value: number) => Math.round(value * 10) / 10
