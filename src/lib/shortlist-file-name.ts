/**
 * The name a shortlist's file is saved under, the pack's and the CSV's alike: `credence-shortlist-rec_….xlsx`, with a
 * named shortlist's name before its id (`credence-shortlist-board-paper-q3-rec_….xlsx`), so a committee's folder tells
 * its files apart while the id keeps each one's own. The name is written in ASCII letters and digits, at most 60: a
 * file name travels through mail and file systems that mangle the rest.
 */
export function shortlistFileName(shortlist: { id: string; name?: string | null }, extension: 'xlsx' | 'csv'): string {
  const words = (shortlist.name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '')
  return `credence-shortlist-${words ? `${words}-` : ''}${shortlist.id}.${extension}`
}
