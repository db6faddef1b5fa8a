import {
  createEvent,
  type EventEnvelope,
  IDENTITY_STREAM,
  type NotificationsStats,
  type Role,
  UserRegistered,
} from '@uapqa/contracts';
import type { EventBus } from '@uapqa/service-kit';
import {
  type Backend,
  type Browser,
  browser,
  type TestIdentity,
  testIdentity,
} from '@uapqa/service-kit/testing';
import { expect } from 'vitest';
import type { NotificationsInstance } from '../src/service.js';
import { notificationsForTests, startSmtp, type TestSmtp } from '../src/testing/index.js';

export interface Member {
  userId: number;
  username: string;
  email: string;
  firstName: string;
}

/** What identity announces of an account besides the member's own fields. */
export type Announced = Partial<Member> & { role?: Role; lastName?: string | null };

export interface LoneService {
  service: NotificationsInstance;
  bus: EventBus;
  databaseUrl: string | undefined;
  /** Signs callers in as identity would, without identity running. */
  identity: TestIdentity;
  publish(stream: string, event: EventEnvelope): Promise<void>;
  /** A user identity announces (UserRegistered on the bus, as identity's outbox would). */
  announceUser(overrides?: Announced): Promise<Member>;
  /** A browser with no session on the service's app. */
  visitor(): Browser;
  /** A browser holding the session identity would give this user. */
  signedIn(user: { id: number; role: Role }): Promise<Browser>;
  /** POSTs JSON straight to the service (as the gateway would forward it). */
  post(path: string, body: unknown): Promise<Response>;
  /** The outbox and list figures, as an admin reads them. */
  stats(): Promise<NotificationsStats>;
  stop(): Promise<void>;
}

export interface NotificationsAlone extends LoneService {
  smtp: TestSmtp;
}

export const ORIGIN = 'http://localhost';

/**
 * Notifications alone on a fresh database and bus of the backend (no identity, no gateway).
 * `wrap` can stand a test double in front of the bus the service sees.
 */
export async function startAlone(
  backend: Backend,
  env: Record<string, string> = {},
  wrap: (bus: EventBus) => EventBus = (bus) => bus,
): Promise<LoneService> {
  const identity = await testIdentity();
  const database = await backend.database();
  const testBus = await backend.bus('notifications');
  const service = await notificationsForTests(env).start({
    databaseUrl: database.url,
    bus: wrap(testBus.bus),
    identityFetch: identity.identityFetch,
  });
  const publish = (stream: string, event: EventEnvelope) => testBus.bus.publish(stream, event);
  let admin: Browser | undefined;
  return {
    service,
    bus: testBus.bus,
    databaseUrl: database.url,
    identity,
    publish,
    async announceUser(overrides = {}) {
      const { role = 'user', lastName = 'Tester', ...fields } = overrides;
      const member = { ...newMember(), ...fields };
      await publish(IDENTITY_STREAM, registered(member, lastName, role));
      return member;
    },
    visitor: () => browser(service.app, ORIGIN),
    signedIn: (user) => identity.signedIn(service.app, user, ORIGIN),
    post: (path, body) => browser(service.app, ORIGIN).post(path, body),
    async stats() {
      admin ??= await identity.signedIn(service.app, { id: 1, role: 'admin' }, ORIGIN);
      const response = await admin.get('/api/notifications/stats');
      expect(response.status).toBe(200);
      return response.json();
    },
    async stop() {
      await service.stop();
      await testBus.cleanup();
      await database.drop();
    },
  };
}

/** Notifications alone, mailing a test SMTP server, its links on https://uap.example. */
export async function startNotifications(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<NotificationsAlone> {
  const smtp = await startSmtp();
  const lone = await startAlone(backend, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://uap.example',
    ...env,
  });
  return {
    ...lone,
    smtp,
    async stop() {
      await lone.stop();
      await smtp.stop();
    },
  };
}

/** UserRegistered for `member`, as identity's outbox publishes it. */
export function registered(member: Member, lastName: string | null, role: Role) {
  return createEvent(UserRegistered, {
    userId: member.userId,
    username: member.username,
    email: member.email,
    firstName: member.firstName,
    lastName,
    role,
  });
}

let counter = 0;

/** A user nobody announced yet. */
export function newMember(): Member {
  counter++;
  const username = `member_${Date.now().toString(36)}_${counter}`;
  return {
    userId: 100_000 + counter * 100 + Math.floor(Math.random() * 100),
    username,
    email: `${username}@example.com`,
    firstName: `First${counter}`,
  };
}
