import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const features = ['coverage', 'prices', 'projects', 'recommendations', 'sources']
const noServer = { group: ['**/server/**', '**/server'], message: 'Only src/server imports src/server.' }
const noApp = {
  group: ['**/app/**', '**/app'],
  message: 'Only the app imports src/app/; a feature is handed its links by its route module (a links or projectHref prop).',
}
const noFeatures = { group: ['**/features/**'], message: 'Shared code does not import features; features import it.' }
const noApi = { group: ['**/api/**', '**/api'], message: 'src/lib holds pure helpers that know nothing of the API; API-aware helpers live in src/api/.' }
const sqlOnlyInDb = 'SQL lives under src/server/db/ (a function in db/queries/); call it from here.'

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
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', importNames: ['sql'], message: sqlOnlyInDb }] }],
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]', message: sqlOnlyInDb },
      ],
    },
  },
)
