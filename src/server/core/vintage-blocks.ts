/** A year of Berkeley's per-vintage blocks: credits issued of that vintage, and retired of it. */
export interface VintageBlockFigures {
  year: number
  issued: number
  retired: number
}

/**
 * Credits remaining of each vintage by Berkeley's blocks, beside its count of credits retired and remaining.
 * Issued by vintage less retired by vintage, where the retired block can be retirements. In 2,461 of the 4,664
 * rows that fill it, it sums past the project's total retired (VCS2605: every vintage "retired", nothing retired
 * in all), so it cannot be; there the credits remaining are placed in the oldest vintages issued, each up to what
 * was issued of it. That never overstates what remains of the vintages from any year on, which is what a minimum
 * vintage asks.
 */
export function remainingOfBlocks(blocks: readonly VintageBlockFigures[], totalRetired: number, totalRemaining: number): Map<number, number> {
  const left = new Map<number, number>()
  const retiredByVintage = blocks.reduce((sum, block) => sum + block.retired, 0)
  if (retiredByVintage <= totalRetired + 0.5) {
    for (const block of blocks) if (block.issued !== 0 || block.retired !== 0) left.set(block.year, block.issued - block.retired)
    return left
  }
  let toPlace = totalRemaining
  for (const block of [...blocks].sort((a, b) => a.year - b.year)) {
    if (block.issued === 0 && block.retired === 0) continue
    const placed = Math.max(0, Math.min(block.issued, toPlace))
    left.set(block.year, placed)
    toPlace -= placed
  }
  return left
}
