import { matchPath } from 'react-router-dom'

/** A title for every route, so the tab is named before a page refines it (e.g. with a project's name). */
const titles: [pattern: string, title: string][] = [
  ['/', 'Recommend'],
  ['/recommendations/:id', 'Shortlist'],
  ['/shortlists', 'Shortlists'],
  ['/projects', 'Projects'],
  ['/projects/:id', 'Project'],
  ['/prices', 'Prices'],
  ['/sources', 'Sources'],
  ['/sources/runs/:id', 'Source run'],
  ['/coverage', 'Coverage'],
  ['/credits', 'Credits'],
  ['/beneficiaries/*', 'Beneficiary'],
  ['/compare', 'Compare projects'],
  ['/rating-method', 'Rating method'],
]

export function routeTitle(pathname: string): string {
  return titles.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? 'Page not found'
}
