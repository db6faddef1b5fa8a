import { defineConfig } from 'vitest/config';

export default defineConfig({
  // globals: Testing Library unmounts after each test through the global afterEach.
  test: {
    environment: 'jsdom',
    globals: true,
    // Generous: turbo runs several suites at once on a 2-core machine.
    testTimeout: 20_000,
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
