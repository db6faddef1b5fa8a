// Global setup of the browser suite: one stack started on a fresh data folder (five databases
// migrated, the demo accounts and archive seeded), then stopped. Every test file starts its own
// stack on a copy of that folder: a start on migrated data takes a second or two where a
// fresh one takes 15 s alone and a minute beside another file's browser.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbedded } from '@uapqa/embedded';
import type { TestProject } from 'vitest/node';
import { stackSettings } from './stack-settings.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder every file's stack starts from a copy of. */
    stackTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await mkdtemp(join(tmpdir(), 'uapqa-e2e-template-'));
  const stack = await startEmbedded(stackSettings(template));
  await stack.stop();
  project.provide('stackTemplate', template);
  return () => rm(template, { recursive: true, force: true });
}
