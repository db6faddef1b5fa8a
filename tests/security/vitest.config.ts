import { integrationTests } from '@uapqa/service-kit/integration-tests';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...integrationTests,
    testTimeout: 120_000,
    // Each file starts the whole product (five services and the gateway): one at a time.
    fileParallelism: false,
  },
});
