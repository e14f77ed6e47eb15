import { Fragment, type ReactElement } from 'react'
import { ShortlistProjectLink } from './shortlist-project-link'
import type { LeftOutProject, Recommendation } from '../../../api/contract/recommendations'

/**
 * A note with each project it leaves out linked by its name. The API names them "Name, KEY" in the note and lists
 * them in `left_out`, so the link is placed where that exact mention stands; a shortlist made before the list was
 * kept reads as its plain note.
 */
function linkedNote(note: string, leftOut: readonly LeftOutProject[], projectHref: (key: string) => string): ReactElement[] {
  let parts: (string | ReactElement)[] = [note]
  for (const project of leftOut) {
    const mention = `${project.name}, ${project.key}`
    parts = parts.flatMap((part): (string | ReactElement)[] => {
      if (typeof part !== 'string' || !part.includes(mention)) return [part]
      return part.split(mention).flatMap((text, i) =>
        i === 0
          ? [text]
          : [
              <Fragment key={`${project.key}-${i}`}>
                <ShortlistProjectLink href={projectHref(project.key)} name={project.name} />, {project.key}
              </Fragment>,
              text,
            ],
      )
    })
  }
  return parts.map((part, i) => (typeof part === 'string' ? <Fragment key={i}>{part}</Fragment> : part))
}

/** What the API says of the shortlist as a whole: why it is short, what it left out and what binds. */
export function ShortlistNotes({ recommendation, projectHref }: { recommendation: Recommendation; projectHref: (key: string) => string }) {
  const leftOut = recommendation.left_out ?? []
  return (
    <section className="alert alert-info" aria-labelledby="notes-title">
      <h2 id="notes-title" className="alert-title">
        Notes
      </h2>
      <ul>
        {recommendation.notes.map((note, index) => (
          <li key={index}>{linkedNote(note, leftOut, projectHref)}</li>
        ))}
      </ul>
    </section>
  )
}
