import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')
const lines = readme.replace(/\n$/, '').split('\n')

/** The map of the code: from its heading to the next section of the same level. */
function mapSection(): string {
  const start = lines.findIndex((line) => line === '## Map of the code')
  if (start < 0) return ''
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '))
  return lines.slice(start, end < 0 ? undefined : end).join('\n')
}

const isDirectory = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isDirectory()
const isFile = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isFile()

describe('the README a newcomer reads', () => {
  it('is at most 400 lines', () => {
    expect(lines.length).toBeLessThanOrEqual(400)
  })

  it('names, in its map of the code, only folders that exist', () => {
    const folders = [...mapSection().matchAll(/`([^`\s]+\/)`/g)].map((match) => match[1])
    // A map that lost its heading or its folders must not pass for one whose folders all exist.
    expect(folders.length).toBeGreaterThan(20)
    expect(folders.filter((folder) => !isDirectory(folder))).toEqual([])
  })

  it('links only to docs/ pages that exist', () => {
    const linked = [...readme.matchAll(/\]\((?:\.\/)?(docs\/[^)#\s]+\.md)(?:#[^)\s]*)?\)/g)].map((match) => match[1])
    expect(linked.length).toBeGreaterThan(0)
    expect(linked.filter((page) => !isFile(page))).toEqual([])
  })

  it('gives the test command CI runs beside the set-up command', () => {
    const setUp = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
    expect(setUp).toMatch(/^npm test\b/m)
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^\s*(?:\S+=\S+\s+)*npm test$/m)
  })
})
