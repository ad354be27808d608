import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features: each reaches another only through that one's public entry (its index.ts). */
const FEATURES = readdirSync('web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The rooms and which way imports may flow (docs/architecture.md): the contract imports neither
 * side; the server and the web app never import each other; in the web app, routes -> features ->
 * shared components and lib, never back; a feature uses another only through its index.ts.
 */
const ROOMS = [
  {
    target: './contract',
    from: ['./server', './web', './tools', './e2e'],
    message: 'The contract is shared by both sides: it imports neither.',
  },
  { target: './server', from: ['./web', './e2e'], message: 'The server does not import the web app.' },
  {
    target: './web',
    from: ['./server', './tools'],
    message: 'The web app reaches the server only through the API and the contract.',
  },
  {
    target: ['./web/src/components', './web/src/lib'],
    from: ['./web/src/features', './web/src/routes', './web/src/app'],
    message: 'Shared components and lib serve every feature: they import none (move it to a feature or to app/).',
  },
  {
    target: './web/src/features',
    from: ['./web/src/routes', './web/src/app'],
    message: 'Features do not import routes or the app shell.',
  },
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`, ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: `Another feature is reached only through its public entry (web/src/features/<feature>/index.ts).`,
  })),
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'drizzle/', 'test-results/', 'playwright-report/', 'web/public/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**', 'contract/**', 'scripts/**', 'tools/**', 'e2e/**', '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Served to the browser in place of Stripe.js in the browser tests.
    files: ['e2e/support/fake-stripe.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['contract/**/*.ts', 'server/**/*.ts', 'web/src/**/*.{ts,tsx}', 'tools/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: { project: ['tsconfig.json', 'tsconfig.server.json', 'tsconfig.tools.json'] },
      },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: ROOMS }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
);
