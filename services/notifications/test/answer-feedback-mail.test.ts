import {
  BILLING_STREAM,
  CreditsPurchased,
  CreditsRefunded,
  createEvent,
  FollowUpAnswered,
  FollowUpAsked,
  QUESTIONS_STREAM,
  RefundDecided,
} from '@uapqa/contracts';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Member, startNotifications } from './harness.js';

const QUESTION = '00000000-0000-4000-8000-00000000f001';
const PAGE = `https://uap.example/questions/${QUESTION}`;

describe.each(testBackends())('email after an answer ($name)', (backend) => {
  let expert: Member;
  let asker: Member;
  const stack = stackForSuite(() => startNotifications(backend));
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

  // Billing's events mail members too: they share this suite's service rather than start one.
  describe('on credit events', () => {
    it('sends a receipt for a credit purchase and a notice for an overdue refund only', async () => {
      const buyer = await stack.announceUser({ firstName: 'Sam' });
      await stack.publish(
        BILLING_STREAM,
        createEvent(CreditsPurchased, {
          userId: buyer.userId,
          source: 'small',
          credits: 3,
          amountCents: 2500,
          paymentId: 'pi_test_123',
          balance: 6,
        }),
      );
      const receipt = await stack.smtp.waitForOne(buyer.email, 'Your UAP Answers receipt: $25.00');
      expect(receipt!.text).toContain('Item: FOIA Credits: 3 questions');
      expect(receipt!.text).toContain('Amount paid: $25.00');
      expect(receipt!.text).toContain('Credits added: 3');
      expect(receipt!.text).toContain('Credit balance: 6');
      expect(receipt!.text).toContain('Payment reference: pi_test_123');
      expect(receipt!.text).toContain(
        'Your subscription and credits: https://uap.example/subscribe',
      );
      expect(receipt!.html).toContain('href="https://uap.example/subscribe"');

      const refund = (reason: 'rejected' | 'overdue') =>
        createEvent(CreditsRefunded, {
          userId: buyer.userId,
          questionId: '00000000-0000-4000-8000-00000000b001',
          credits: 1,
          reason,
          balance: 7,
        });
      await stack.publish(BILLING_STREAM, refund('rejected')); // the rejection mail covers it
      await stack.publish(BILLING_STREAM, refund('overdue'));
      const notice = await stack.smtp.waitForOne(buyer.email, 'Your credit has been refunded');
      expect(notice!.text).toContain('within 72 hours');
      expect(notice!.text).toContain('back in your balance (now 7)');
      expect(notice!.text).toContain(
        'https://uap.example/questions/00000000-0000-4000-8000-00000000b001',
      );
      expect(notice!.html).toContain('href="https://uap.example/submit-question"');
    });

    it('tells the asker when their expert is no longer available and the credit is back', async () => {
      const member = await stack.announceUser({ firstName: 'Robin' });
      await stack.publish(
        BILLING_STREAM,
        createEvent(CreditsRefunded, {
          userId: member.userId,
          questionId: '00000000-0000-4000-8000-00000000b002',
          credits: 1,
          reason: 'expert_unavailable',
          balance: 4,
        }),
      );
      const notice = await stack.smtp.waitForOne(
        member.email,
        'Your expert is no longer available: your credit is back',
      );
      expect(notice!.text).toContain('Hello Robin,');
      expect(notice!.text).toContain(
        'is no longer available on UAP Answers, so the 1 FOIA credit you spent on it is back in your balance (now 4). You can ask another expert.',
      );
      expect(notice!.text).toContain(
        'https://uap.example/questions/00000000-0000-4000-8000-00000000b002',
      );
      expect(notice!.html).toContain('href="https://uap.example/submit-question"');
    });
  });
});
