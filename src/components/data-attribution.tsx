const licenseUrl = 'https://creativecommons.org/licenses/by-sa/4.0/'

/**
 * The credit a source's data must carry wherever it is shown, as the API words it. Berkeley's database is
 * CC BY-SA 4.0, which asks for the credit and a link to the licence.
 */
export function DataAttribution({ attribution }: { attribution: string }) {
  return (
    <p className="data-attribution">
      Data: {attribution}{' '}
      {attribution.includes('CC BY-SA 4.0') && (
        <a href={licenseUrl} rel="license noreferrer">
          About the CC BY-SA 4.0 licence
        </a>
      )}
    </p>
  )
}
