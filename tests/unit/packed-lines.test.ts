import { describe, expect, it } from 'vitest'
import { LinePacker, lineAt } from '../../src/server/importers/digest/packed-lines'
import { packedCount, TextPacker, textAt } from '../../src/server/importers/digest/packed-texts'

const decoder = new TextDecoder()

/** Lines of every kind a registry's export gives: ASCII, accented names, emoji, quotes and line breaks, empty. */
function linesOf(count: number) {
  const kinds = ['"VCS:1",Chanel,"{}"\n', '"GS:2",Société Générale,"{""é"":""ü""}"\n', '"ISO:3",🌳 Reforest 🌍,""\n', '', '"CAR:4","two\nlines",x\n']
  return Array.from({ length: count }, (_, i) => `${i}:${kinds[i % kinds.length]}`)
}

describe('lines packed for COPY', () => {
  it('give back every line as its UTF-8 bytes, across pieces of ASCII and of other text', () => {
    // Pieces of 4 Mi characters: the first ASCII alone (long plain lines), the next of every kind, and a last short one.
    const plain = Array.from({ length: 50 }, (_, i) => `${i},${'x'.repeat(100_000)}\n`)
    const lines = [...plain, ...linesOf(70_000).map((line, i) => (i % 1000 === 7 ? `${'x'.repeat(100_000)}${line}` : line))]
    const packer = new LinePacker(lines.length)
    for (const line of lines) packer.add(line)
    const packed = packer.done()
    expect(packed.bytes.byteLength).toBe(lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0))
    for (const i of [0, 49, 50, 51, 52, 53, 54, 57, 1057, 35_049, 35_050, 70_049]) expect(decoder.decode(lineAt(packed, i))).toBe(lines[i])
    expect(lines.every((line, i) => decoder.decode(lineAt(packed, i)) === line)).toBe(true)
    // The buffer is the lines' own, so the worker can move it to the writing thread.
    expect(packed.bytes.byteOffset).toBe(0)
    expect(packed.bytes.buffer.byteLength).toBe(packed.bytes.byteLength)
  })

  it('pack nothing to an empty buffer', () => {
    const packed = new LinePacker(0).done()
    expect(packed.bytes.byteLength).toBe(0)
    expect(packed.ends).toHaveLength(0)
  })
})

describe('texts packed to hand between threads', () => {
  it('give back every text, across parts', () => {
    const texts = linesOf(12_345)
    const packer = new TextPacker(texts.length)
    for (const text of texts) packer.add(text)
    const packed = packer.done()
    expect(packedCount(packed)).toBe(texts.length)
    expect(packed.texts.length).toBe(3)
    expect(texts.every((text, i) => textAt(packed, i) === text)).toBe(true)
  })
})
