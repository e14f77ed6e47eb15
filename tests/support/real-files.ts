import { resolve } from 'node:path'

/** Berkeley's release beside the project (`../shared`), or where CREDENCE_VROD_FILE says: test and bench input only. */
export const berkeleyFile = process.env.CREDENCE_VROD_FILE ?? resolve('../shared/data/vrod/Voluntary-Registry-Offsets-Database--v2025-12-year-end.parquet')

/** An API's environment to seed its live catalogue from Berkeley's file, its runs taking no pause between steps. */
export const seededFromBerkeley = { CREDENCE_LIVE_DATA: 'vrod', CREDENCE_VROD_FILE: berkeleyFile, CREDENCE_RUN_STEP_MS: '0' }
