import { useLayoutEffect } from 'react'
import { BrowserRouter, MemoryRouter, useLocation, type Location, type InitialEntry } from 'react-router-dom'
import { AppRoutes } from './router'

/*
 * Navigations update synchronously rather than in a transition: a ticked filter shows ticked at once, and a
 * route whose code is still loading shows its skeleton instead of leaving the previous page up.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  )
}

/** For tests: the same routes at a given URL, with the current location readable from outside. */
export function createAppMemoryRouter(initialEntries: InitialEntry[]) {
  const router = { state: { location: null as unknown as Location } }
  function LocationProbe() {
    const location = useLocation()
    useLayoutEffect(() => {
      router.state.location = location
    }, [location])
    return null
  }
  const element = (
    <MemoryRouter initialEntries={initialEntries} useTransitions={false}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>
  )
  return { ...router, element }
}
