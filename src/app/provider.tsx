import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from '../components/toaster'
import { queryClient as appQueryClient } from './query-client'

interface AppProviderProps {
  children: ReactNode
  /** Tests pass a fresh client; the app uses its one shared client. */
  queryClient?: QueryClient
}

export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  )
}
