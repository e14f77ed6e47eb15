import type { Approach } from '../../../api/contract/brief'

/** How the form and the brief name an approach. */
export const approachLabels: Record<Approach, string> = {
  nature: 'Nature-based (forestry, land use, agriculture)',
  technology: 'Technology-based (every other kind)',
}
