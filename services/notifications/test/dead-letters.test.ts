import {
  createEvent,
  type EventEnvelope,
  MODERATION_STREAM,
  QuestionApproved,
  QuestionRejected,
} from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { CONSUMER } from '../src/events/consumers.js';
import { startSmtp } from '../src/testing/index.js';
import { startAlone } from './harness.js';

describe.each(testBackends())('poison events ($name)', (backend) => {
  it('dead-letters an event it cannot handle and goes on with the next one', async () => {
    const smtp = await startSmtp();
    const lone = await startAlone(backend, {
      SMTP_URL: smtp.url,
      EVENT_MAX_DELIVER: '3',
      EVENT_BACKOFF_MS: '20,40',
    });
    try {
      const member = await lone.announceUser();
      // A QuestionApproved whose payload breaks its contract: no asker, no expert, no date.
      const poison: EventEnvelope = {
        ...createEvent(QuestionApproved, {
          questionId: 'q-poison',
          askerId: member.userId,
          moderatorId: 1,
          assignedExpertId: member.userId,
          moderationNotes: null,
          approvedAt: new Date().toISOString(),
        }),
        data: { questionId: 'q-poison' },
      };
      await lone.publish(MODERATION_STREAM, poison);
      await lone.publish(
        MODERATION_STREAM,
        createEvent(QuestionRejected, {
          questionId: 'q-good',
          askerId: member.userId,
          moderatorId: 1,
          moderationNotes: 'Off topic.',
          rejectedAt: new Date().toISOString(),
        }),
      );

      const letters = await eventually(
        async () => {
          const found = await lone.bus.deadLetters(MODERATION_STREAM, CONSUMER);
          expect(found).toHaveLength(1);
          return found;
        },
        { timeoutMs: 10_000 },
      );
      expect(letters[0]).toMatchObject({
        stream: MODERATION_STREAM,
        durable: CONSUMER,
        deliveries: 3,
        event: { id: poison.id, type: 'QuestionApproved', data: { questionId: 'q-poison' } },
      });
      expect(letters[0]!.error).toMatch(/askerId|expected number/);

      // The consumer went on: the good event after it was handled and mailed.
      const mail = await smtp.waitForOne(member.email, /not approved/);
      expect(mail.text).toContain('Off topic.');
      // Marked sent just after the server took it.
      await eventually(async () => expect(await lone.service.mailBacklog()).toBe(0));
    } finally {
      await lone.stop();
      await smtp.stop();
    }
  });
});
