import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { lockFileName } from '../../src/server/db/engine/embedded-lock'
import { openPGlite } from '../../src/server/db/engine/pglite-template'

const folder = () => mkdtempSync(join(tmpdir(), 'credence-template-'))

/** The names in a ustar archive, read here on their own. */
function tarNames(tar: Buffer): string[] {
  const names: string[] = []
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) break
    names.push(header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, ''))
    const size = parseInt(header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8)
    offset += 512 + Math.ceil(size / 512) * 512
  }
  return names
}

describe('a new embedded store starts from the template of an empty cluster', () => {
  let template: string
  beforeEach(() => {
    template = join(folder(), 'empty.tar')
  })

  it('saves the first store as a template without our files, and a second store starts from it and keeps its data', async () => {
    const first = folder()
    writeFileSync(join(first, lockFileName), 'someone else')
    const a = await openPGlite(first, template)
    await a.close()
    const names = tarNames(readFileSync(template))
    expect(names).toContain('/PG_VERSION')
    expect(names.some((name) => name.includes(lockFileName) || name.includes('postmaster.pid'))).toBe(false)

    const second = folder()
    const b = await openPGlite(second, template)
    await b.exec('create table kept (x int); insert into kept values (42)')
    await b.close()
    expect(existsSync(join(second, lockFileName))).toBe(false)
    const again = await openPGlite(second, template)
    expect((await again.query<{ x: number }>('select x from kept')).rows).toEqual([{ x: 42 }])
    await again.close()
  }, 60_000)

  it('starts a store kept in memory from the template, and makes the template where there is none', async () => {
    const first = await openPGlite('memory://', template)
    await first.exec('create table kept (x int); insert into kept values (42)')
    await first.close()
    // Made before anything was written: a store in memory leaves the template of an empty cluster, as one on disk does.
    expect(tarNames(readFileSync(template))).toContain('/PG_VERSION')
    const second = await openPGlite('memory://', template)
    expect((await second.query<{ n: number }>("select count(*)::int as n from pg_tables where tablename = 'kept'")).rows).toEqual([{ n: 0 }])
    expect((await second.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
    await second.close()
  }, 60_000)

  it('drops a template that does not load and makes the store, and a good template, the long way', async () => {
    writeFileSync(template, 'not a tar')
    const store = await openPGlite(folder(), template)
    expect((await store.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
    await store.close()
    expect(tarNames(readFileSync(template))).toContain('/PG_VERSION')
  }, 60_000)
})
