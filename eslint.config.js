import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
);
