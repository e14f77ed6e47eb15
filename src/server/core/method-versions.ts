/**
 * The versions of Credence's three published methods, side by side: a stored rating, a recommendation and a pack
 * name the version that made them, and a change to a method's rules moves its version here. A start re-rates
 * ratings stored under an older rating version, and reads again beneficiaries read by older rules.
 */
export const ratingVersion = 'credence-rating/6'
export const rankingVersion = 'credence-rank/11'
export const priceMethodVersion = 'credence-price/6'
/**
 * The rules that read a record's beneficiary (beneficiaries/): raise it when a rule changes what it reads or how it
 * says why. /2: an account holder's reading says it is the rules' ("is read as the account retiring them for
 * itself"), not the registry's word. /3: letters no decomposition reaches fold as a reader types them (`lib/folded.ts`),
 * so "Bøgebo" and "Bogebo" are one name; and a platform's customers, unnamed ("On behalf of Patch's customers and/or
 * their End Users"), name no one, where they read as a company called "Patch's customers".
 */
export const beneficiaryRules = 'credence-beneficiaries/3'

/** The rules a dataset seeded now is read by, as its meta records them: a start reads again what older rules read. */
export const seededRules = { rating_version: ratingVersion, beneficiary_rules: beneficiaryRules }
