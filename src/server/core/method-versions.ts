/**
 * The versions of Credence's three published methods, side by side: a stored rating, a recommendation and a pack
 * name the version that made them, and a change to a method's rules moves its version here. A start re-rates
 * ratings stored under an older rating version.
 */
export const ratingVersion = 'credence-rating/3'
export const rankingVersion = 'credence-rank/5'
export const priceMethodVersion = 'credence-price/3'
