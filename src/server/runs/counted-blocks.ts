import type { SkippedRow } from '../importers/registry/registry-record'
import { BlockLedger } from '../importers/registry/block-ledger'
import { blockName, overlapProblem } from '../importers/registry/record-checks'
import { creditBlockLine } from '../db/copy/credit-columns'
import { storedBlocksOverlapping, type HeldBlock, type WantedBlock } from '../db/queries/credit-blocks'
import type { CopyBlock } from '../db/queries/copy-rows'
import type { ScopedDb } from '../db/queries/scoped'
import type { BlockScope } from '../importers/digest/block-digest'
import type { DigestedCredits } from '../importers/digest/credit-digest'
import { breathe, stepsPerBreath } from './breathe'

/** What the count reads of a file's records. */
type FileBlocks = Pick<DigestedCredits, 'blocks' | 'rows' | 'fileName'>

/** Lines per COPY of new blocks, as for records (`copy-rows.ts`). */
const linesPerCopy = 5000

const encoder = new TextEncoder()

const storedName = (held: HeldBlock) => `the block ${blockName(held.serial ?? held.id)} stored from ${held.file_name} (row ${held.row_number})`

/**
 * The blocks a run counted, as columns of a few bytes each rather than an object each (a million-record export
 * counts most of a million): each block's record id, row, file, scope and units, and whether the store lacked it.
 */
class CountedColumns {
  readonly ids: string[] = []
  rows = new Uint32Array(1024)
  files = new Uint32Array(1024)
  scopes = new Uint32Array(1024)
  first = new Float64Array(1024)
  last = new Float64Array(1024)
  fresh = new Uint8Array(1024)

  get count() {
    return this.ids.length
  }

  push(id: string, row: number, file: number, scope: number, first: number, last: number, fresh: boolean) {
    const n = this.ids.length
    if (n === this.rows.length) this.grow()
    this.ids.push(id)
    this.rows[n] = row
    this.files[n] = file
    this.scopes[n] = scope
    this.first[n] = first
    this.last[n] = last
    this.fresh[n] = fresh ? 1 : 0
    return n
  }

  private grow() {
    const twice = <A extends Uint32Array | Float64Array | Uint8Array>(array: A): A => {
      const larger = new (array.constructor as new (length: number) => A)(array.length * 2)
      larger.set(array)
      return larger
    }
    ;[this.rows, this.files, this.scopes, this.first, this.last, this.fresh] = [twice(this.rows), twice(this.files), twice(this.scopes), twice(this.first), twice(this.last), twice(this.fresh)]
  }
}

/**
 * A run's blocks of serial numbers, across its files: a record is counted only where its block shares no unit with
 * one of the same registry and kind counted before it, in this run or stored by an earlier one. The same record
 * imported again (the same id) is the same record, never an overlap, and a record the store holds already is
 * counted there: only new records are looked up, with one statement per few thousand blocks, so an export
 * imported again asks nothing. Each file's parsing worker has checked its own rows against one another
 * (`record-checks.ts`); this checks them against the other files and the store.
 */
export class CountedBlocks {
  /** Counted blocks by scope, each held by its number in `counted`. */
  private readonly ledger = new BlockLedger<number>()
  private readonly counted = new CountedColumns()
  private readonly scopes: BlockScope[] = []
  private readonly scopeNumbers = new Map<string, number>()
  private readonly fileNames: string[] = []
  /** Counted blocks looked at for staging (`drainFresh`), and the lines of those not staged yet. */
  private formatted = 0
  private pending = ''
  private pendingLines = 0

  /**
   * Of a file's records taken so far (`taken`, by number, with their `ids`; `stored`: those the store holds), those
   * that count, and the rows of those that do not, with why.
   */
  async count(db: ScopedDb, file: FileBlocks, taken: readonly number[], ids: readonly string[], stored: ReadonlyMap<string, unknown>) {
    const { scopes, scopeOf, first, last } = file.blocks
    const wanted: WantedBlock[] = []
    const wantedAt: number[] = []
    for (let n = 0; n < taken.length; n++) {
      if (n > 0 && n % stepsPerBreath === 0) await breathe()
      const i = taken[n]
      if (scopeOf[i] < 0 || stored.has(ids[n])) continue
      wanted.push({ id: ids[n], ...scopes[scopeOf[i]], first: first[i], last: last[i] })
      wantedAt.push(n)
    }
    const held = await storedBlocksOverlapping(db, wanted)
    const heldInStore = new Map([...held].map(([w, block]) => [wantedAt[w], block]))
    const runScope = scopes.map((scope) => this.scopeNumber(scope))
    const fileNumber = this.fileNames.push(file.fileName) - 1
    const counted = { taken: [] as number[], ids: [] as string[], skipped: [] as SkippedRow[], skippedIds: [] as string[] }
    for (let n = 0; n < taken.length; n++) {
      if (n > 0 && n % stepsPerBreath === 0) await breathe()
      const i = taken[n]
      const s = scopeOf[i]
      const why = s < 0 ? null : this.overlap(runScope[s], first[i], last[i], heldInStore.get(n))
      if (why === null) {
        if (s >= 0) this.ledger.add(runScope[s], first[i], last[i], this.counted.push(ids[n], file.rows[i], fileNumber, runScope[s], first[i], last[i], !stored.has(ids[n])))
        counted.taken.push(i)
        counted.ids.push(ids[n])
      } else {
        counted.skipped.push({ row: file.rows[i], reason: why })
        counted.skippedIds.push(ids[n])
      }
    }
    return counted
  }

  /** How many blocks `fresh` gives. */
  get freshCount() {
    let count = 0
    for (let n = 0; n < this.counted.count; n++) count += this.counted.fresh[n]
    return count
  }

  /**
   * The blocks of counted records the store did not hold, counted since the last call, as COPY's data: a COPY's
   * worth at a time, formatted as they are staged and not held as text meanwhile; with `all`, the last part-filled
   * one too. A block once counted stays counted, so each is staged as soon as a COPY's worth is ready.
   */
  drainFresh(all = false): CopyBlock[] {
    const { counted, scopes } = this
    const drained: CopyBlock[] = []
    for (; this.formatted < counted.count; this.formatted++) {
      const n = this.formatted
      if (!counted.fresh[n]) continue
      const { registry, kind, scope } = scopes[counted.scopes[n]]
      this.pending += creditBlockLine({ credit_id: counted.ids[n], registry, kind, scope, first_unit: counted.first[n], last_unit: counted.last[n] })
      if (++this.pendingLines === linesPerCopy) drained.push(this.takePending())
    }
    if (all && this.pendingLines > 0) drained.push(this.takePending())
    return drained
  }

  private takePending(): CopyBlock {
    const block = [encoder.encode(this.pending) as Uint8Array<ArrayBuffer>]
    this.pending = ''
    this.pendingLines = 0
    return block
  }

  /** Why a block in run scope `scope` is not counted, or null. */
  private overlap(scope: number, first: number, last: number, heldInStore: HeldBlock | undefined): string | null {
    const range = { scope: this.scopes[scope].scope, first, last }
    if (heldInStore) return overlapProblem(range, storedName(heldInStore))
    const n = this.ledger.overlapping(scope, first, last)
    if (n === undefined) return null
    const id = this.counted.ids[n].replace(/^[^:]+:[^:]+:/, '')
    return overlapProblem(range, `the block ${blockName(id)} on row ${this.counted.rows[n]} of ${this.fileNames[this.counted.files[n]]}`)
  }

  private scopeNumber(scope: BlockScope) {
    const key = `${scope.registry}|${scope.kind}|${scope.scope}`
    let number = this.scopeNumbers.get(key)
    if (number === undefined) this.scopeNumbers.set(key, (number = this.scopes.push(scope) - 1))
    return number
  }
}
