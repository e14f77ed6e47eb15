import type { NewSpotPrice } from '../schema'
import { chunked } from './chunks'
import type { ScopedDb } from './scoped'

/** The one writer of `spot_prices`: a quote per project, rewritten by each run that moves it. */
export async function upsertPrices(db: ScopedDb, rows: NewSpotPrice[]) {
  for (const chunk of chunked(rows)) {
    await db
      .insertInto('spot_prices')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('project_id').doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          as_of: eb.ref('excluded.as_of'),
          source_id: eb.ref('excluded.source_id'),
        })),
      )
      .execute()
  }
}
