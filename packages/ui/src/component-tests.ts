import type { ViteUserConfig } from 'vitest/config';

/**
 * How every frontend runs its component tests (a remote's `vitest.config.ts` passes it as
 * `test`): in jsdom, with globals, so that Testing Library unmounts after each test through the
 * global afterEach, and with the package's own `test/setup.ts`.
 */
export const componentTests: NonNullable<ViteUserConfig['test']> = {
  environment: 'jsdom',
  globals: true,
  setupFiles: ['./test/setup.ts'],
  include: ['test/**/*.test.{ts,tsx}'],
  // Generous: turbo runs these suites next to builds and other suites on a 2-core machine.
  testTimeout: 60_000,
};
