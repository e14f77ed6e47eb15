import { describe, expect, it } from 'vitest'
import { keyOrder } from '../../src/server/catalogue/key-order'
import { nameOrder } from '../../src/server/projects/project-search'

/** How the project list orders keys and names: as a reader does, not by code unit. */
const sortedBy = (order: (text: string) => string, texts: string[]) => [...texts].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))

describe('the project list’s order', () => {
  it('puts keys in the registry’s order, each number as a number', () => {
    expect(sortedBy(keyOrder, ['VCS1000', 'ACR114', 'VCS999', 'ACR1000', 'GS337', 'vcs2', 'VCSOPR2', 'CAR1'])).toEqual([
      'ACR114',
      'ACR1000',
      'CAR1',
      'GS337',
      'vcs2',
      'VCS999',
      'VCS1000',
      'VCSOPR2',
    ])
  })

  it('puts names as a reader does: case, accents and opening quotes or punctuation set aside', () => {
    expect(sortedBy(nameOrder, ['Zambezi Hydro', '“Mata Verde” REDD+', 'Şenköy Wind', 'alto Rio', '"Kasigau" Corridor', 'Ébène Cookstoves', 'Rimba Raya'])).toEqual([
      'alto Rio',
      'Ébène Cookstoves',
      '"Kasigau" Corridor',
      '“Mata Verde” REDD+',
      'Rimba Raya',
      'Şenköy Wind',
      'Zambezi Hydro',
    ])
  })
})
