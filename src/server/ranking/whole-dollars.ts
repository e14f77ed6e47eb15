const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Cents as whole dollars, `$249,998`, as the shortlist's notes quote sums of money. */
export const wholeDollars = (cents: number) => `$${dollars.format(Math.floor(cents / 100))}`

// Made once: building an Intl formatter per call costs more than ranking a project.
const toTheCent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Dollars to the cent, `$1.50`, as the notes and reasons quote a tonne's price: in whole dollars it would read `$1`. */
export const dollarsToTheCent = (dollars: number) => `$${toTheCent.format(dollars)}`
