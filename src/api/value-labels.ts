import type { coBenefitThemes } from './contract/vocabulary'

/*
 * How the catalogue's values read to a person, where that is not the value itself. Apart from the vocabulary, which
 * the home route carries: the brief form reads them from the facets the API labels (`label`), and 17 goals' titles
 * would take the home route's JavaScript past its budget.
 */

const themeLabels: Record<(typeof coBenefitThemes)[number], string> = {
  biodiversity: 'Biodiversity',
  community: 'Community and livelihoods',
  water: 'Water',
  health: 'Health',
  gender_equality: 'Gender equality',
  energy_access: 'Clean energy access',
  climate_adaptation: 'Climate adaptation',
}

/** The UN's short titles of its 17 Sustainable Development Goals, by number: a buyer knows the goal, not its number. */
const sdgTitles = [
  'No Poverty',
  'Zero Hunger',
  'Good Health and Well-being',
  'Quality Education',
  'Gender Equality',
  'Clean Water and Sanitation',
  'Affordable and Clean Energy',
  'Decent Work and Economic Growth',
  'Industry, Innovation and Infrastructure',
  'Reduced Inequalities',
  'Sustainable Cities and Communities',
  'Responsible Consumption and Production',
  'Climate Action',
  'Life Below Water',
  'Life on Land',
  'Peace, Justice and Strong Institutions',
  'Partnerships for the Goals',
] as const

export function coBenefitLabel(value: string): string {
  if (value in themeLabels) return themeLabels[value as keyof typeof themeLabels]
  const sdg = /^sdg_(\d+)$/.exec(value)
  const title = sdg ? sdgTitles[Number(sdg[1]) - 1] : undefined
  return sdg ? `UN SDG ${sdg[1]}${title ? `: ${title}` : ''}` : value
}

/**
 * A region as a choice reads: Berkeley's regions are M49's sub-regions, but its "Europe" is Northern, Southern and
 * Western Europe together, beside an "Eastern Europe" of its own, so a buyer choosing "Europe" missed Romania and
 * Poland without knowing it. The value stays the region's name.
 */
export function regionLabel(region: string): string {
  return region === 'Europe' ? 'Europe (Northern, Southern, Western)' : region
}

/**
 * Co-benefits in a sentence, by their labels: with commas, or with semicolons where a goal's title holds a comma
 * ("UN SDG 9: Industry, Innovation and Infrastructure"), so each reads as one.
 */
export function coBenefitsInWords(values: readonly string[]): string {
  // The goals by their number, after the themes: sorted as text, "UN SDG 13" came before "UN SDG 3".
  const goal = (value: string) => (value.startsWith('sdg_') ? Number(value.slice(4)) : 0)
  const labels = [...values].sort((a, b) => goal(a) - goal(b)).map(coBenefitLabel)
  return labels.join(labels.some((label) => label.includes(',')) ? '; ' : ', ')
}
