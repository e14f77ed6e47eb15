import { Component, type ReactNode } from 'react'
import { RouteError } from './route-error'

interface RouteErrorBoundaryProps {
  children: ReactNode
  /** The page's address: moving to another page clears a caught error. */
  resetKey: string
}

interface RouteErrorBoundaryState {
  error: unknown
  caughtAt: string | null
}

/** Catches what a page throws while rendering or loading its code; the shell around it stays usable. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { error: null, caughtAt: null }

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error }
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState) {
    if (state.caughtAt === null && state.error !== null) return { caughtAt: props.resetKey }
    if (state.caughtAt !== null && state.caughtAt !== props.resetKey) return { error: null, caughtAt: null }
    return null
  }

  render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children
  }
}
