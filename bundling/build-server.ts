import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * Builds the API into plain JavaScript in `outdir`, for processes that start often (the test servers): run from
 * source, the API process, its store thread and each parsing worker load tsx's loader and pass every module
 * through it, 3.3 CPU-seconds to start on a seeded store here against 1.9 s built. esbuild (Vite's own bundler,
 * already installed) bundles our code in a fifth of a second; packages stay in node_modules, where PGlite finds its
 * WebAssembly, so `outdir` must be inside the project. The three entries sit side by side, as the modules that
 * start their threads expect (`db/engine/embedded-store.ts`, `runs/parse/run-parse-job.ts`).
 */
export async function buildServer(outdir: string): Promise<string> {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'store-thread': 'src/server/db/engine/store-thread.ts',
      'worker-entry': 'src/server/runs/parse/worker-entry.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    chunkNames: 'chunk-[hash]',
    // Stack traces in a test server's output name the TypeScript source (node --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'warning',
  })
  return outdir
}
