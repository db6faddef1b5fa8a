import { defineConfig } from 'vitest/config';

// One embedded stack and one Chromium for the whole suite: files run one after another.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
