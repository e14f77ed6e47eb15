/** How a project's reduction-or-removal category reads, wherever it is shown (project, compare, portfolio mix). */
export const reductionRemovalNames: Record<string, string> = {
  reduction: 'Reduction',
  mixed: 'Mixed reduction and removal',
  impermanent_removal: 'Impermanent removal',
  long_duration_removal: 'Long-duration removal',
}

export const reductionRemovalName = (value: string) => reductionRemovalNames[value] ?? value

/** A removal of either kind, impermanent or long-duration: what a brief's share of removals counts. */
export const isRemoval = (reductionRemoval: string) => reductionRemoval === 'impermanent_removal' || reductionRemoval === 'long_duration_removal'
