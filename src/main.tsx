import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppRouter } from './app/app-router'
import { AppProvider } from './app/provider'
import './styles/global.css'
import './styles/app.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
)
