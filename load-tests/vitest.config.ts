import { fileURLToPath } from 'node:url';
import { integrationTests } from '@uapqa/service-kit/integration-tests';
import { defineConfig } from 'vitest/config';

const shim = (file: string) => fileURLToPath(new URL(`./test/k6-shim/${file}`, import.meta.url));

export default defineConfig({
  // k6's modules exist only inside k6: test/k6-shim stands in for them (test/k6-entry.test.ts).
  resolve: {
    alias: [
      { find: /^k6\/http$/, replacement: shim('http.ts') },
      { find: /^k6\/metrics$/, replacement: shim('metrics.ts') },
      { find: /^k6$/, replacement: shim('k6.ts') },
    ],
  },
  test: {
    ...integrationTests,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
