import {
  AccountClosed,
  CreatorApproved,
  CreatorListingChanged,
  createEvent,
  type EventEnvelope,
  IDENTITY_STREAM,
  QUESTIONS_STREAM,
  QuestionSubmitted,
  type Role,
} from '@uapqa/contracts';
import type { EventBus } from '@uapqa/service-kit';
import {
  type Backend,
  type Browser,
  browser,
  eventually,
  type TestIdentity,
  testIdentity,
} from '@uapqa/service-kit/testing';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { ModerationInstance } from '../src/service.js';
import type { QueueItem } from '../src/testing.js';
import { moderationForTests } from '../src/testing.js';

export type SignedIn = Browser & { id: number; username: string };

type SubmittedData = z.infer<typeof QuestionSubmitted.schema>;
export type Submitted = EventEnvelope<SubmittedData>;

export type { QueueItem } from '../src/testing.js';

export interface Expert {
  id: number;
  creatorId: number;
  firstName: string;
}

export interface ModerationAlone {
  moderation: ModerationInstance;
  bus: EventBus;
  identity: TestIdentity;
  visitor(): Browser;
  /** A caller signed in with `role` under a fresh user id. */
  signedIn(role: Role, username?: string): Promise<SignedIn>;
  /** A member: moderation hears of them only through the questions they ask. */
  member(): Promise<SignedIn>;
  /** An expert identity approved, once moderation knows them (their name shows in the queue). */
  expert(firstName: string): Promise<Expert>;
  /** Publishes what questions announces when `asker` asks `expertId`; the item once queued. */
  ask(asker: SignedIn, expertId: number, overrides?: Partial<SubmittedData>): Promise<QueueItem>;
  /** A QuestionSubmitted as questions' outbox would publish it, not yet published. */
  submitted(overrides?: Partial<SubmittedData>): Submitted;
  /** Identity's announcement that an expert left (or came back to) the lists. */
  listing(expert: Expert, listed: boolean): Promise<void>;
  /** Identity's announcement that a member closed their account. */
  closeAccount(member: SignedIn): Promise<void>;
  /** The whole pending queue as `staff` sees it. */
  pending(staff: Browser): Promise<QueueItem[]>;
  stop(): Promise<void>;
}

/**
 * Moderation alone on `backend`: its own database, the backend's bus, sessions signed by the
 * test. Decisions are announced at once unless `moderationEnv` sets a hold.
 */
export async function startModeration(
  backend: Backend,
  moderationEnv: Record<string, string> = {},
): Promise<ModerationAlone> {
  const identity = await testIdentity();
  const database = await backend.database();
  const testBus = await backend.bus('moderation-test');
  const bus = testBus.bus;
  const moderation = await moderationForTests(moderationEnv).start({
    databaseUrl: database.url,
    bus,
    identityFetch: identity.identityFetch,
  });
  // One database per stack: ids need only be unique within it.
  let nextId = 1;
  let nextQuestion = 1;
  const signedIn = async (role: Role, username?: string): Promise<SignedIn> => {
    const id = nextId++;
    const name = username ?? `${role}_${id}`;
    const signed = await identity.signedIn(moderation.app, { id, role, username: name });
    return Object.assign(signed, { id, username: name });
  };
  const watcher = await signedIn('moderator', 'watcher');

  async function pending(staff: Browser): Promise<QueueItem[]> {
    const response = await staff.get('/api/admin/questions/pending?limit=200');
    expect(response.status).toBe(200);
    return response.json();
  }

  function submitted(overrides: Partial<SubmittedData> = {}): Submitted {
    const n = nextQuestion++;
    return createEvent(QuestionSubmitted, {
      questionId: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
      askerId: 999_000 + n,
      askerUsername: `bus_asker_${n}`,
      requestedExpertId: 1,
      title: `A question straight from the bus, number ${n}`,
      content: 'Published directly on the questions stream by the test.',
      context: null,
      sources: null,
      categoryId: 1,
      categoryName: 'Sightings',
      tags: [{ id: 1, name: 'Radar' }],
      submittedAt: new Date().toISOString(),
      ...overrides,
    });
  }

  async function queued(questionId: string): Promise<QueueItem> {
    return eventually(async () => {
      const item = (await pending(watcher)).find((each) => each.id === questionId);
      expect(item).toBeDefined();
      return item!;
    });
  }

  return {
    moderation,
    bus,
    identity,
    visitor: () => browser(moderation.app),
    signedIn,
    member: () => signedIn('user'),
    pending,
    submitted,
    async expert(firstName) {
      const id = nextId++;
      const expert = { id, creatorId: 100 + id, firstName };
      await bus.publish(
        IDENTITY_STREAM,
        createEvent(CreatorApproved, {
          creatorId: expert.creatorId,
          userId: id,
          brandName: null,
          bio: null,
          firstName,
          lastName: 'Expert',
          questionsPerWeek: 5,
        }),
      );
      // The identity and questions streams are consumed apart: a question to the expert shows
      // their name only once the approval went through. The probe stays pending: tests read the
      // queue's figures relative to what it already holds.
      const probe = submitted({ requestedExpertId: id });
      await bus.publish(QUESTIONS_STREAM, probe);
      await eventually(async () =>
        expect((await queued(probe.data.questionId)).creator?.firstName).toBe(firstName),
      );
      return expert;
    },
    async ask(asker, expertId, overrides = {}) {
      const event = submitted({
        askerId: asker.id,
        askerUsername: asker.username,
        requestedExpertId: expertId,
        title: 'What did the carrier radar operators see?',
        content: 'Looking for the sequence of radar events during the encounter.',
        context: 'Read about it in a newspaper.',
        sources: 'https://example.com/article',
        tags: [
          { id: 1, name: 'Radar' },
          { id: 2, name: 'Witnesses' },
        ],
        ...overrides,
      });
      await bus.publish(QUESTIONS_STREAM, event);
      return queued(event.data.questionId);
    },
    async listing(expert, listed) {
      await bus.publish(
        IDENTITY_STREAM,
        createEvent(CreatorListingChanged, {
          creatorId: expert.creatorId,
          userId: expert.id,
          listed,
          reason: listed ? 'relisted' : 'delisted',
        }),
      );
    },
    async closeAccount(member) {
      await bus.publish(
        IDENTITY_STREAM,
        createEvent(AccountClosed, {
          userId: member.id,
          email: `${member.username}@example.com`,
          firstName: null,
          role: 'user',
          closedAt: new Date().toISOString(),
        }),
      );
    },
    async stop() {
      await moderation.stop();
      await testBus.cleanup();
      await database.drop();
    },
  };
}
