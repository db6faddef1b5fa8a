import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // globals: Testing Library unmounts after each test through the global afterEach.
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    // Generous: turbo runs this next to other builds and suites on a small machine.
    testTimeout: 60_000,
  },
});
