import type { ViteUserConfig } from 'vitest/config';

/**
 * How every backend package runs its suites (its `vitest.config.ts` passes these as `test`,
 * with its own additions on top).
 *
 * The files share one worker process that keeps its modules (`isolate: false`). Isolated, each
 * file imported the service anew and started cold: V8 compiled PGlite's WebAssembly and the
 * service's hot paths again for every file. On two cores, questions' suite took 72 s isolated
 * and 32 s shared, at a third of the CPU. So a file must leave nothing behind in module state:
 * every database, bus and server a file opens, it closes in its `afterAll`.
 */
export const integrationTests: NonNullable<ViteUserConfig['test']> = {
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};
