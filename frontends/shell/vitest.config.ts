import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // globals: Testing Library unmounts after each test through the global afterEach.
  test: {
    environment: 'jsdom',
    globals: true,
    // Generous: turbo runs several suites at once on a 2-core machine.
    testTimeout: 20_000,
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
