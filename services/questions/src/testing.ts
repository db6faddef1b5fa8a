import { serviceForTests } from '@uapqa/service-kit/testing';
import { questionsService } from './descriptor.js';

/** Questions (taxonomy seeded, demo archive unless `env` says otherwise), as integration stacks start it. */
export function questionsForTests(env: Record<string, string> = {}) {
  return serviceForTests(questionsService, env);
}

export * from './testing-subjects.js';
