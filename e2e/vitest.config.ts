import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** e2e runs on its own (`npm run test:e2e`), against the built app: one file at a time, generous timeouts. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.spec.ts'],
    exclude: ['node_modules/**', 'screenshots/**'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
