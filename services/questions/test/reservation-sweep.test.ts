import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { askingSetup, BillingLine, watchRefunds } from './billing-line.js';
import { credits, startQuestionsStack } from './harness.js';

describe.each(testBackends())('the scheduled reservation sweep ($name)', (backend) => {
  const line = new BillingLine();

  const stack = stackForSuite(() =>
    startQuestionsStack(
      backend,
      { RESERVATION_SWEEP_MS: '100', RESERVATION_ORPHAN_MS: '500' },
      (bus) => line.wrap(bus),
    ),
  );
  beforeAll(async () => {
    await stack.experts();
  });

  it('gives back, on its own and once, the credit of an ask that died after the debit', async () => {
    const refunds = await watchRefunds(stack);
    try {
      const ask = await askingSetup(stack);
      const experts = await stack.creators();
      const member = await stack.member();
      line.reserve = 'lose_reply';
      line.releaseFails = true;
      const response = await member.post('/api/questions', ask(experts[0]!.userId));
      line.reset();
      expect(response.status).toBe(503);
      const questionId = line.reserved.at(-1)!;
      await eventually(async () => expect(await credits(member)).toBe(3), { timeoutMs: 10_000 });
      await eventually(() => expect(refunds.of(questionId)).toHaveLength(1));
      // A second ask dies the same way: the sweep that gives its credit back started after the
      // first refund, and takes the oldest reservations first; billing publishes the refunds
      // in order. Once the second is seen, a second refund of the first would have been too.
      line.reserve = 'lose_reply';
      line.releaseFails = true;
      const again = await member.post('/api/questions', ask(experts[0]!.userId));
      line.reset();
      expect(again.status).toBe(503);
      const laterId = line.reserved.at(-1)!;
      expect(laterId).not.toBe(questionId);
      await eventually(() => expect(refunds.of(laterId)).toHaveLength(1), { timeoutMs: 10_000 });
      expect(refunds.of(questionId)).toHaveLength(1);
      expect(await credits(member)).toBe(3);
    } finally {
      line.reset();
      await refunds.stop();
    }
  });
});
