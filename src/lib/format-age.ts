import { missingValue, type Maybe } from './format'

/*
 * Ages and cadences in words: how fresh sources and projects are. Apart from format.ts, whose figures and days the
 * home route's first script carries: none of its views says an age.
 */

/**
 * The cadence a source is held to, as a phrase: `hourly`, `every 6 hours`, `daily`, `weekly`, `every 30 days`.
 * `cadenceLabel` is the same words starting a table's cell.
 */
export function cadencePhrase(hours: number): string {
  if (hours === 24) return 'daily'
  if (hours === 168) return 'weekly'
  if (hours % 24 === 0) return `every ${hours / 24} days`
  return hours === 1 ? 'hourly' : `every ${hours} hours`
}

export const cadenceLabel = (hours: number): string => {
  const phrase = cadencePhrase(hours)
  return phrase[0].toUpperCase() + phrase.slice(1)
}

/**
 * How long ago, from a whole number of hours: `just now`, `5 hours ago`, `3 days ago`, `4 months ago` (`ageWords`).
 */
export function formatAge(hours: Maybe<number>): string {
  const words = ageWords(hours)
  return words === missingValue ? words : `${words} ago`
}

/**
 * An age in words, from a whole number of hours: `5 hours`, `3 days`, `4 months`, `2 years`; the one wording of an
 * age, which the app says "ago" after and a shortlist's note "old". Months and years are the nearest whole number:
 * 333 days is "11 months", not the 10 whole months in it.
 */
export function ageWords(hours: Maybe<number>): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours < 0) return missingValue
  if (hours < 1) return 'less than an hour'
  if (hours < 48) return counted(Math.floor(hours), 'hour')
  const days = Math.floor(hours / 24)
  if (days < 60) return counted(days, 'day')
  const months = Math.round(days / 30.44)
  if (months < 24) return counted(months, 'month')
  return counted(Math.round(days / 365.25), 'year')
}

function counted(count: number, unit: string) {
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}
