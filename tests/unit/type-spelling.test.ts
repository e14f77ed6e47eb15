import { describe, expect, it } from 'vitest'
import { deriveCoBenefits } from '../../src/api/co-benefits'
import { spellTypesOneWay, type VrodProject } from '../../src/server/importers/vrod-normalise'

const project = (key: string, type: string) => ({ key, type, type_as_published: null, labels: [], sdgs: [], co_benefits: [] }) as unknown as VrodProject

describe('types spelled one way at import', () => {
  it('gives every spelling the most used one and keeps the rarer as published', () => {
    const projects = [
      project('A', 'Solar - Centralized'),
      project('B', 'Solar - centralized'),
      project('C', 'Solar - Centralized'),
      project('D', 'Solar  -  CENTRALIZED'),
      project('E', 'Wind'),
    ]
    spellTypesOneWay(projects)
    expect(projects.map((p) => [p.type, p.type_as_published])).toEqual([
      ['Solar - Centralized', null],
      ['Solar - Centralized', 'Solar - centralized'],
      ['Solar - Centralized', null],
      ['Solar - Centralized', 'Solar  -  CENTRALIZED'],
      ['Wind', null],
    ])
  })

  it('breaks a tie the same way whatever the order of the rows', () => {
    const one = [project('A', 'Landfill methane'), project('B', 'Landfill Methane')]
    const other = [project('B', 'Landfill Methane'), project('A', 'Landfill methane')]
    spellTypesOneWay(one)
    spellTypesOneWay(other)
    expect(one.map((p) => p.type)).toEqual(['Landfill Methane', 'Landfill Methane'])
    expect(other.map((p) => p.type)).toEqual(['Landfill Methane', 'Landfill Methane'])
  })

  it('derives what a type delivers from its one spelling', () => {
    const projects = [project('A', 'Cookstoves'), project('B', 'Cookstoves'), project('C', 'cookstoves')]
    spellTypesOneWay(projects)
    const delivered = deriveCoBenefits({ type: 'Cookstoves', labels: [], sdgs: [] })
    expect(delivered.length).toBeGreaterThan(0)
    expect(projects[2].co_benefits).toEqual(delivered)
  })
})
