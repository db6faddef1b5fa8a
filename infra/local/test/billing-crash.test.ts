import { createServer } from 'node:net';
import { PassThrough } from 'node:stream';
import { CREDIT_RESERVE_SUBJECT, type CreditReservationReply } from '@uapqa/contracts';
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

describe.runIf(serverUrl && natsUrl)(
  'billing killed in the middle of a burst of reservations',
  () => {
    let stack: LocalStack;
    let bus: NatsEventBus;
    const prefix = `${uniqueName('crash')}_`;

    beforeAll(async () => {
      stack = await startLocalStack(
        localConfigSchema.parse({
          PORT: String(await freePort()),
          BASE_PORT: String((await freePort()) - 1),
          POSTGRES_URL: serverUrl,
          NATS_URL: natsUrl,
          NATS_STREAM_PREFIX: prefix,
          DATABASE_PREFIX: prefix,
          ADMIN_PASSWORD: 'test-admin-password',
          LOG_LEVEL: 'warn',
        }),
        new PassThrough(),
      );
      bus = await NatsEventBus.connect({ url: natsUrl!, name: 'crash-test', streamPrefix: prefix });
    }, 90_000);

    afterAll(async () => {
      await stack?.stop();
      await bus?.deleteStreams(['identity', 'billing', 'questions', 'moderation', 'notifications']);
      await bus?.close();
      const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      const rows = await admin`select datname from pg_database where datname like ${`${prefix}%`}`;
      for (const row of rows)
        await admin.unsafe(`drop database if exists "${row.datname}" with (force)`);
      await admin.end();
    });

    async function send(path: string, cookie: string, body: unknown = {}) {
      const response = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      return response.json();
    }

    it('loses and duplicates no debit once restarted', async () => {
      const registered = await fetch(`${stack.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'burst',
          email: 'burst@example.com',
          password: 'long enough pw',
        }),
      });
      const cookie = registered.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const { id: userId } = await registered.json();
      for (const start of [
        ['/api/create-subscription'],
        ['/api/purchase-credits', 'bulk'],
        ['/api/purchase-credits', 'bulk'],
      ]) {
        const { clientSecret } = await send(
          start[0]!,
          cookie,
          start[1] ? { package: start[1] } : {},
        );
        expect(
          (await send('/api/billing/local/confirm', cookie, { clientSecret, outcome: 'succeeded' }))
            .status,
        ).toBe('succeeded');
      }
      const credits = 3 + 10 + 10;

      const questions = Array.from({ length: 60 }, (_, n) => `burst-question-${n}`);
      const outcome = new Map<string, CreditReservationReply>();
      const reserve = (questionId: string) =>
        bus
          .request<CreditReservationReply>(CREDIT_RESERVE_SUBJECT, { userId, questionId }, 1500)
          .then((reply) => outcome.set(questionId, reply))
          .catch(() => undefined); // unanswered: asked again after the restart
      const burst = questions.map((questionId, n) =>
        new Promise((resolve) => setTimeout(resolve, n * 5)).then(() => reserve(questionId)),
      );
      await new Promise((resolve) => setTimeout(resolve, 120));
      await stack.kill('billing');
      await Promise.all(burst);
      // The crash left some requests unanswered (otherwise this test would prove nothing).
      expect(outcome.size).toBeLessThan(questions.length);
      await stack.restart('billing');
      for (const questionId of questions) {
        if (!outcome.has(questionId)) await reserve(questionId);
      }

      expect(outcome.size).toBe(questions.length);
      const accepted = [...outcome.values()].filter((reply) => reply.ok).length;
      expect(accepted).toBe(credits);
      const me = await (await fetch(`${stack.url}/api/user`, { headers: { cookie } })).json();
      expect(me.foiaCredits).toBe(0);
    });
  },
);
