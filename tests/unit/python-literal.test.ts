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
    for (const text of ["[{'a': 1}", "{'a' 1}", '[1, 2] extra', 'true', "'unclosed", '', '[1,,2]', "'\\xzz'"]) expect(pythonLiteral(text), text).toBeUndefined()
    // A key named as an object's prototype is a key, and lends the dict nothing.
    const hostile = pythonLiteral("{'__proto__': {'is_buffer': True}}") as Record<string, unknown>
    expect(hostile.is_buffer).toBeUndefined()
    expect(Object.keys(hostile)).toEqual(['__proto__'])
    // Nested past what the stack holds: read as nothing, not a crash.
    expect(pythonLiteral('['.repeat(200_000) + ']'.repeat(200_000))).toBeUndefined()
  })
})
