/**
 * A small seeded generator (sfc32, seeded through splitmix32). The dataset must come out identical for the same
 * seed on every machine and Node version, which `Math.random` cannot promise.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Whole number in [min, max], both included. */
  int(min: number, max: number): number
  /** Uniform in [min, max). */
  float(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /** One value, drawn in proportion to its weight. */
  weighted<T>(table: WeightedTable<T>): T
  chance(probability: number): boolean
  /** Roughly normal (sum of four uniforms): cheap, and bounded, so no absurd outliers. */
  normal(mean: number, sd: number): number
  /** Log-normal around a median: most values small, a few very large, like project sizes. */
  logNormal(median: number, sigma: number): number
  /** An independent stream for one part of the work, so adding draws in one part does not shift another. */
  fork(label: string | number): Rng
}

export interface WeightedTable<T> {
  readonly values: readonly T[]
  /** Running totals of the weights, for a binary search per draw. */
  readonly cumulative: Float64Array
  readonly total: number
}

export function weightedTable<T>(entries: Iterable<readonly [T, number]>): WeightedTable<T> {
  const values: T[] = []
  const weights: number[] = []
  for (const [value, weight] of entries) {
    if (weight <= 0) continue
    values.push(value)
    weights.push(weight)
  }
  if (values.length === 0) throw new Error('A weighted table needs at least one positive weight')
  const cumulative = new Float64Array(weights.length)
  let total = 0
  weights.forEach((weight, i) => (cumulative[i] = total += weight))
  return { values, cumulative, total }
}

/** Mixes a seed and a label into one 32-bit number (FNV-1a over the label, then splitmix). */
export function hashSeed(seed: number, label: string | number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0
  const text = String(label)
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return splitmix32(h)
}

function splitmix32(x: number): number {
  let z = (x + 0x9e3779b9) >>> 0
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
  return (z ^ (z >>> 16)) >>> 0
}

export function createRng(seed: number): Rng {
  return new Sfc32(seed)
}

/** A class rather than a closure per call: the generator makes one per project, and allocations add up. */
class Sfc32 implements Rng {
  private a: number
  private b: number
  private c: number
  private d = 1

  constructor(private readonly seed: number) {
    this.a = splitmix32(seed)
    this.b = splitmix32(this.a)
    this.c = splitmix32(this.b)
    // The first outputs of sfc32 are still close to the seed; discard them.
    for (let i = 0; i < 12; i++) this.next()
  }

  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0
    this.d = (this.d + 1) >>> 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) >>> 0
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0
    this.c = (this.c + t) >>> 0
    return t / 4294967296
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min)
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list')
    return items[Math.floor(this.next() * items.length)]
  }

  weighted<T>(table: WeightedTable<T>): T {
    const target = this.next() * table.total
    const { cumulative } = table
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const mid = (low + high) >>> 1
      if (cumulative[mid] > target) high = mid
      else low = mid + 1
    }
    return table.values[low]
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  normal(mean: number, sd: number): number {
    return mean + sd * (this.next() + this.next() + this.next() + this.next() - 2) * Math.sqrt(3)
  }

  logNormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma))
  }

  fork(label: string | number): Rng {
    return new Sfc32(hashSeed(this.seed, label))
  }
}
