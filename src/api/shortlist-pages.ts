/**
 * How many shortlists a page lists unless asked otherwise: the contract's default, the app's page, and the read its
 * preview names in the page's head. Apart from the contract, so the page's code carries the number, not the schemas.
 */
export const shortlistsPerPage = 20
