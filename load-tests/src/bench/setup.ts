import { Client } from '../client.js';
import { Recorder } from '../recorder.js';
import { loadScenarios } from '../scenario.js';
import { log } from './section.js';

/** What the scenarios' `prepare` creates, as the sections read it. */
export interface SetupData {
  members: Array<{ id: number; username: string; cookie: string }>;
  experts: Array<{ userId: number }>;
  moderators: Array<{ cookie: string }>;
  pending: Array<{ questionId: string; asker: number }>;
  categoryIds: number[];
  tagIds: number[];
}

/** Creates the accounts and questions a section needs; the client stays signed in for it. */
export async function prepared(baseUrl: string, need: Record<string, number>) {
  const { prepare } = await loadScenarios();
  const client = new Client(baseUrl, new Recorder(), 'setup');
  client.recorder.recording = false;
  client.onNote = (message) => log(`  ${message}`);
  const started = performance.now();
  const data = (await client.drive(prepare(need))) as SetupData;
  log(`  setup ${JSON.stringify(need)} in ${Math.round(performance.now() - started)} ms`);
  return { data, client };
}
