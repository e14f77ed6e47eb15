import { md5Id } from '../../core/ids'

/**
 * The id of a record's search text (`md5Id`, as migration 017 made it for the records it found). The same text
 * always has the same id, so records and texts are written without asking the store for one.
 */
export const searchTextId = (text: string): string => md5Id(text)
