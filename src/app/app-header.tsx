import { Link, NavLink } from 'react-router-dom'
import { paths } from './paths'
import { SandboxBadge } from './sandbox-badge'

const sections = [
  { to: paths.home(), label: 'Recommend', end: true },
  { to: paths.shortlists(), label: 'Shortlists', end: false },
  { to: paths.projects(), label: 'Projects', end: false },
  { to: paths.credits(), label: 'Credits', end: false },
  { to: paths.prices(), label: 'Prices', end: false },
  { to: paths.sources(), label: 'Sources', end: false },
  { to: paths.coverage(), label: 'Coverage', end: false },
]

export function AppHeader() {
  return (
    <header className="app-header no-print">
      <div className="app-header-inner">
        <Link to={paths.home()} className="brand">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          Credence
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end} className="nav-link">
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SandboxBadge />
      </div>
    </header>
  )
}
