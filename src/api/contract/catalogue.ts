import * as z from 'zod/mini'
import { count, described, timestamp } from './common'

/** What the caller's catalogue is made of, so every view can say whether it is synthetic. */
export const catalogue = z
  .object({
    object: z.literal('catalogue'),
    dataset: described(z.enum(['live', 'sandbox']), 'The live catalogue, or the sandbox key\'s fixed generated one'),
    projects: count(),
    synthetic_projects: described(count(), 'How many of the projects are generated, not real registry records'),
    as_of: described(z.nullable(timestamp), 'The data\'s own as-of date: that of the newest import of projects\' facts (Berkeley\'s, a registry\'s; not of prices), held as each source\'s `last_success_at` is; null when nothing was imported'),
    attribution: described(z.nullable(z.string()), 'The credit the imported data must carry wherever it is shown'),
  })
  .check(z.meta({ id: 'Catalogue' }))
export type Catalogue = z.infer<typeof catalogue>
