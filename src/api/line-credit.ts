/** The source whose licence asks for its credit wherever its data goes: Berkeley's database (CC BY-SA 4.0). */
export const creditedSource = 'src_vrod'

/**
 * The credit one line of an export carries: the data's, where the project's facts are Berkeley's; none for a
 * generated project, nor for one only a registry's export lists (Isometric's, Cercarbono's, a registry's new
 * listing), whose line holds nothing of Berkeley's. A shortlist stored before projects named their sources credits
 * each real project, as it did then.
 */
export function lineCredit(project: { synthetic?: boolean; sources?: readonly string[] }, attribution: string | null): string | null {
  if (project.synthetic || attribution === null) return null
  return project.sources === undefined || project.sources.includes(creditedSource) ? attribution : null
}
