import { Fragment } from 'react'

/**
 * Text that may break after each slash and nowhere inside a word: "Afforestation/Reforestation" wraps as
 * "Afforestation/" and "Reforestation" in a narrow column, and copies as typed.
 */
export function BreakAfterSlashes({ text }: { text: string }) {
  const parts = text.split('/')
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  )
}
