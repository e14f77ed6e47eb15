import { endpointName, endpoints } from '../../api/endpoints'
import { ratingVersion } from '../core/method-versions'

/** The open rating names its version: a stored rating's source says which rules made it. */
export const ratingSourceName = `Credence open rating (${ratingVersion})`
export const ratingSourceDescription =
  `Quality signals (additionality, over-crediting, leakage, permanence, MRV and more) computed by documented rules from each project's public facts and published evidence (${endpointName(endpoints.getRatingMethod)}); generated projects are rated by the same rules on their generated facts. Not an independent rater.`
