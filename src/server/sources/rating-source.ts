import { ratingVersion } from '../core/method-versions'

/** The open rating names its version: a stored rating's source says which rules made it. */
export const ratingSourceName = `Credence open rating (${ratingVersion})`
// Words, not the endpoint: the source catalog shows it to buyers, and links the rating method beside it.
export const ratingSourceDescription =
  `Quality signals (additionality, over-crediting, leakage, permanence, MRV and more) computed by documented rules from each project's public facts and published evidence, every rule and weight set out in the rating method; generated projects are rated by the same rules on their generated facts. Not an independent rater.`
