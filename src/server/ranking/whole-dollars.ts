const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Cents as whole dollars, `$249,998`, as the shortlist's notes quote sums of money. */
export const wholeDollars = (cents: number) => `$${dollars.format(Math.floor(cents / 100))}`
