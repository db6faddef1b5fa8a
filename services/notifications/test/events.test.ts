import {
  CreatorApproved,
  createEvent,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionApproved,
  QuestionRejected,
  QuestionSubmitted,
} from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { toAddress } from '../src/testing/index.js';
import { type Member, newMember, startNotifications } from './harness.js';

describe.each(testBackends())('email on events ($name)', (backend) => {
  let expert: Member;
  let asker: Member;
  let questionCounter = 0;

  /** A question as questions announces it; its title is what moderation mails show. */
  async function submitted(title: string, requestedExpertId = expert.userId) {
    const questionId = `00000000-0000-4000-8000-${String(++questionCounter).padStart(12, '0')}`;
    await stack.publish(
      QUESTIONS_STREAM,
      createEvent(QuestionSubmitted, {
        questionId,
        askerId: asker.userId,
        askerUsername: asker.username,
        requestedExpertId,
        title,
        content: 'What exactly did the radar operators record that night?',
        context: null,
        sources: null,
        categoryId: 1,
        categoryName: 'Physical',
        tags: [{ id: 1, name: 'Radar' }],
        submittedAt: new Date().toISOString(),
      }),
    );
    return questionId;
  }

  /** Moderation's approval of a question of `asker`, as it announces it. */
  async function approved(
    questionId: string,
    approval: { assignedExpertId: number; moderationNotes: string | null; approvedAt?: string },
  ) {
    await stack.publish(
      MODERATION_STREAM,
      createEvent(QuestionApproved, {
        questionId,
        askerId: asker.userId,
        moderatorId: 2,
        ...approval,
        approvedAt: approval.approvedAt ?? new Date().toISOString(),
      }),
    );
  }

  /** `expert`'s answer, as questions announces it. */
  async function answered(answer: {
    questionId: string;
    askerId: number | null;
    title: string;
    answeredAt?: string;
  }) {
    await stack.publish(
      QUESTIONS_STREAM,
      createEvent(QuestionAnswered, {
        expertId: expert.userId,
        ...answer,
        answeredAt: answer.answeredAt ?? new Date().toISOString(),
      }),
    );
  }

  /**
   * Publishes one more answer, to `asker`, and waits for its mail: the consumer takes a stream's
   * events in order, so every event published before it has been handled too.
   */
  async function handledUpTo(questionId: string, title: string) {
    await answered({ questionId, askerId: asker.userId, title });
    await stack.smtp.waitForOne(asker.email, `Your question has been answered: ${title}`);
  }

  const stack = stackForSuite(() => startNotifications(backend));
  beforeAll(async () => {
    expert = await stack.announceUser({ role: 'expert', firstName: 'Dana' });
    asker = await stack.announceUser({ firstName: 'Riley' });
  });

  it('welcomes a member who registers, and not the staff or experts identity announces', async () => {
    const newcomer = await stack.announceUser({ firstName: 'Nova' });
    const welcome = await stack.smtp.waitForOne(newcomer.email, /^Welcome/);
    expect(toAddress(welcome!)).toBe(newcomer.email);
    expect(welcome!.from?.text).toContain('no-reply@uapanswers.local');
    expect(welcome!.subject).toBe('Welcome to UAP Answers');
    expect(welcome!.text).toContain('Hello Nova,');
    expect(welcome!.text).toContain('https://uap.example/subscribe');
    expect(welcome!.html).toContain('href="https://uap.example/subscribe"');
    expect(welcome!.headers.get('auto-submitted')).toBe('auto-generated');

    const others = [];
    for (const role of ['expert', 'moderator', 'admin'] as const) {
      others.push(await stack.announceUser({ role }));
    }
    // Identity's events are handled in order: once a member announced after them is welcomed,
    // the accounts before were handled too.
    const later = await stack.announceUser();
    await stack.smtp.waitForOne(later.email, /^Welcome/);
    await eventually(async () => expect(await stack.service.mailBacklog()).toBe(0));
    for (const other of others) expect(stack.smtp.to(other.email)).toHaveLength(0);
  });

  it('tells the expert about an approved question, with its title, notes and 72-hour due time', async () => {
    const title = 'Do <radar> returns & "tic-tac" sightings match?';
    const questionId = await submitted(title);
    await approved(questionId, {
      assignedExpertId: expert.userId,
      moderationNotes: 'Please cite the <b>logs</b>.',
      approvedAt: '2030-01-14T15:00:00.000Z',
    });
    const mail = await stack.smtp.waitForOne(expert.email, /^New question for you/);
    expect(mail!.subject).toBe(`New question for you: ${title}`);
    expect(mail!.text).toContain('Hello Dana,');
    expect(mail!.text).toContain(`“${title}”`);
    expect(mail!.text).toContain('Please answer it by Jan 17, 2030, 3:00 PM UTC (72 hours');
    expect(mail!.text).toContain('Please cite the <b>logs</b>.');
    expect(mail!.text).toContain('https://uap.example/expert-dashboard');
    expect(mail!.html).toContain('Do &lt;radar&gt; returns &amp; &quot;tic-tac&quot; sightings');
    expect(mail!.html).toContain('Please cite the &lt;b&gt;logs&lt;/b&gt;.');
    expect(mail!.html).not.toContain('<radar>');
  });

  it('tells the asker their question was approved, naming the expert, with its page', async () => {
    const title = 'What did the Nimitz radar operators log?';
    const questionId = await submitted(title);
    await approved(questionId, {
      assignedExpertId: expert.userId,
      moderationNotes: 'Internal: double-check the logs.',
      approvedAt: '2030-01-14T15:00:00.000Z',
    });
    const mail = await stack.smtp.waitForOne(asker.email, `Your question was approved: ${title}`);
    expect(mail.text).toContain('Hello Riley,');
    expect(mail.text).toContain(
      `Our moderators approved your question “${title}”. Dana Tester will answer it.`,
    );
    expect(mail.text).toContain('due by Jan 17, 2030, 3:00 PM UTC (72 hours from approval)');
    expect(mail.text).toContain(`https://uap.example/questions/${questionId}`);
    expect(mail.text).toContain('https://uap.example/my-questions');
    expect(mail.html).toContain(`href="https://uap.example/questions/${questionId}"`);
    expect(mail.text).not.toContain('instead');
    // The moderator's notes are for the expert, not the asker.
    expect(mail.text).not.toContain('double-check');
  });

  it('says so when staff assigned another expert than the one asked, by their archive name', async () => {
    const other = await stack.announceUser({ role: 'expert', firstName: 'Marcus' });
    await stack.publish(
      IDENTITY_STREAM,
      createEvent(CreatorApproved, {
        creatorId: 77,
        userId: other.userId,
        brandName: 'Skywatch <Notes>',
        bio: 'Field investigator.',
        firstName: 'Marcus',
        lastName: 'Tester',
        questionsPerWeek: 3,
      }),
    );
    // Identity's events are read in order, and the approval comes on another stream: once a
    // member announced after the profile is welcomed, notifications knows the archive name.
    const later = await stack.announceUser({ firstName: 'Quinn' });
    await stack.smtp.waitForOne(later.email, /^Welcome/);
    const title = 'Were the Phoenix lights flares?';
    const questionId = await submitted(title, expert.userId);
    await approved(questionId, { assignedExpertId: other.userId, moderationNotes: null });
    const mail = await stack.smtp.waitForOne(asker.email, `Your question was approved: ${title}`);
    expect(mail.text).toContain('Skywatch <Notes> will answer it.');
    expect(mail.text).toContain(
      'You asked Dana Tester; our staff assigned the question to Skywatch <Notes> instead',
    );
    expect(mail.html).toContain('Skywatch &lt;Notes&gt;');
    // The assigned expert gets their own message, as before.
    await stack.smtp.waitForOne(other.email, `New question for you: ${title}`);
  });

  it('tells the asker of a rejected question, with the notes and the refunded credit', async () => {
    const title = 'Is this question about the 1952 Washington flap?';
    const questionId = await submitted(title);
    await stack.publish(
      MODERATION_STREAM,
      createEvent(QuestionRejected, {
        questionId,
        askerId: asker.userId,
        moderatorId: 2,
        moderationNotes: 'Already answered in the archive.',
        rejectedAt: new Date().toISOString(),
      }),
    );
    const mail = await stack.smtp.waitForOne(asker.email, /not approved/);
    expect(mail.subject).toBe(`Your question was not approved: ${title}`);
    expect(mail.text).toContain('Hello Riley,');
    expect(mail.text).toContain('Already answered in the archive.');
    expect(mail.text).toContain('The 1 FOIA credit you spent on it has been refunded');
    expect(mail.html).toContain('Already answered in the archive.');
    expect(mail.text).toContain('https://uap.example/submit-question');
    expect(mail.html).toContain('href="https://uap.example/my-questions"');
  });

  it('tells the asker their question was answered, with the link to its page', async () => {
    await answered({
      questionId: '00000000-0000-4000-8000-00000000a001',
      askerId: asker.userId,
      title: 'What did the pilots report?',
      answeredAt: '2030-01-15T09:30:00.000Z',
    });
    const mail = await stack.smtp.waitForOne(
      asker.email,
      'Your question has been answered: What did the pilots report?',
    );
    expect(mail.text).toContain('Dana Tester answered your question “What did the pilots report?”');
    expect(mail.text).toContain(
      'Read the answer: https://uap.example/questions/00000000-0000-4000-8000-00000000a001',
    );
    expect(mail.html).toContain(
      'href="https://uap.example/questions/00000000-0000-4000-8000-00000000a001"',
    );
  });

  it('mails nobody for an answer nobody asked (the demo archive)', async () => {
    const mailRows = async () => {
      const { mail } = await stack.stats();
      return Object.values(mail as Record<string, number>).reduce((sum, n) => sum + n, 0);
    };
    const before = await mailRows();
    await answered({
      questionId: '00000000-0000-4000-8000-00000000a002',
      askerId: null,
      title: 'Seeded without an asker',
    });
    await handledUpTo('00000000-0000-4000-8000-00000000a003', 'Asked after the archive');
    expect(await mailRows()).toBe(before + 1);
  });

  it('keeps mail for a user not known yet and sends it once identity announces them', async () => {
    const later = newMember();
    await answered({
      questionId: '00000000-0000-4000-8000-00000000c001',
      askerId: later.userId,
      title: 'Announced late',
    });
    await handledUpTo('00000000-0000-4000-8000-00000000c002', 'Answered for a known member');
    expect(stack.smtp.to(later.email)).toHaveLength(0);
    expect(await stack.service.mailBacklog()).toBeGreaterThan(0);

    await stack.announceUser(later);
    const mails = await stack.smtp.waitFor(later.email, 2); // the answer and the welcome
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Welcome to UAP Answers',
      'Your question has been answered: Announced late',
    ]);
  });
});
