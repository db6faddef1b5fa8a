import { Client } from '../client.js';
import { Recorder } from '../recorder.js';
import type { IsolatedStack } from '../stack.js';
import { figuresOf } from '../summary.js';
import { type BenchSettings, log, type SectionOutcome, WINDOW_CAPACITY } from './section.js';
import { prepared } from './setup.js';

export async function windowBurst(
  stack: IsolatedStack,
  { burst }: BenchSettings,
): Promise<SectionOutcome> {
  log(`\n5. window burst: ${burst} simultaneous submissions to a window of ${WINDOW_CAPACITY}`);
  const { data, client } = await prepared(stack.url, {
    members: burst,
    experts: 1,
    expertCapacity: WINDOW_CAPACITY,
  });
  const credits = async () => {
    let total = 0;
    for (let start = 0; start < data.members.length; start += 32) {
      const answers = await Promise.all(
        data.members.slice(start, start + 32).map((member) =>
          client.perform({
            kind: 'request',
            method: 'GET',
            path: '/api/billing/account',
            cookie: member.cookie,
          }),
        ),
      );
      for (const answer of answers) {
        if (answer.status !== 200) throw new Error(`billing account answered ${answer.status}`);
        total += (JSON.parse(answer.body) as { foiaCredits: number }).foiaCredits;
      }
    }
    return total;
  };
  const before = await credits();
  const expert = data.experts[0]!;
  const recorder = new Recorder();
  const burstClient = new Client(stack.url, recorder, 'burst');
  const started = performance.now();
  const answers = await Promise.all(
    data.members.map((member, n) =>
      burstClient.perform({
        kind: 'request',
        method: 'POST',
        path: '/api/questions',
        cookie: member.cookie,
        body: {
          assignedCreatorId: expert.userId,
          categoryId: data.categoryIds[0],
          title: `What explains the lights over the ridge, burst ${n}?`,
          content: `Several witnesses saw three slow lights at dusk; burst submission ${n}.`,
          tagIds: [data.tagIds[0]],
        },
        expect: [201, 409],
      }),
    ),
  );
  const elapsedMs = performance.now() - started;
  await burstClient.close();
  const after = await credits();
  await client.close();
  const accepted = answers.filter((a) => a.status === 201).length;
  const refusals = answers.filter((a) => a.status === 409);
  const clear = refusals.filter((a) => /window is full/i.test(a.body)).length;
  const other = answers.length - accepted - refusals.length;
  const lost = before - after - accepted;
  const figures = figuresOf(recorder.samples, elapsedMs / 1000);
  const summary = {
    submissions: burst,
    capacity: WINDOW_CAPACITY,
    accepted,
    refused: refusals.length,
    clearRefusals: clear,
    otherStatuses: other,
    creditsBefore: before,
    creditsAfter: after,
    creditsLost: lost,
    elapsedMs: Math.round(elapsedMs),
    p50: figures.p50,
    p99: figures.p99,
  };
  log(`  ${JSON.stringify(summary)}`);
  return {
    result: summary,
    goal: {
      section: 'window burst',
      line: `${accepted} accepted, ${clear}/${refusals.length} clear refusals, ${other} other, credits lost ${lost}, ${summary.elapsedMs} ms (goal: exactly ${WINDOW_CAPACITY}, ${burst - WINDOW_CAPACITY} refusals, 0 lost, under 5 s)`,
      met:
        accepted === WINDOW_CAPACITY &&
        clear === burst - WINDOW_CAPACITY &&
        other === 0 &&
        lost === 0 &&
        summary.elapsedMs < 5000,
    },
  };
}
