import { Link } from 'react-router-dom'

interface KeyListProps {
  title: string
  keys: readonly string[]
  children: React.ReactNode
  /** Known projects link to their page; unknown keys have none. */
  projectHref?: (key: string) => string
}

export function KeyList({ title, keys, children, projectHref }: KeyListProps) {
  if (keys.length === 0) return null
  return (
    <section className="key-list" aria-label={title}>
      <h3>
        {title} ({keys.length})
      </h3>
      <p className="muted">{children}</p>
      <ul>
        {keys.map((key) => (
          <li key={key}>{projectHref ? <Link to={projectHref(key)}>{key}</Link> : <code>{key}</code>}</li>
        ))}
      </ul>
    </section>
  )
}
