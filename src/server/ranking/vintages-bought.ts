import type { VintageOnSale } from '../catalogue/catalogue'

export interface VintageBought {
  vintage: number | null
  tonnes: number
  price: number
}

/**
 * The vintages an allocation buys: oldest allowed first, each within what remains of it, all at the item's one
 * price (a row sells only vintages of one price: see pricing/on-sale.ts). Older vintages go first because they
 * are what the estimate prices lowest, and the brief's minimum vintage is how a buyer keeps them out.
 */
export function vintagesBought(onSale: readonly VintageOnSale[], tonnes: number, price: number): VintageBought[] {
  const bought: VintageBought[] = []
  let left = tonnes
  for (const { vintage, remaining } of onSale) {
    if (left <= 0) break
    const take = Math.min(left, Math.floor(remaining))
    if (take <= 0) continue
    bought.push({ vintage, tonnes: take, price })
    left -= take
  }
  return bought
}
