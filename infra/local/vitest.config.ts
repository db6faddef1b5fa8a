import { integrationTests } from '@uapqa/service-kit/integration-tests';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...integrationTests,
    // The stacks these suites start pass this to their processes: moderation announces each
    // decision at once, as the invariants checked after a run expect of every decided question.
    env: { DECISION_HOLD_SECONDS: '0' },
  },
});
