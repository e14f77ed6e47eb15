import { describe, expect, it } from 'vitest'
import { pythonLiteral } from '../../src/server/importers/registry/python-literal'

describe("a Python literal, as Cercarbono's exports write their nested fields", () => {
  it('reads lists, dicts, strings in either quote with their escapes, numbers, True, False and None', () => {
    const text = `[{'verification': 1, 'serial': 'CDC_R_16_3_5_323_1_CO_1_1_2011', 'issued_quantity': 524423, 'is_buffer': False, 'note': "it's \\"fine\\"", 'rate': -1.5e2, 'x': None, 'ok': True, 'goals': [{'code': 7}], 'pair': (1, 2)}]`
    expect(pythonLiteral(text)).toEqual([
      { verification: 1, serial: 'CDC_R_16_3_5_323_1_CO_1_1_2011', issued_quantity: 524423, is_buffer: false, note: 'it\'s "fine"', rate: -150, x: null, ok: true, goals: [{ code: 7 }], pair: [1, 2] },
    ])
    expect(pythonLiteral("'Bogot\\xe1'")).toBe('Bogotá')
    expect(pythonLiteral('[]')).toEqual([])
  })

  it('reads nothing of a text that is not one literal, whole', () => {
    for (const text of ["[{'a': 1}", "{'a' 1}", '[1, 2] extra', 'true', "'unclosed", '', '[1,,2]']) expect(pythonLiteral(text), text).toBeUndefined()
  })
})
