import type { CreditKind } from '../../../api/contract/credits'
import type { RegistryCode } from '../../../api/contract/common'
import type { RegistryRecord } from '../registry/registry-record'
import { serialRangeOf } from '../registry/serial-range'

/** Where a block's units are numbered: a registry's records of one kind, within the serial's scope. */
export interface BlockScope {
  registry: RegistryCode
  kind: CreditKind
  scope: string
}

/**
 * Records' blocks of serial numbers, by record: `scopeOf` numbers the record's scope in `scopes` (-1: it has no
 * block), `first` and `last` are its units. Their lines for COPY are written by the run for the records new to the
 * store alone (`counted-blocks.ts`): formatted here, for every record, they took a parsing worker a quarter more.
 */
export interface DigestedBlocks {
  scopes: BlockScope[]
  scopeOf: Int32Array
  first: Float64Array
  last: Float64Array
}

/**
 * A file's blocks gathered as its records are digested, in flat pieces like the rest of the digest. The scope of
 * the last block is kept at hand: a file's blocks mostly share one (all of Verra's do).
 */
export class BlockPacker {
  private readonly blocks: DigestedBlocks
  private readonly numbers = new Map<string, number>()
  private last: (BlockScope & { number: number }) | null = null

  constructor(count: number) {
    this.blocks = { scopes: [], scopeOf: new Int32Array(count).fill(-1), first: new Float64Array(count), last: new Float64Array(count) }
  }

  /** Record `i`'s block, where its serial encodes one. */
  add(i: number, record: RegistryRecord) {
    const range = serialRangeOf(record.registry, record.serial)
    if (!range) return
    this.blocks.scopeOf[i] = this.scopeNumber(record.registry, record.kind, range.scope)
    this.blocks.first[i] = range.first
    this.blocks.last[i] = range.last
  }

  done(): DigestedBlocks {
    return this.blocks
  }

  private scopeNumber(registry: RegistryCode, kind: CreditKind, scope: string) {
    const last = this.last
    if (last && last.scope === scope && last.kind === kind && last.registry === registry) return last.number
    const key = `${registry}|${kind}|${scope}`
    let number = this.numbers.get(key)
    if (number === undefined) this.numbers.set(key, (number = this.blocks.scopes.push({ registry, kind, scope }) - 1))
    this.last = { registry, kind, scope, number }
    return number
  }
}
