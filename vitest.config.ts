import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const PROCESS_TESTS = ['server/main.test.ts', 'server/users/make-admin.test.ts', 'server/http/first-download.test.ts'];
/** Faults on a PostgreSQL server of their own (stopped, restarted, a process killed): `npm run test:faults`. */
const FAULT_TESTS = ['server/faults/**/*.test.ts'];
/** Several instances on one PostgreSQL and one Redis: `npm run test:scale`. */
const SCALE_TESTS = ['server/scale/**/*.test.ts'];
/**
 * Server tests that hold the store to a latency budget while it works hard (an import, photos on a
 * loop). On two cores a neighbouring test file takes half the machine, so they run after the rest,
 * one at a time: the budget is the store's, not the neighbour's.
 */
const TIMED_TESTS = ['server/catalogue-csv/large-files.test.ts', 'server/media/serving-load.test.ts'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@contract': path.resolve('contract') } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: [...PROCESS_TESTS, ...FAULT_TESTS, ...SCALE_TESTS, ...TIMED_TESTS],
          globalSetup: ['server/test/global-setup.ts'],
          // Each file builds its own app on its own database; PGlite start-up dominates.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          environment: 'node',
          include: TIMED_TESTS,
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Tests that start real processes and time them: after every other project, on their own.
        extends: true,
        test: {
          name: 'process',
          environment: 'node',
          include: PROCESS_TESTS,
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          environment: 'node',
          include: FAULT_TESTS,
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'scale',
          environment: 'node',
          include: SCALE_TESTS,
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
