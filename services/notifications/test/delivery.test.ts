import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEvent,
  type EventEnvelope,
  QUESTIONS_STREAM,
  QuestionAnswered,
} from '@uapqa/contracts';
import type { EventBus } from '@uapqa/service-kit';
import { busWith, eventually, testBackends } from '@uapqa/service-kit/testing';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp, toAddress } from '../src/testing/index.js';
import { type LoneService, newMember, startAlone } from './harness.js';

/**
 * A bus that hands every event to the handler three times, two of them at once: what
 * at-least-once delivery does after a lost acknowledgement, or to two replicas.
 */
function redelivering(inner: EventBus): EventBus {
  return busWith(inner, {
    consume: (options) =>
      inner.consume({
        ...options,
        handler: async (event: EventEnvelope) => {
          await Promise.all([options.handler(event), options.handler(event)]);
          await options.handler(event);
        },
      }),
  });
}

const joinWaitlist = (email: string) => ({ email, source: 'page' });

/**
 * Waits until the worker has gone past everything enqueued so far: a message enqueued now has
 * reached the server, and no message is left pending (each is marked sent only after the server
 * took it, or given up). Whatever the worker was to send before, it has sent by then.
 */
async function workerCaughtUp(lone: LoneService, smtp: TestSmtp): Promise<void> {
  const marker = newMember().email;
  expect((await lone.post('/api/waitlist/join', joinWaitlist(marker))).status).toBe(200);
  await smtp.waitFor(marker, 1);
  await eventually(async () => expect(await lone.service.mailBacklog()).toBe(0));
}

// Each test starts its own service (a fresh database, migrations) in its body: it gets the
// time hooks that start one get.
describe.each(testBackends())('mail delivery ($name)', { timeout: 120_000 }, (backend) => {
  it('retries a message the SMTP server refuses for now (4xx) and delivers it once', async () => {
    const smtp = await startSmtp();
    const lone = await startAlone(backend, { SMTP_URL: smtp.url });
    try {
      smtp.refuse(3, 451);
      const email = newMember().email;
      expect((await lone.post('/api/waitlist/join', joinWaitlist(email))).status).toBe(200);
      await smtp.waitFor(email, 1);
      expect(smtp.refusals).toBe(3);
      // Marked sent just after the server took it.
      await eventually(async () => expect(await lone.service.mailBacklog()).toBe(0));
      await workerCaughtUp(lone, smtp);
      expect(smtp.to(email)).toHaveLength(1);
    } finally {
      await lone.stop();
      await smtp.stop();
    }
  });

  it('keeps a message while the SMTP server is down and delivers it once it is up', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.stop(); // nothing listens on the port now
    const lone = await startAlone(backend, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      const email = newMember().email;
      expect((await lone.post('/api/waitlist/join', joinWaitlist(email))).status).toBe(200);
      // An attempt has met the closed port (one of ours, as the worker's own would): the
      // message is still kept.
      await eventually(async () => expect(await lone.service.deliverMail()).toBe(1));
      expect(await lone.service.mailBacklog()).toBe(1);
      smtp = await startSmtp(port);
      const [mail] = await smtp.waitFor(email, 1);
      expect(toAddress(mail!)).toBe(email);
      await workerCaughtUp(lone, smtp);
      expect(smtp.to(email)).toHaveLength(1);
    } finally {
      await lone.stop();
      await smtp?.stop();
    }
  });

  it('gives a message up at once when the server refuses it for good (5xx)', async () => {
    const smtp = await startSmtp();
    const lone = await startAlone(backend, { SMTP_URL: smtp.url });
    try {
      smtp.refuse(1, 550);
      const email = newMember().email;
      await lone.post('/api/waitlist/join', joinWaitlist(email));
      await eventually(() => expect(smtp.refusals).toBe(1));
      await eventually(async () => expect(await lone.service.mailBacklog()).toBe(0));
      await workerCaughtUp(lone, smtp);
      expect(smtp.to(email)).toHaveLength(0);
      expect(smtp.refusals).toBe(1);
    } finally {
      await lone.stop();
      await smtp.stop();
    }
  });

  it('sends one message per event however often the event is delivered', async () => {
    const smtp = await startSmtp();
    const lone = await startAlone(backend, { SMTP_URL: smtp.url }, redelivering);
    try {
      const member = await lone.announceUser();
      const answered = createEvent(QuestionAnswered, {
        questionId: '00000000-0000-4000-8000-00000000d001',
        askerId: member.userId,
        expertId: 1,
        title: 'Delivered three times',
        answeredAt: new Date().toISOString(),
      });
      await lone.publish(QUESTIONS_STREAM, answered);
      await lone.publish(QUESTIONS_STREAM, answered); // republished: the bus drops it
      await smtp.waitForOne(member.email, 'Your question has been answered: Delivered three times');
      await smtp.waitForOne(member.email, 'Welcome to UAP Answers');
      // A later event on the same stream: the consumer handles events in order, so once its
      // message is out, every delivery of the first event has been handled; and once nothing
      // is pending, whatever those deliveries enqueued has been sent.
      await lone.publish(
        QUESTIONS_STREAM,
        createEvent(QuestionAnswered, {
          questionId: '00000000-0000-4000-8000-00000000d002',
          askerId: member.userId,
          expertId: 1,
          title: 'Delivered after',
          answeredAt: new Date().toISOString(),
        }),
      );
      await smtp.waitForOne(member.email, 'Your question has been answered: Delivered after');
      await eventually(async () => expect(await lone.service.mailBacklog()).toBe(0));
      // The two events' messages and the later one's: nothing twice.
      expect(smtp.to(member.email)).toHaveLength(3);
    } finally {
      await lone.stop();
      await smtp.stop();
    }
  });

  it('writes readable .eml files to the mailbox folder when no SMTP server is set', async () => {
    const mailbox = await mkdtemp(join(tmpdir(), 'uapqa-mailbox-test-'));
    const lone = await startAlone(backend, {
      MAILBOX_DIR: mailbox,
      STAFF_EMAIL: 'staff@uap.example',
    });
    try {
      expect(lone.service.mailTarget).toEqual({ kind: 'mailbox', target: mailbox });
      const email = newMember().email;
      await lone.post('/api/waitlist/join', joinWaitlist(email));
      await lone.post('/api/contact', {
        name: 'Ann',
        email,
        subject: 'Hello',
        message: 'Is anyone there?',
      });
      const files = await eventually(async () => {
        const names = await readdir(mailbox);
        expect(names.filter((name) => name.endsWith('.eml'))).toHaveLength(2);
        return names;
      });
      expect(files.every((name) => /^\d{8}T\d{6}Z-[0-9a-f-]{36}\.eml$/.test(name))).toBe(true);
      const mails = await Promise.all(
        files.map(async (name) => simpleParser(await readFile(join(mailbox, name)))),
      );
      const bySubject = Object.fromEntries(mails.map((mail) => [mail.subject, mail]));
      const confirmation = bySubject["You're on the UAP Answers waitlist"]!;
      expect(toAddress(confirmation)).toBe(email);
      expect(confirmation.html).toContain('<!doctype html>');
      const staff = bySubject['Contact form: Hello (from Ann)']!;
      expect(toAddress(staff)).toBe('staff@uap.example');
      expect(staff.text).toContain('Is anyone there?');
      // Marked sent just after the server took it.
      await eventually(async () => expect(await lone.service.mailBacklog()).toBe(0));
    } finally {
      await lone.stop();
      await rm(mailbox, { recursive: true, force: true });
    }
  });

  it.skipIf(backend.name !== 'real')(
    'lets several replicas share the outbox without sending anything twice',
    async () => {
      const smtp = await startSmtp(0, { delayMs: 15 });
      let stopped = false;
      const env = { SMTP_URL: smtp.url, MAIL_POLL_MS: '20' };
      const first = await startAlone(backend, env);
      // A second process on the same database and the same streams.
      const second = await (await import('../src/testing/index.js'))
        .notificationsForTests(env)
        .start({
          databaseUrl: first.databaseUrl,
          bus: first.bus,
          identityFetch: () => Promise.reject(new Error('no identity')),
        });
      try {
        const emails = Array.from({ length: 30 }, () => newMember().email);
        await Promise.all(
          emails.map((email, index) =>
            (index % 2 ? second.app : first.service.app).request(
              'http://notifications.internal/api/waitlist/join',
              {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(joinWaitlist(email)),
              },
            ),
          ),
        );
        await eventually(() => expect(smtp.received).toHaveLength(30), { timeoutMs: 15_000 });
        await eventually(async () => expect(await first.service.mailBacklog()).toBe(0));
        // Stopping waits for each replica's pass under way: no send is left in flight.
        await second.stop();
        await first.stop();
        stopped = true;
        expect(smtp.received).toHaveLength(30);
        for (const email of emails) expect(smtp.to(email)).toHaveLength(1);
      } finally {
        if (!stopped) {
          await second.stop();
          await first.stop();
        }
        await smtp.stop();
      }
    },
  );
});
