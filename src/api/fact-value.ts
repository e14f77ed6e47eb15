import type { SignalFact } from './contract/projects'
import { formatNumber } from '../lib/format'

/** A fact as the reader sees it: a quantity with separators and at most two decimals, text (years too) as it is. */
export const formatFactValue = (value: SignalFact['value']) => (typeof value === 'number' ? formatNumber(value, 2) : value)
