import {
  createEvent,
  FollowUpAnswered,
  FollowUpAsked,
  QUESTIONS_STREAM,
  RefundDecided,
} from '@uapqa/contracts';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Member, startNotificationsStack } from './harness.js';

const QUESTION = '00000000-0000-4000-8000-00000000f001';
const PAGE = `https://uap.example/questions/${QUESTION}`;

describe.each(testBackends())('email after an answer ($name)', (backend) => {
  let expert: Member;
  let asker: Member;
  const stack = stackForSuite(() => startNotificationsStack(backend));
  beforeAll(async () => {
    expert = await stack.announceUser({ role: 'expert', firstName: 'Dana' });
    asker = await stack.announceUser({ firstName: 'Riley' });
  });

  it('sends the follow-up to the expert with its deadline, and the reply to the asker', async () => {
    await stack.publish(
      QUESTIONS_STREAM,
      createEvent(FollowUpAsked, {
        questionId: QUESTION,
        askerId: asker.userId,
        expertId: expert.userId,
        title: 'What did the pilots report?',
        dueAt: '2030-01-18T09:30:00.000Z',
      }),
    );
    const asked = await stack.smtp.waitForOne(
      expert.email,
      'A follow-up question: What did the pilots report?',
    );
    expect(asked.text).toContain('Please reply by Jan 18, 2030, 9:30 AM UTC');

    await stack.publish(
      QUESTIONS_STREAM,
      createEvent(FollowUpAnswered, {
        questionId: QUESTION,
        askerId: asker.userId,
        expertId: expert.userId,
        title: 'What did the pilots report?',
      }),
    );
    const replied = await stack.smtp.waitForOne(
      asker.email,
      'Your follow-up was answered: What did the pilots report?',
    );
    expect(replied.text).toContain('Dana Tester replied to your follow-up');
    expect(replied.text).toContain(`Read the reply: ${PAGE}`);
  });

  it('tells both sides of a refund decision, with the note, once per event', async () => {
    const decision = createEvent(RefundDecided, {
      questionId: QUESTION,
      askerId: asker.userId,
      expertId: expert.userId,
      title: 'Was it a balloon?',
      granted: true,
      note: 'The answer did not address the question.',
      decidedBy: 1,
      decidedAt: new Date().toISOString(),
    });
    await stack.publish(QUESTIONS_STREAM, decision);
    // The same event delivered twice mails nobody twice.
    await stack.publish(QUESTIONS_STREAM, decision);
    const member = await stack.smtp.waitForOne(
      asker.email,
      'Your refund was granted: Was it a balloon?',
    );
    expect(member.text).toContain('the question’s credit is back in your account');
    expect(member.text).toContain('The answer did not address the question.');
    const toExpert = await stack.smtp.waitForOne(
      expert.email,
      'A refund decision on your answer: Was it a balloon?',
    );
    expect(toExpert.text).toContain('the fee for this answer is taken out of your earnings');

    await stack.publish(
      QUESTIONS_STREAM,
      createEvent(RefundDecided, {
        questionId: QUESTION,
        askerId: asker.userId,
        expertId: expert.userId,
        title: 'Is this a second question?',
        granted: false,
        note: 'The answer is sourced and complete.',
        decidedBy: 1,
        decidedAt: new Date().toISOString(),
      }),
    );
    const refused = await stack.smtp.waitForOne(
      asker.email,
      'Your refund request: Is this a second question?',
    );
    expect(refused.text).toContain('decided not to refund');
    // Handled after both deliveries of the grant (one stream, in order): still one message.
    await stack.smtp.waitForOne(asker.email, 'Your refund was granted: Was it a balloon?');
  });
});
