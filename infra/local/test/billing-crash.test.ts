import { CREDIT_RESERVE_SUBJECT, type CreditReservationReply } from '@uapqa/contracts';
import { registerVerified } from '@uapqa/identity/testing';
import { verificationTokenFromMailbox } from '@uapqa/notifications/testing';
import { NatsEventBus } from '@uapqa/service-kit';
import { browser } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../src/stack.js';
import {
  type IsolatedStack,
  natsUrl,
  realServersConfigured,
  startIsolatedStack,
} from './support.js';

describe.runIf(realServersConfigured)(
  'billing killed in the middle of a burst of reservations',
  () => {
    let isolated: IsolatedStack;
    let stack: LocalStack;
    let bus: NatsEventBus;

    beforeAll(async () => {
      isolated = await startIsolatedStack('crash');
      stack = isolated.stack;
      bus = await NatsEventBus.connect({
        url: natsUrl!,
        name: 'crash-test',
        streamPrefix: isolated.prefix,
      });
    }, 90_000);

    afterAll(async () => {
      await bus?.close();
      await isolated?.cleanup();
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
      const visitor = browser({ request: (url, init) => fetch(url, init) }, stack.url);
      const registered = await registerVerified(
        visitor,
        (email) => verificationTokenFromMailbox(isolated.mailbox, email),
        { username: 'burst', email: 'burst@example.com', password: 'long enough pw' },
      );
      const cookie = visitor.jar.header();
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
