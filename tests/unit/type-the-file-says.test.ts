import { describe, expect, it } from 'vitest'
import { typeTheFileSays } from '../../src/server/importers/vocabulary/listing-type'

describe("the type Berkeley's file says of a project twice over, against the type it gives", () => {
  it('reads it where the methodology and the registry words both say another type, of another scope', () => {
    // CAR2054, as Berkeley's v2025-12 gives it.
    expect(typeTheFileSays('Manure Methane Digester', 'ARB Compliance Offset Protocol: Mine Methane Capture Projects', 'Mine Methane Capture - ARB Compliance')).toBe('Mine Methane Capture')
    expect(typeTheFileSays('Landfill Methane', 'CAR Argentina Livestock Protocol', 'Livestock Gas Capture/Combustion')).toBe('Manure Methane Digester')
  })

  it('keeps the type where only one of the two says otherwise, where both agree with it, or where they say a finer word of its scope', () => {
    // VCS155, a German coal-mine-methane project whose methodology cell names a manure one.
    expect(typeTheFileSays('Mine Methane Capture', 'AMS-III.D. Methane recovery in animal manure management systems', 'Mining/mineral production')).toBeNull()
    expect(typeTheFileSays('Manure Methane Digester', 'ARB Compliance Offset Protocol: Mine Methane Capture Projects', null)).toBeNull()
    expect(typeTheFileSays('Mine Methane Capture', 'ARB Compliance Offset Protocol: Mine Methane Capture Projects', 'Mine Methane Capture - ARB Compliance')).toBeNull()
    // CAR1344: the Mexico forest protocol covers reforestation; its words map to improved forest management, one scope.
    expect(typeTheFileSays('Afforestation/Reforestation', 'CAR Mexico Forest Protocol', 'Forestry - MX')).toBeNull()
  })
})
