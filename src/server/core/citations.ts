import type { RatingCitation } from '../../api/contract/rating-method'

/**
 * The published evidence the open rating rests on. A signal names the ids it used; the rating method serves
 * the list, so each number a buyer sees can be traced to a paper or a standard-setter's decision.
 */
export const citations = {
  'probst-2024': {
    authors: 'Probst et al.',
    year: 2024,
    title: 'Systematic assessment of the achieved emissions reductions of carbon crediting projects',
    text: 'Probst, B. S., et al. Systematic assessment of the achieved emissions reductions of carbon crediting projects. Nature Communications 15, 9562 (2024). 14 studies, 2,346 projects, about 1 bn credits: under 16% are real reductions; cookstoves 11%, SF6 destruction 16%, avoided deforestation 25%, HFC-23 abatement 68%; wind and improved forest management show no statistically significant reductions.',
    url: 'https://doi.org/10.1038/s41467-024-53645-z',
  },
  'west-2023': {
    authors: 'West et al.',
    year: 2023,
    title: 'Action needed to make carbon offsets from forest conservation work for climate change mitigation',
    text: 'West, T. A. P., et al. Action needed to make carbon offsets from forest conservation work for climate change mitigation. Science 381, 873–877 (2023). 18 REDD+ projects in 6 countries: of 89 million credits, about 5.4 million (6%) linked to additional forest conservation.',
    url: 'https://doi.org/10.1126/science.ade3535',
  },
  'gill-wiehl-2024': {
    authors: 'Gill-Wiehl, Kammen & Haya',
    year: 2024,
    title: 'Pervasive over-crediting from cookstove offset methodologies',
    text: 'Gill-Wiehl, A., Kammen, D. M. & Haya, B. K. Pervasive over-crediting from cookstove offset methodologies. Nature Sustainability 7, 191–202 (2024). The common cookstove methodologies over-credit by about ten times.',
    url: 'https://doi.org/10.1038/s41893-023-01259-6',
  },
  'icvcm-2024-renewables': {
    authors: 'ICVCM',
    year: 2024,
    title: 'Decision on renewable energy methodologies',
    text: 'Integrity Council for the Voluntary Carbon Market (ICVCM). Decision on renewable energy methodologies, August 2024: the eight current methodologies for grid-connected renewables, biomass power and heat and geothermal heat cannot carry the CCP label, failing its additionality requirement (about 236 million unretired credits, 32% of the market).',
    url: 'https://icvcm.org',
  },
  'icvcm-2024-ccp': {
    authors: 'ICVCM',
    year: 2024,
    title: 'CCP-approved methodologies',
    text: 'Integrity Council for the Voluntary Carbon Market (ICVCM). CCP-approved methodologies, decisions of 2024: ozone-depleting-substance destruction, landfill gas, methane leak detection and repair, adipic acid N2O abatement, and some clean-cookstove versions under conditions.',
    url: 'https://icvcm.org',
  },
  'icvcm-2023-framework': {
    authors: 'ICVCM',
    year: 2023,
    title: 'Core Carbon Principles, Assessment Framework and Assessment Procedure',
    text: 'Integrity Council for the Voluntary Carbon Market (ICVCM). Core Carbon Principles, Assessment Framework and Assessment Procedure (2023): additionality, permanence, robust quantification, no double counting, and the CCP label.',
    url: 'https://icvcm.org',
  },
  'cames-2016': {
    authors: 'Cames et al.',
    year: 2016,
    title: 'How additional is the Clean Development Mechanism?',
    text: 'Cames, M., et al. How additional is the Clean Development Mechanism? Öko-Institut, for the European Commission DG CLIMA (2016). Most CDM projects, including grid-connected wind, hydropower and biomass power, have a low likelihood of being additional; landfill gas and industrial-gas destruction fare best.',
  },
  'badgley-2022': {
    authors: 'Badgley et al.',
    year: 2022,
    title: "Systematic over-crediting in California's forest carbon offsets program",
    text: 'Badgley, G., et al. Systematic over-crediting in California\'s forest carbon offsets program. Global Change Biology 28, 1433–1445 (2022). Improved forest management baselines set from regional averages over-credit (about 29% of the credits analysed).',
    url: 'https://doi.org/10.1111/gcb.15943',
  },
  'badgley-2022-buffer': {
    authors: 'Badgley et al.',
    year: 2022,
    title: "California's forest carbon offsets buffer pool is severely undercapitalized",
    text: 'Badgley, G., et al. California\'s forest carbon offsets buffer pool is severely undercapitalized. Frontiers in Forests and Global Change 5, 930426 (2022). Wildfire losses alone used up most of the buffer meant to last a century.',
    url: 'https://doi.org/10.3389/ffgc.2022.930426',
  },
  'anderegg-2020': {
    authors: 'Anderegg et al.',
    year: 2020,
    title: 'Climate-driven risks to the climate mitigation potential of forests',
    text: 'Anderegg, W. R. L., et al. Climate-driven risks to the climate mitigation potential of forests. Science 368, eaaz7005 (2020). Fire, drought and insects put forest carbon at risk of reversal.',
    url: 'https://doi.org/10.1126/science.aaz7005',
  },
  'schneider-kollmuss-2015': {
    authors: 'Schneider & Kollmuss',
    year: 2015,
    title: 'Perverse effects of carbon markets on HFC-23 and SF6 abatement projects in Russia',
    text: 'Schneider, L. & Kollmuss, A. Perverse effects of carbon markets on HFC-23 and SF6 abatement projects in Russia. Nature Climate Change 5, 1061–1063 (2015). Plants raised waste-gas generation to earn more credits.',
    url: 'https://doi.org/10.1038/nclimate2772',
  },
  'filewod-mccarney-2023': {
    authors: 'Filewod & McCarney',
    year: 2023,
    title: 'Avoiding carbon leakage from nature-based offsets by design',
    text: 'Filewod, B. & McCarney, G. Avoiding carbon leakage from nature-based offsets by design. One Earth 6, 790–802 (2023). Protecting or not harvesting land displaces harvest and clearing to other land through markets.',
  },
  'ccb-standards': {
    authors: 'CCBA / Verra',
    year: 2017,
    title: 'Climate, Community & Biodiversity Standards, v3.1',
    text: 'Climate, Community & Biodiversity Alliance / Verra. Climate, Community & Biodiversity Standards, v3.1 (2017): Gold-level distinctions for climate adaptation, community and biodiversity benefits.',
    url: 'https://verra.org/programs/ccbs/',
  },
  'unfccc-article-6': {
    authors: 'UNFCCC',
    year: 2021,
    title: 'Guidance on cooperative approaches referred to in Article 6, paragraph 2, of the Paris Agreement',
    text: 'UNFCCC. Decision 2/CMA.3, Guidance on cooperative approaches referred to in Article 6, paragraph 2, of the Paris Agreement (2021): corresponding adjustments so a reduction is counted once.',
  },
  'icao-corsia': {
    authors: 'ICAO',
    year: 2024,
    title: 'CORSIA Eligible Emissions Units',
    text: 'ICAO. CORSIA Eligible Emissions Units, by compliance period (pilot phase 2021–2023, first phase 2024–2026), on the advice of its Technical Advisory Body.',
    url: 'https://www.icao.int/environmental-protection/CORSIA/Pages/CORSIA-Emissions-Units.aspx',
  },
  'msci-2024': {
    authors: 'MSCI Carbon Markets',
    year: 2024,
    title: 'Voluntary carbon market prices by project type, Q1 2024',
    text: 'MSCI Carbon Markets. Voluntary carbon market price review, Q1 2024: an all-types average of about $4.7 per tCO2e; renewable energy and avoided deforestation trading at $1–10, cookstoves $4–12, reforestation $15–30, biochar $100–200 and direct air capture $400–1,000.',
    url: 'https://www.msci.com/our-solutions/climate-investing/carbon-markets',
  },
  'msci-2025': {
    authors: 'MSCI Carbon Markets',
    year: 2025,
    title: 'Carbon credit prices and the quality premium, 2025',
    text: 'MSCI Carbon Markets. Afforestation and reforestation index at $21.3 per tCO2e (June 2025); credits of higher integrity (CCP-approved) carry a premium of about $3.7 market-wide and $8 for reforestation (Q1 2025).',
    url: 'https://www.msci.com/our-solutions/climate-investing/carbon-markets',
  },
  'quantum-2024': {
    authors: 'Quantum Commodity Intelligence',
    year: 2024,
    title: 'Verra REDD+ prices by vintage',
    text: 'Quantum Commodity Intelligence. Benchmarks of a basket of Verra REDD+ projects priced by vintage (February 2024): recent vintages carry a large premium over older ones.',
  },
  'statista-2024-cdr': {
    authors: 'Statista',
    year: 2024,
    title: 'Carbon dioxide removal: statistics and facts',
    text: 'Statista. Carbon dioxide removal, statistics and facts (2024): selling prices of removal credits in 2023 averaged about $16 per tCO2 for afforestation, $300 for bioenergy with carbon capture and storage (BECCS) and $715 for direct air capture.',
    url: 'https://www.statista.com/topics/11707/carbon-removal/',
  },
  'frontier-2023-lithos': {
    authors: 'Frontier',
    year: 2023,
    title: "Frontier buyers sign world's first enhanced weathering offtake agreements with Lithos Carbon",
    text: 'Frontier. Frontier buyers sign world\'s first enhanced weathering offtake agreements with Lithos Carbon (7 December 2023): $57.1 million for 154,240 tCO2 removed between 2024 and 2028, about $370 per tonne.',
    url: 'https://frontierclimate.com/writing/lithos',
  },
  'spglobal-2024-alt-carbon': {
    authors: 'S&P Global Commodity Insights',
    year: 2024,
    title: 'NextGen to buy carbon removal credits from Indian enhanced rock weathering project',
    text: "S&P Global Commodity Insights. NextGen to buy carbon removal credits from Indian enhanced rock weathering project (16 October 2024): Alt Carbon's Isometric-certified enhanced weathering credits at an average $200 per tCO2e for delivery in 2025-2030.",
    url: 'https://www.spglobal.com/commodityinsights/en/market-insights/latest-news/energy-transition/101624-nextgen-to-buy-carbon-removal-credits-from-indian-enhanced-rock-weathering-project',
  },
  'frontier-2025-planetary': {
    authors: 'Frontier',
    year: 2025,
    title: 'Offtake agreement with Planetary Technologies for ocean alkalinity enhancement',
    text: "Frontier's offtake with Planetary Technologies (2025, as reported by Entrevestor): $31.3 million for 115,211 tCO2 removed by ocean alkalinity enhancement between 2026 and 2030, about $271 per tonne.",
    url: 'https://entrevestor.com/blog/planetary-inks-c43m-deal-with-frontier',
  },
  'cdrfyi-2024-vaulted-deep': {
    authors: 'CDR.fyi',
    year: 2024,
    title: 'CDR Monthly Recap, May 2024',
    text: "CDR.fyi. CDR Monthly Recap, May 2024: Frontier's $58.3 million offtake for 152,480 tCO2 of biomass carbon removal and storage from Vaulted Deep (organic waste injected deep underground), about $382 per tonne, the largest such deal to date.",
    url: 'https://www.cdr.fyi/blog/cdr-monthly-recap-may-2024',
  },
  'cnaught-charm': {
    authors: 'CNaught',
    year: 2024,
    title: 'Charm Industrial: underground bio-oil storage',
    text: 'CNaught. Charm Industrial, underground bio-oil storage: a retailer lists Charm\'s bio-oil injection at $600 per tonne of CO2e stored.',
    url: 'https://cnaught.com/projects/charm-industrial-underground-bio-oil-storage',
  },
  vrod: {
    authors: 'Haya et al.',
    year: 2025,
    title: 'Voluntary Registry Offsets Database, v2025-12',
    text: 'Haya, B. K., et al. Voluntary Registry Offsets Database, v2025-12. Berkeley Carbon Trading Project, Goldman School of Public Policy, UC Berkeley (CC BY-SA 4.0): the facts each signal reads.',
    url: 'https://gspp.berkeley.edu/berkeley-carbon-trading-project/offsets-database',
  },
} as const satisfies Record<string, Omit<RatingCitation, 'id' | 'short'>>

export type CitationId = keyof typeof citations

/** "West et al. 2023"; two works of one author and year are told apart as 2024a, 2024b, in the order listed. */
function shortNames(): Map<string, string> {
  const byAuthorYear = new Map<string, string[]>()
  for (const [id, c] of Object.entries(citations)) {
    const plain = `${c.authors} ${c.year}`
    byAuthorYear.set(plain, [...(byAuthorYear.get(plain) ?? []), id])
  }
  const names = new Map<string, string>()
  for (const [plain, ids] of byAuthorYear) ids.forEach((id, i) => names.set(id, ids.length > 1 ? `${plain}${String.fromCharCode(97 + i)}` : plain))
  return names
}

const short = shortNames()

export const citationList: RatingCitation[] = Object.entries(citations).map(([id, c]) => ({ id, short: short.get(id)!, ...c }))
