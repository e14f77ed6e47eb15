import { lazy, type ComponentType } from 'react'
import { Route, Routes } from 'react-router-dom'
import { Layout } from './layout'

/**
 * Each route's module is loaded when it is visited, so the home route ships only what the brief needs.
 * The routes are declared as components rather than through a data router: none of them has a loader (React
 * Query fetches), and the declarative router is about half the code on the first load.
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })))

const BriefRoute = page(() => import('./routes/brief'), 'BriefRoute')
const RecommendationRoute = page(() => import('./routes/recommendation'), 'RecommendationRoute')
const ShortlistsRoute = page(() => import('./routes/shortlists'), 'ShortlistsRoute')
const ProjectsRoute = page(() => import('./routes/projects'), 'ProjectsRoute')
const ProjectRoute = page(() => import('./routes/project'), 'ProjectRoute')
const PricesRoute = page(() => import('./routes/prices'), 'PricesRoute')
const SourcesRoute = page(() => import('./routes/sources'), 'SourcesRoute')
const SourceRunRoute = page(() => import('./routes/source-run'), 'SourceRunRoute')
const CoverageRoute = page(() => import('./routes/coverage'), 'CoverageRoute')
const CreditsRoute = page(() => import('./routes/credits'), 'CreditsRoute')
const BeneficiaryRoute = page(() => import('./routes/beneficiary'), 'BeneficiaryRoute')
const CompareRoute = page(() => import('./routes/compare'), 'CompareRoute')
const RatingMethodRoute = page(() => import('./routes/rating-method'), 'RatingMethodRoute')
const NotFoundRoute = page(() => import('./routes/not-found'), 'NotFoundRoute')

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<BriefRoute />} />
        <Route path="recommendations/:id" element={<RecommendationRoute />} />
        <Route path="shortlists" element={<ShortlistsRoute />} />
        <Route path="projects" element={<ProjectsRoute />} />
        <Route path="projects/:id" element={<ProjectRoute />} />
        <Route path="prices" element={<PricesRoute />} />
        <Route path="sources" element={<SourcesRoute />} />
        <Route path="sources/runs/:id" element={<SourceRunRoute />} />
        <Route path="coverage" element={<CoverageRoute />} />
        <Route path="credits" element={<CreditsRoute />} />
        <Route path="beneficiaries/*" element={<BeneficiaryRoute />} />
        <Route path="compare" element={<CompareRoute />} />
        <Route path="rating-method" element={<RatingMethodRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  )
}
