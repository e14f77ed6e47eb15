import type { PriceMethod, RatingRule } from '../../api/contract/rating-method'
import { preParisBefore } from '../../api/pre-paris'
import { ccpPremiumReforestationUsd, ccpPremiumUsd, preParisFactor } from './estimate'
import { defaultBand, priceBands } from './bands'
import type { CitationId } from '../core/citations'
import { priceMethodVersion } from '../core/method-versions'

const rule = (text: string, ...citations: CitationId[]): RatingRule => ({ text, citations })

/** The reference estimate in words and tables, from the constants the estimate itself uses (estimate.ts). */
export const priceMethodDocument: PriceMethod = {
  version: priceMethodVersion,
  description:
    "A price no source quoted is estimated, never drawn at random: the typical price of the project's type, with the type's " +
    'band as its range, adjusted for the vintage and the CCP label. The bands of renewables, avoided deforestation, cookstoves, ' +
    'reforestation, biochar and direct air capture are the ranges MSCI publishes; the durable removals\' bands are set around ' +
    'published purchase prices (see the adjustments); the other bands are Credence\'s own reading ' +
    'of the market, stated here so they can be checked. Every price Credence shows says whether it is a quote or an estimate.',
  bands: priceBands().map(({ types, band }) => ({ types, low: band.min, typical: band.typical, high: band.max })),
  other_types: { low: defaultBand.min, typical: defaultBand.typical, high: defaultBand.max },
  adjustments: [
    rule(
      `Credits of a vintage before ${preParisBefore} (pre-Paris; CORSIA accepts only credits from ${preParisBefore} on) are estimated at ` +
        `${Math.round(preParisFactor * 100)}% of the band, value and range alike: older vintages trade well below recent ones. A project is ` +
        `priced at the newest vintage it has credits left of (its first vintage where no source counts its credits by vintage), and ` +
        `sells the vintages of that price: from ${preParisBefore} on when it has any left, else its pre-Paris ones.`,
      'quantum-2024',
      'icao-corsia',
    ),
    rule(
      `A project carrying the "ICVCM CCP-Approved" label adds the published quality premium: $${ccpPremiumUsd}, or $${ccpPremiumReforestationUsd} for afforestation and reforestation.`,
      'msci-2025',
    ),
    rule('No other label, grade or co-benefit moves an estimate: no published premium for them was at hand.'),
    rule(
      'Durable removals are priced as what buyers pay to have carbon stored for centuries, never at avoidance prices: ' +
        'direct air capture around the 2023 average of $715 and BECCS around $300 (Statista 2024); enhanced rock weathering ' +
        'between Alt Carbon\'s $200 (S&P Global 2024) and Lithos\'s $370 (Frontier 2023); ocean alkalinity enhancement around ' +
        'Planetary\'s $271 (Frontier 2025); biomass burial around Vaulted Deep\'s $382 (CDR.fyi 2024); bio-oil geological storage ' +
        'around Charm\'s $600 (CNaught 2024). Mineralization has no published purchase price at hand: its band is Credence\'s own ' +
        'reading, between enhanced weathering and direct air capture; carbon-absorbing concrete, which mineralises CO2 in ' +
        'concrete for good, is priced as it.',
      'statista-2024-cdr',
      'spglobal-2024-alt-carbon',
      'frontier-2023-lithos',
      'frontier-2025-planetary',
      'cdrfyi-2024-vaulted-deep',
      'cnaught-charm',
    ),
  ],
  citations: ['msci-2024', 'msci-2025', 'statista-2024-cdr', 'spglobal-2024-alt-carbon', 'frontier-2023-lithos', 'frontier-2025-planetary', 'cdrfyi-2024-vaulted-deep', 'cnaught-charm'],
}
