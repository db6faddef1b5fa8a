import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { embeddedConfigSchema } from '../src/config.js';
import { type EmbeddedStack, startEmbedded } from '../src/embedded.js';

/** The password the demo seed gives every account. */
export const DEMO_PASSWORD = 'disclosure-demo';

export interface EmbeddedUnderTest {
  /** Where the running stack answers over real HTTP. */
  readonly url: string;
  /** The folder the stack writes its mail to (one .eml file a message). */
  readonly mailbox: string;
  /** Stops the stack and starts it again on the same data, as a redeploy would. */
  restart(): Promise<void>;
}

/**
 * The embedded stack on a free port with its data in a fresh folder (`uapqa-<name>-…`), for the
 * tests of the calling suite: started before them, stopped and its folder removed after.
 */
export function useEmbeddedStack(name: string): EmbeddedUnderTest {
  let dataDir = '';
  let stack: EmbeddedStack | undefined;
  const start = () =>
    startEmbedded(
      embeddedConfigSchema.parse({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      }),
    );
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), `uapqa-${name}-`));
    stack = await start();
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get url() {
      if (!stack) throw new Error('the embedded stack is not started');
      return stack.url;
    },
    get mailbox() {
      return join(dataDir, 'mailbox');
    },
    async restart() {
      await stack?.stop();
      stack = await start();
    },
  };
}

/** Signs a demo account in over real HTTP; its session's cookies, as a Cookie header. */
export async function signIn(url: string, username: string): Promise<string> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
