import { describe, expect, it } from 'vitest'
import { coBenefitsOfType } from '../../src/api/co-benefits'
import { lookup } from '../../src/lib/lookup'

describe('a table looked up by a value from the data', () => {
  it("finds only the table's own keys", () => {
    const table: Record<string, number> = { Cookstoves: 1 }
    expect(lookup(table, 'Cookstoves')).toBe(1)
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', null, undefined]) expect(lookup(table, key)).toBeUndefined()
  })

  it("gives a type named after Object's members no co-benefits", () => {
    expect(coBenefitsOfType('Cookstoves')).toContain('health')
    for (const type of ['constructor', '__proto__', 'toString']) expect(coBenefitsOfType(type)).toEqual([])
  })
})
