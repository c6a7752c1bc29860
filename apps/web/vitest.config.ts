import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Form tests type through many fields with user-event; a busy 2-core CI machine needs more than the 5 s default.
    testTimeout: 30_000,
  },
});
