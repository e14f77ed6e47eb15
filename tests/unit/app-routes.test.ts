import { describe, expect, it } from 'vitest'
import { preloadLinks } from '../../proxy/route-preloads'
import { paths } from '../../src/app/paths'
import { routeTitle } from '../../src/app/route-titles'

const apiReads = (url: string) => [...preloadLinks({}, url).matchAll(/href="(\/api\/[^"]+)"/g)].map((m) => m[1])

/* The links, the tab's titles and the preview's preloads are read from one route table: a link the app writes is
 * an address the other two recognise. */
describe('the app\'s routes', () => {
  it('fills a link\'s one parameter, encoded: a beneficiary\'s slash stays inside its name', () => {
    expect(paths.sourceRun('run 1')).toBe('/sources/runs/run%201')
    expect(paths.beneficiary('King/Marais')).toBe('/beneficiaries/King%2FMarais')
    expect(paths.refinedRecommendation('rec_1', 'rec_0')).toBe('/recommendations/rec_1?vs=rec_0')
    expect(paths.ratingCitation('c1')).toBe('/rating-method#citation-c1')
  })

  it('names the tab after the route a link leads to, and an address no route matches as not found', () => {
    expect(routeTitle(paths.home())).toBe('Recommend')
    expect(routeTitle(paths.sourceRun('run_1'))).toBe('Source run')
    expect(routeTitle(paths.beneficiary('King/Marais'))).toBe('Beneficiary')
    expect(routeTitle(paths.compare(['VCS934', 'GS337']).split('?')[0])).toBe('Compare projects')
    expect(routeTitle('/sources/runs')).toBe('Page not found')
  })

  it('preloads the reads of the page a link leads to', () => {
    expect(apiReads(paths.project('VCS934'))).toEqual(['/api/catalogue', '/api/projects/VCS934'])
    expect(apiReads(paths.sourceRun('run_1'))).toEqual(['/api/catalogue', '/api/source-runs/run_1'])
    expect(apiReads(paths.beneficiary('King/Marais'))).toEqual(['/api/catalogue', '/api/beneficiaries/King%2FMarais'])
    expect(apiReads('/beneficiaries/King/Marais')).toEqual(['/api/catalogue', '/api/beneficiaries/King%2FMarais'])
    expect(apiReads(paths.ratingMethod())).toEqual(['/api/catalogue', '/api/rating-method'])
    expect(apiReads(paths.sources())).toEqual(['/api/catalogue', '/api/sources'])
    expect(apiReads(paths.projects())).toEqual(['/api/catalogue'])
  })
})
