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
const edgeFiles = ['app', 'main', 'deps', 'import-file']
const edge = ['routes', 'http', 'seeding', ...edgeFiles]
const domain = ['ranking', 'quality', 'catalogue', 'coverage', 'runs', 'importers', 'projects', 'present', 'files', 'pack', 'beneficiaries']
const serverFloors = [
  ...['routes', 'http', 'seeding'].map((folder) => ({ folder, forbidden: [], message: '' })),
  ...domain.map((folder) => ({
    folder,
    forbidden: [...edge, ...(folder === 'importers' ? ['runs'] : [])],
    message:
      folder === 'importers'
        ? 'Server floors: importers read files into rows and know nothing of runs/ (runs call importers), nor of the edge (routes/, http/, seeding/, app, main, deps).'
        : 'Server floors: a domain folder never imports the edge (routes/, http/, seeding/, app, main, deps); the edge calls it.',
  })),
  {
    folder: 'db',
    forbidden: [...edge, ...domain],
    message: 'Server floors: db/ never imports a domain folder or the edge; they call db/. Move what both need into core/.',
  },
  {
    folder: 'core',
    forbidden: [...edge, ...domain, 'db'],
    message: 'Server floors: core/ is the ground floor; it imports nothing else of the server.',
  },
]

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'bench-results', '.data'] },
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
  // The server's floors. Imports go down, never up: the edge (app, main, routes/, http/, and seeding/, which only
  // start-up uses) on top; the domain folders in the middle; db/ below them; core/ (ids, the source catalogue,
  // price bands, co-benefits, random) under all. Migrations are frozen and import nothing from live code.
  ...serverFloors.map(({ folder, forbidden, message }) => ({
    files: [`src/server/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: folder === 'db' ? [] : [kyselySql],
          patterns: forbidden.length ? [{ group: forbidden.map((name) => (edgeFiles.includes(name) ? `**/${name}` : `**/${name}/**`)), message }] : [],
        },
      ],
      ...(folder === 'db' ? {} : { 'no-restricted-syntax': ['error', { selector: queryBuilderCall, message: sqlOnlyInDb }, catalogueLayout] }),
    },
  })),
  {
    // The catalogue's own folder reads its layout; it is the one place that may.
    files: ['src/server/catalogue/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: queryBuilderCall, message: sqlOnlyInDb }] },
  },
  {
    files: ['src/server/*.ts'],
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
