import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const features = ['beneficiaries', 'compare', 'coverage', 'credits', 'prices', 'projects', 'rating-method', 'recommendations', 'sources']
const noServer = { group: ['**/server/**', '**/server'], message: 'Only src/server imports src/server.' }
const noApp = {
  group: ['**/app/**', '**/app'],
  message: 'Only the app imports src/app/; a feature is handed its links by its route module (a links or projectHref prop).',
}
const noFeatures = { group: ['**/features/**'], message: 'Shared code does not import features; features import it.' }
const noApi = { group: ['**/api/**', '**/api'], message: 'src/lib holds pure helpers that know nothing of the API; API-aware helpers live in src/api/.' }
const sqlOnlyInDb = 'SQL lives under src/server/db/ (a function in db/queries/); call it from here.'
const kyselySql = { name: 'kysely', importNames: ['sql'], message: sqlOnlyInDb }
const queryBuilderCall = 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]'

const catalogueLayout = {
  selector: 'MemberExpression[property.name=/^(starts|codes|codeOf)$/]',
  message: "The catalogue's column layout is read only in catalogue/; use its accessors (facetValue, facetValues, facetCode, creditYearRange, …).",
}
// The server's folders and what each may import of the others, written once: imports follow these arrows and no
// others, so the graph has no circle and a folder's place in it is read here. The edge (the top-level files, routes/,
// http/, seeding/) calls the domain folders; present/ shapes answers for the contract and only routes/ call it; db/
// holds every query; core/ what everything needs.
const edgeFiles = ['app', 'main', 'deps', 'env', 'import-file', 'check-data']
export const serverGraph = {
  core: [],
  db: ['core'],
  credits: ['core', 'db'],
  importers: ['core', 'db', 'beneficiaries'],
  sources: ['core', 'db', 'importers'],
  pricing: ['core', 'importers'],
  files: ['core', 'db'],
  beneficiaries: ['core', 'db'],
  quality: ['core', 'db', 'importers', 'pricing', 'sources'],
  catalogue: ['core', 'db', 'pricing', 'sources'],
  coverage: ['core', 'db', 'catalogue', 'sources'],
  projects: ['core', 'db', 'catalogue', 'quality', 'sources'],
  ranking: ['core', 'db', 'catalogue', 'pricing', 'quality', 'sources'],
  pack: ['core', 'db', 'projects', 'quality'],
  runs: ['core', 'db', 'env', 'files', 'importers', 'pricing', 'quality', 'sources', 'beneficiaries'],
  present: ['core', 'db', 'catalogue', 'credits', 'files', 'projects', 'quality', 'ranking', 'sources'],
  http: ['core', 'credits', 'db', 'deps'],
  seeding: ['core', 'db', 'importers', 'pricing', 'quality', 'runs', 'sources'],
  routes: ['core', 'db', 'deps', 'http', 'present', 'beneficiaries', 'catalogue', 'coverage', 'credits', 'files', 'pack', 'projects', 'quality', 'ranking', 'runs', 'sources'],
}
const edge = ['routes', 'http', 'seeding', ...edgeFiles]
const serverFolders = Object.keys(serverGraph)
const patternOf = (name) => (edgeFiles.includes(name) ? `**/${name}` : `**/${name}/**`)
const floorMessages = {
  db: 'Server floors: db/ never imports a domain folder or the edge; they call db/, and hand it plain values.',
  core: 'Server floors: core/ is the ground floor; it imports nothing else of the server.',
}
const serverFloors = serverFolders.map((folder) => {
  const allowed = new Set([folder, ...serverGraph[folder]])
  const forbidden = [...serverFolders, ...edgeFiles].filter((name) => !allowed.has(name))
  const edgeForbidden = forbidden.filter((name) => edge.includes(name))
  const presentForbidden = forbidden.filter((name) => name === 'present')
  const domainForbidden = forbidden.filter((name) => !edge.includes(name) && name !== 'present')
  const graphMessage =
    floorMessages[folder] ??
    `Server graph (eslint.config.js): ${folder}/ imports only ${serverGraph[folder].map((name) => `${name}/`).join(', ') || 'nothing of the server'}.` +
      (folder === 'importers' ? ' Server floors: importers read files into rows and know nothing of runs/ (runs call importers), nor of the edge.' : '')
  const edgeMessage =
    floorMessages[folder] ?? 'Server floors: a domain folder never imports the edge (routes/, http/, seeding/, app, main, deps, env); the edge calls it and hands it what it needs.'
  return {
    folder,
    groups: [
      ...(edgeForbidden.length ? [{ group: edgeForbidden.map(patternOf), message: edgeMessage }] : []),
      ...(presentForbidden.length ? [{ group: ['**/present/**'], message: 'Presenters shape answers for the contract: only routes/ import present/; return a domain value and let the route present it.' }] : []),
      ...(domainForbidden.length ? [{ group: domainForbidden.map(patternOf), message: graphMessage }] : []),
    ],
  }
})
const processEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'The server reads its environment only in src/server/env.ts (readEnv), and hands on what a module needs.',
}

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'bench-results', '.data'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read JSON bodies loosely and check what matters against the contract's schemas.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures hand values on with a `use` callback that is not React's hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  // Boundaries. Imports flow one way, shared (api, lib, components) → features → app; a feature is handed its
  // links by its route module (a `links` or `projectHref` prop typed in the feature), never imports app/ or another
  // feature; lib/ holds pure helpers that know nothing of the API; SQL is written only under src/server/db/.
  // ESLint applies one no-restricted-imports per file (the last block that matches wins), so each block below
  // repeats the patterns of the blocks it narrows.
  {
    // The app never reaches into the sandbox API; it speaks to it over HTTP through the contract.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer] }] },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noApp, noFeatures, noApi] }] },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noApp, noFeatures] }] },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            noApp,
            {
              group: features.filter((other) => other !== feature).flatMap((other) => [`**/features/${other}/**`, `../../${other}/**`, `../${other}/**`]),
              message: 'Features do not import each other; compose them in a route module under src/app/.',
            },
          ],
        },
      ],
    },
  })),
  // The server's floors, from serverGraph above: each folder imports only the folders its entry names, and reads
  // no process.env (env.ts does, once). Migrations are frozen and import nothing from live code.
  ...serverFloors.map(({ folder, groups }) => ({
    files: [`src/server/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { paths: folder === 'db' ? [] : [kyselySql], patterns: groups }],
      'no-restricted-syntax': ['error', processEnv, ...(folder === 'db' ? [] : [{ selector: queryBuilderCall, message: sqlOnlyInDb }, catalogueLayout])],
    },
  })),
  {
    // The catalogue's own folder reads its layout; it is the one place that may.
    files: ['src/server/catalogue/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', processEnv, { selector: queryBuilderCall, message: sqlOnlyInDb }] },
  },
  {
    files: ['src/server/*.ts'],
    ignores: ['src/server/env.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [kyselySql], patterns: [{ group: ['**/present/**'], message: 'Presenters shape answers for the contract: only routes/ import present/.' }] }],
      'no-restricted-syntax': ['error', processEnv, { selector: queryBuilderCall, message: sqlOnlyInDb }],
    },
  },
  {
    files: ['src/server/env.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [kyselySql] }],
      'no-restricted-syntax': ['error', { selector: queryBuilderCall, message: sqlOnlyInDb }],
    },
  },
  {
    files: ['src/server/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '!../migrations'],
              allowTypeImports: true,
              message: 'Migrations are frozen: a replay must do what it did the day it shipped, so they import nothing from live code (copy the value in).',
            },
          ],
        },
      ],
    },
  },
)
