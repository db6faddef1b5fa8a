import { createServer } from 'node:net';
import { PassThrough } from 'node:stream';
import { NatsEventBus } from '@uapqa/service-kit';
import { uniqueName } from '@uapqa/service-kit/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localConfigSchema } from '../src/config.js';
import { type LocalStack, startLocalStack } from '../src/stack.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const natsUrl = process.env.TEST_NATS_URL;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Real processes on the real servers: runs where TEST_DATABASE_URL and TEST_NATS_URL are set. */
describe.runIf(serverUrl && natsUrl)('distributed local mode (real PostgreSQL and NATS)', () => {
  let stack: LocalStack;
  const prefix = `${uniqueName('local')}_`;

  beforeAll(async () => {
    const gatewayPort = await freePort();
    const basePort = (await freePort()) - 1;
    stack = await startLocalStack(
      localConfigSchema.parse({
        PORT: String(gatewayPort),
        BASE_PORT: String(basePort),
        POSTGRES_URL: serverUrl,
        NATS_URL: natsUrl,
        NATS_STREAM_PREFIX: prefix,
        DATABASE_PREFIX: prefix,
        ADMIN_PASSWORD: 'test-admin-password',
        LOG_LEVEL: 'warn',
      }),
      new PassThrough(),
    );
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    const bus = await NatsEventBus.connect({
      url: natsUrl!,
      name: 'cleanup',
      streamPrefix: prefix,
    });
    await bus.deleteStreams(['identity', 'billing', 'questions', 'moderation', 'notifications']);
    await bus.close();
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    const rows = await admin`select datname from pg_database where datname like ${`${prefix}%`}`;
    for (const row of rows)
      await admin.unsafe(`drop database if exists "${row.datname}" with (force)`);
    await admin.end();
  });

  it('runs each service as its own process behind the gateway', async () => {
    const health = await (await fetch(`${stack.url}/api/health`)).json();
    expect(health.services.identity).toBe('ready');
    expect(stack.processes.map((p) => p.name)).toEqual([
      'identity',
      'billing',
      'questions',
      'gateway',
    ]);
    expect(health.services.billing).toBe('ready');
  });

  it('creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD and enforces logout across processes', async () => {
    const login = await fetch(`${stack.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'test-admin-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const me = await (await fetch(`${stack.url}/api/user`, { headers: { cookie } })).json();
    expect(me).toMatchObject({ username: 'admin', role: 'admin' });

    expect(
      (await fetch(`${stack.url}/api/logout`, { method: 'POST', headers: { cookie } })).status,
    ).toBe(200);
    const after = await fetch(`${stack.url}/api/user`, { headers: { cookie } });
    expect(after.status).toBe(401);
  });
});
