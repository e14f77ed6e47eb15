import { useEffect } from 'react'
import { dismissToast, useToasts, type Toast } from '../lib/toast'

const visibleMs = 10_000

/** The live region where background failures are announced; mounted once by the app provider. */
export function Toaster() {
  const toasts = useToasts()
  return (
    <div className="toaster no-print" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  )
}

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), visibleMs)
    return () => clearTimeout(timer)
  }, [toast.id])
  return (
    <div className={`toast alert ${toast.tone === 'error' ? 'alert-error' : 'alert-info'}`}>
      <p className="alert-title">{toast.title}</p>
      {toast.detail && <p>{toast.detail}</p>}
      <button type="button" className="button-link" onClick={() => dismissToast(toast.id)}>
        Dismiss
      </button>
    </div>
  )
}
