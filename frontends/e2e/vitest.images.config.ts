import { defineConfig } from 'vitest/config';

// `pnpm test:images`: the journey against the containers the global setup builds and starts.
export default defineConfig({
  test: {
    include: ['images/**/*.test.ts'],
    globalSetup: ['images/stack.ts'],
    // Building every image from nothing takes minutes on two cores.
    hookTimeout: 60 * 60_000,
    testTimeout: 120_000,
    fileParallelism: false,
    reporters: ['verbose'],
  },
});
