import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Packages that find files beside their own modules, so run from node_modules rather than from the bundle. */
const ownFiles = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'piscina']

/**
 * Builds the API into plain JavaScript in `outdir`, for processes that start often (the test servers): run from
 * source, the API process, its store thread and each parsing worker load tsx's loader and pass every module
 * through it, 3.3 CPU-seconds to start on a seeded store here against 1.9 s built. esbuild (Vite's own bundler,
 * already installed) bundles our code and the packages it uses in under a second. Node resolving and loading each
 * package from node_modules cost a start on a copy of a store a tenth of its CPU (1.55 to 1.70 CPU-s against 1.38
 * to 1.44 with the packages in the bundle, 28 Nov 2026). Two stay in node_modules, where they find files of their
 * own: PGlite its WebAssembly and data, Piscina the script each of its threads starts; so `outdir` must be inside
 * the project. The three entries sit side by side, as the modules that start their threads expect
 * (`db/engine/embedded-store.ts`, `runs/parse/run-parse-job.ts`).
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
    external: [...ownFiles],
    // A bundled package written as CommonJS may still call require (of Node's own modules): an ES module has none.
    banner: { js: "import { createRequire as bundledRequire } from 'node:module'; const require = bundledRequire(import.meta.url);" },
    chunkNames: 'chunk-[hash]',
    // Stack traces in a test server's output name the TypeScript source (node --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'warning',
  })
  return outdir
}
