// The embedded store's thread starts here, in plain JavaScript: a worker thread does not inherit the parent's
// TypeScript loader, so it registers tsx for itself before loading the thread's TypeScript entry.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
