import { useSyncExternalStore } from 'react'

export interface Toast {
  id: number
  title: string
  detail?: string
  tone: 'error' | 'info'
}

let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()
const maxToasts = 3

function emit() {
  for (const listener of listeners) listener()
}

/** Announces something that happened in the background, away from where the reader is looking. */
export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++
  // The same message twice in a row (several queries failing together) is said once.
  toasts = [...toasts.filter((t) => t.title !== toast.title || t.detail !== toast.detail), { ...toast, id }].slice(-maxToasts)
  emit()
  return id
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const getToasts = () => toasts

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts)
}
