// A parsing worker starts here, in plain JavaScript: a worker thread does not inherit the parent's TypeScript loader,
// so it registers tsx for itself before loading the worker's TypeScript entry, whose job runner the pool calls.
import { register } from 'tsx/esm/api'

register()
export const { runJob } = await import(new URL('./worker-entry.ts', import.meta.url).href)
