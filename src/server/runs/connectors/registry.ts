import { availableParallelism } from 'node:os'
import type { RegistryCode } from '../../../api/contract/common'
import type { ProgressUnit, RunSkippedRow } from '../../../api/contract/sources'
import { endpointName, endpoints } from '../../../api/endpoints'
import { resolveAsOf } from '../../importers/as-of'
import type { RegistryRecord, SkippedRow } from '../../importers/registry/registry-record'
import { breathe, stepsPerBreath } from '../breathe'
import { ConnectorError, type Connector } from '../connector'
import { digestCredits, type DigestedCredits } from '../../importers/digest/credit-digest'
import { readAndTakeInOrder } from '../read-in-order'
import { notAnExport, readRegistryPart, registryFileParts } from '../registry-file-parts'
import { registryFormats } from '../../importers/registry/recognise'
import { CreditIntake, dropRunStaging, planRegistryImport, type FiledListing } from '../registry-import'
import { SlicedFile } from '../sliced-file'
import { uploadedFilesOf } from '../uploaded-file'
import { keysByPageId } from '../../db/queries/projects'
import { parseLimitsOf, runParseJob } from '../parse/run-parse-job'

/** What a registry run processes: the export's listings, which are projects, and its credit records. */
const counted: ProgressUnit[] = ['projects', 'records']

/**
 * Files of one export, or slices of one file, read at once, each in its own worker: one per core, two at most, so
 * a run of a four-file export reads in half the time on two cores while its memory stays within two workers' ceilings.
 */
const filesReadAtOnce = Math.max(1, Math.min(2, availableParallelism()))

/**
 * Imports a registry's public export: one or several of its files (projects, issuances, retirements,
 * cancellations; Verra's transactions) in one run, each recognised by its header and applied together or not at
 * all. Every record is stored once by its identity, however often it is imported; the projects the files name
 * that the catalogue holds are covered by this source as of the export's date, and new listings become projects.
 * A file of another registry or of no known format fails the run, naming what was expected, and changes nothing.
 */
export const registryConnector: Connector = async (context) => {
  const registry = context.source.registry
  if (registry === null) throw new ConnectorError('no_connector', `${context.source.name} is not a registry: its runs do not read a registry's export.`)
  await context.progress(0, null, counted)
  const upload = uploadedFilesOf(context)
  if (upload.count === 0) {
    throw new ConnectorError(
      'source_unavailable',
      `${context.source.name} publishes its data as export files: upload them (${endpointName(endpoints.uploadFile)}), then start a run with their file_ids.`,
    )
  }
  const wanted = context.projectKeys ? new Set(context.projectKeys) : null
  const inRun = (key: string) => wanted === null || wanted.has(key.toUpperCase())
  const store = context.env.DATABASE_URL ? 'postgresql' : 'pglite'
  const credits = new CreditIntake({ db: context.db, dataset: context.dataset }, inRun, store)
  try {
    const plan = await readAndPlan(registry)
    await context.progress(plan.processed, plan.processed, counted)
    return plan
  } catch (error) {
    // A run that fails while it reads lets go of the records it staged, once no copy into them is under way.
    await credits.settled()
    await dropRunStaging({ db: context.db, dataset: context.dataset }).catch(() => {})
    throw error
  }

  async function readAndPlan(registry: RegistryCode) {
    const listings: FiledListing[] = []
    const unresolved: { file: string; records: RegistryRecord[] }[] = []
    const skipped: RunSkippedRow[] = []
    const names: string[] = []
    let newestUpload = new Date(0)
    let rowsTaken = 0
    // What the files gave beside records and listings, so the run's counts reconcile with them.
    const read = { rows: 0, joinedRows: 0, pairedRows: 0, pairedBecause: new Set<string>(), listingsOutside: 0 }
    const slicedFiles = new Map<number, SlicedFile>()
    // One at a time, not spread: a slice may skip more rows than a call takes arguments.
    const skip = (file: string, rows: readonly SkippedRow[]) => {
      for (const row of rows) skipped.push({ row: row.row, file, reason: row.reason })
    }
    /** Takes a file's, a slice's or summed records, and skips the rows whose blocks overlap ones counted already. */
    const takeCredits = async (file: string, digest: Omit<DigestedCredits, 'unresolved'>) => skip(file, await credits.take(digest))
    await readAndTakeInOrder(
      registryFileParts(upload, context.env.CREDENCE_IMPORT_SLICE_KIB * 1024, { maxRows: context.env.CREDENCE_IMPORT_MAX_ROWS, maxCellChars: context.env.CREDENCE_IMPORT_MAX_CELL_CHARS }),
      filesReadAtOnce,
      (part) => readRegistryPart(context, registry, part),
      async (part) => {
        const { file } = part
        if (names.length === file.index) {
          names.push(file.name)
          if (file.createdAt > newestUpload) newestUpload = file.createdAt
        }
        if ('end' in part) {
          // The file's last slice is taken: its records summed across slices are whole now.
          const sliced = slicedFiles.get(file.index)!
          slicedFiles.delete(file.index)
          const summed = sliced.finish()
          // Settled now: a file that is not an export is refused before its summed records are digested.
          if (!sliced.isExport) throw notAnExport(file.name, sliced.firstSkipped)
          skip(file.name, summed.skipped)
          read.joinedRows += summed.joinedRows
          // Digested and taken half a breath's steps at a time (each record is digested here as well as taken), so the
          // API answers meanwhile.
          for (let i = 0; i < summed.records.length; i += stepsPerBreath / 2) {
            await takeCredits(file.name, digestCredits(summed.records.slice(i, i + stepsPerBreath / 2), { sourceId: context.source.id, runId: context.runId, fileName: file.name }))
            await breathe()
          }
          return
        }
        const { read: given } = part
        const wantedListings = given.listings.filter((listing) => inRun(listing.key))
        listings.push(...wantedListings.map((listing) => ({ ...listing, file: file.name })))
        read.listingsOutside += given.listings.length - wantedListings.length
        read.rows += given.rowsRead
        read.joinedRows += given.joinedRows
        read.pairedRows += given.pairedRows
        const because = given.pairedRows > 0 ? registryFormats.find((format) => format.id === given.format)?.pairedBecause : undefined
        if (because) read.pairedBecause.add(because)
        skip(file.name, given.skipped)
        if (given.unresolved.length > 0) unresolved.push({ file: file.name, records: given.unresolved })
        await takeCredits(file.name, given)
        if (part.rows === null) return
        // A slice: what may go on past it is kept until the file's last slice is taken, and the run's progress moves.
        if (!slicedFiles.has(file.index)) slicedFiles.set(file.index, new SlicedFile())
        slicedFiles.get(file.index)!.add(given)
        rowsTaken += part.rows
        await context.progress(rowsTaken, null, ['rows'])
      },
    )
    // Isometric's credit files name a project by its own id: the projects file of the same run says which key it is,
    // else the page address an earlier run kept (a newer retirements file alone needs no projects file again).
    const keyOfRegistryId = new Map(listings.flatMap((listing) => (listing.registryId ? [[listing.registryId, listing.key] as const] : [])))
    const unnamed = unresolved.flatMap(({ records }) => records.map((record) => record.project_key.slice(1)).filter((id) => !keyOfRegistryId.has(id)))
    if (unnamed.length > 0) for (const [id, key] of await keysByPageId(context.db, registry, unnamed)) keyOfRegistryId.set(id, key)
    for (const { file, records } of unresolved) {
      const named = records.flatMap((record) => {
        const key = keyOfRegistryId.get(record.project_key.slice(1))
        if (key) return [{ ...record, project_key: key }]
        skipped.push({ row: record.row, file, reason: `project ${record.project_key.slice(1)} is neither in this run's projects file nor imported before; import the projects file with it` })
        return []
      })
      // Digested once resolved: a record's fingerprint says what it says with its project's key, as any other's does.
      await takeCredits(file, digestCredits(named, { sourceId: context.source.id, runId: context.runId, fileName: file }))
    }
    if (credits.count === 0 && listings.length === 0 && skipped.length > 0) {
      throw new ConnectorError('file_not_registry_export', `Nothing in ${names.join(', ')} could be imported (${skipped[0].file}, row ${skipped[0].row}: ${skipped[0].reason}); nothing was changed.`)
    }
    const newest = credits.newest === null ? null : new Date(`${credits.newest}T00:00:00Z`)
    const { asOf, basis: asOfBasis } = resolveAsOf({ requested: context.requestedAsOf, fileName: names.join(' '), contentAsOf: newest, fallback: newestUpload, now: context.now })
    const plan = await planRegistryImport(context.db, context.dataset, {
      credits,
      listings,
      skipped,
      read,
      asOf,
      sourceId: context.source.id,
      store,
      // Tens of thousands of spellings are half a second of CPU: done in a parsing worker, the API answers meanwhile.
      resolveSpellings: (spellings, decisions) =>
        runParseJob('spellings', { spellings, decisions }, {
          fileName: 'the names the records give',
          limits: parseLimitsOf(context.env),
        }),
    })
    return { ...plan, asOfBasis }
  }
}
