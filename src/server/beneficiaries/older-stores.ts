import type { Kysely } from 'kysely'
import { bumpDatasetVersion } from '../db/queries/dataset-versions'
import { insertResolvedSpellings } from '../db/queries/beneficiary-spellings'
import { recordsWithoutSpelling, setRecordSpellings } from '../db/queries/credits'
import { isSeeded, readMeta, writeMeta } from '../db/queries/meta'
import { scoped, type ImportTarget } from '../db/queries/scoped'
import type { Database, Dataset } from '../db/schema'
import { readStoredSpelling, recordReader } from './extract'
import { spellingId } from './spelling'
import { resolveRecountedBeneficiaries } from './stored-resolution'
import { beneficiaryRules } from '../core/method-versions'

/** Records stored before spellings were kept get theirs, read from their own fields, a page at a time. */
async function spellRecordsOfBefore(target: ImportTarget) {
  const beneficiaryOf = recordReader()
  for (let after = ''; ; ) {
    const rows = await recordsWithoutSpelling(target.db, after, 5000)
    if (rows.length === 0) return
    const spellings = new Map<string, Parameters<typeof insertResolvedSpellings>[1][number]>()
    const ids: string[] = []
    const spellingIds: string[] = []
    for (const row of rows) {
      const { spelling, reading } = beneficiaryOf(row)
      if (!spelling) continue
      const id = spellingId(spelling)
      // Stored unresolved: the resolution after this resolves every spelling, these with the others.
      spellings.set(id, { id, field: spelling.field, spelling: spelling.text, rulesName: reading.name, rulesWhy: reading.why, name: null, why: '', records: 0 })
      ids.push(row.id)
      spellingIds.push(id)
    }
    await insertResolvedSpellings(target, [...spellings.values()], 'postgresql')
    await setRecordSpellings(target.db, ids, spellingIds)
    after = rows.at(-1)!.id
  }
}

/**
 * Brings a dataset's beneficiaries up to the rules of `beneficiaryRules`, once, at start and before it is served:
 * records stored before spellings were kept get theirs, every spelling is read again by these rules and its records
 * counted, and all are resolved with the decisions in force. Answers the spellings that now resolve otherwise, or
 * null when there was nothing to do.
 */
export async function resolveOlderBeneficiaries(db: Kysely<Database>, dataset: Dataset): Promise<number | null> {
  if (!(await isSeeded(db, dataset))) return null
  if ((await readMeta(db, dataset, 'beneficiary_rules')) === beneficiaryRules) return null
  return db.transaction().execute(async (trx) => {
    const target = { db: scoped(trx, dataset), dataset }
    await spellRecordsOfBefore(target)
    const change = await resolveRecountedBeneficiaries(target, (stored) => readStoredSpelling({ field: stored.field, text: stored.spelling }))
    await writeMeta(trx, dataset, { beneficiary_rules: beneficiaryRules })
    await bumpDatasetVersion(trx, dataset)
    return change.spellings
  })
}
