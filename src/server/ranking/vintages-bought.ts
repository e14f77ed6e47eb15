import type { VintageOnSale } from '../catalogue/catalogue'

export interface VintageBought {
  vintage: number | null
  tonnes: number
  price: number
}

/**
 * The vintages an allocation buys: newest first, each within what remains of it, all at the item's one price (a
 * row sells only vintages of one price: see pricing/on-sale.ts). At one price the newest is worth most to a buyer:
 * newer vintages sell higher, retirements cluster on credits two to five years old, and rules cut old ones out
 * (CORSIA before 2016, Singapore before 2021). Until credence-rank/10 the oldest went first, so a $100,000 landfill
 * brief bought only vintages of 2011 to 2014, at the price the estimate gives the newest vintage left.
 * `onSale` lists the vintages oldest first.
 */
export function vintagesBought(onSale: readonly VintageOnSale[], tonnes: number, price: number): VintageBought[] {
  const bought: VintageBought[] = []
  let left = tonnes
  for (let i = onSale.length - 1; i >= 0; i--) {
    const { vintage, remaining } = onSale[i]
    if (left <= 0) break
    const take = Math.min(left, Math.floor(remaining))
    if (take <= 0) continue
    bought.push({ vintage, tonnes: take, price })
    left -= take
  }
  return bought
}
