/**
 * Vintages before this year are pre-Paris: CORSIA and most buyers' claims leave them out, and they trade lower. The
 * estimate prices by it (`server/pricing`) and the app says what an estimate sells by it, so both read this one year.
 */
export const preParisBefore = 2016

/**
 * What an estimate sells where it is less than a project's remaining: the estimate prices the newest vintage left, and
 * a row priced at a vintage from `preParisBefore` on sells those vintages alone (`server/pricing/on-sale.ts`).
 */
export const estimateSells = `the vintages from ${preParisBefore} on; credits of earlier (pre-Paris) vintages trade lower, and are priced only where nothing later is left`
