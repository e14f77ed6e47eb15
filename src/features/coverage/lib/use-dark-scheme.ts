import { useMediaQuery } from '../../../lib/use-media-query'

/** Whether the dark colour scheme is in use, so canvas colours can follow it as the CSS does. */
export const useDarkScheme = (): boolean => useMediaQuery('(prefers-color-scheme: dark)')
