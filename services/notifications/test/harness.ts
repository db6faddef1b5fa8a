import {
  createEvent,
  type EventEnvelope,
  IDENTITY_STREAM,
  type NotificationsStats,
  UserRegistered,
} from '@uapqa/contracts';
import { startTestStack, type TestStack } from '@uapqa/gateway/testing';
import { identityForTests, registerVerified } from '@uapqa/identity/testing';
import type { EventBus } from '@uapqa/service-kit';
import type { Backend, Browser } from '@uapqa/service-kit/testing';
import { expect } from 'vitest';
import type { NotificationsInstance } from '../src/service.js';
import {
  notificationsForTests,
  startSmtp,
  type TestSmtp,
  verificationTokenFromSmtp,
} from '../src/testing/index.js';

export const DEMO_PASSWORD = 'notifications-demo-password';

export interface Member {
  userId: number;
  username: string;
  email: string;
  firstName: string;
}

export interface NotificationsStack extends TestStack {
  notifications: NotificationsInstance;
  smtp: TestSmtp;
  publish(stream: string, event: EventEnvelope): Promise<void>;
  /** A user identity announces (UserRegistered on the bus, as identity's outbox would). */
  announceUser(overrides?: Partial<Member> & { role?: 'user' | 'expert' }): Promise<Member>;
  /** A user nobody announced yet. */
  unknownUser(): Member;
  stats(): Promise<NotificationsStats>;
  /**
   * Signs a member up as a person would: registers, opens the link the confirmation email
   * carries (read from the test SMTP server), and is signed in. The verify answer (the user).
   */
  register(browser: Browser, body: { email: string } & Record<string, unknown>): Promise<Response>;
}

let counter = 0;

/** Identity (demo accounts), notifications sending to a real test SMTP server, the gateway. */
export async function startNotificationsStack(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<NotificationsStack> {
  const smtp = await startSmtp();
  const stack = await startTestStack(backend, [
    identityForTests(DEMO_PASSWORD),
    notificationsForTests({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://uap.example', ...env }),
  ]);
  const notifications = stack.services.notifications as NotificationsInstance;
  const publish = (stream: string, event: EventEnvelope) => stack.bus.bus.publish(stream, event);

  const unknownUser = newMember;

  let adminToken: string | undefined;
  return {
    ...stack,
    notifications,
    smtp,
    publish,
    unknownUser,
    register: (browser, body) =>
      registerVerified(browser, (email) => verificationTokenFromSmtp(smtp, email), body),
    async announceUser(overrides = {}) {
      const member = { ...unknownUser(), ...overrides };
      await publish(IDENTITY_STREAM, registered(member, 'Tester', overrides.role ?? 'user'));
      return member;
    },
    async stats() {
      if (!adminToken) {
        const admin = stack.visitor();
        const login = await admin.post('/api/login', {
          username: 'admin',
          password: DEMO_PASSWORD,
        });
        expect(login.status).toBe(200);
        adminToken = admin.jar.get('session');
      }
      // Straight to the service: the gateway does not route this staff path yet.
      const response = await notifications.app.request(
        'http://notifications.internal/api/notifications/stats',
        { headers: { authorization: `Bearer ${adminToken}` } },
      );
      expect(response.status).toBe(200);
      return response.json();
    },
    async stop() {
      await stack.stop();
      await smtp.stop();
    },
  };
}

export interface LoneService {
  service: NotificationsInstance;
  bus: EventBus;
  databaseUrl: string | undefined;
  publish(stream: string, event: EventEnvelope): Promise<void>;
  /** A user identity announces. */
  announceUser(member?: Member): Promise<Member>;
  /** POSTs JSON straight to the service (as the gateway would forward it). */
  post(path: string, body: unknown): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * Notifications alone on a fresh database and bus of the backend (no identity, no gateway).
 * `wrap` can stand a test double in front of the bus the service sees.
 */
export async function startAlone(
  backend: Backend,
  env: Record<string, string> = {},
  wrap: (bus: EventBus) => EventBus = (bus) => bus,
): Promise<LoneService> {
  const database = await backend.database();
  const testBus = await backend.bus('notifications');
  const service = await notificationsForTests(env).start({
    databaseUrl: database.url,
    bus: wrap(testBus.bus),
    identityFetch: () => Promise.reject(new Error('identity is not part of this test')),
  });
  const publish = (stream: string, event: EventEnvelope) => testBus.bus.publish(stream, event);
  return {
    service,
    bus: testBus.bus,
    databaseUrl: database.url,
    publish,
    async announceUser(member = newMember()) {
      await publish(IDENTITY_STREAM, registered(member, null, 'user'));
      return member;
    },
    post: async (path, body) =>
      service.app.request(`http://notifications.internal${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    async stop() {
      await service.stop();
      await testBus.cleanup();
      await database.drop();
    },
  };
}

/** UserRegistered for `member`, as identity's outbox publishes it. */
function registered(member: Member, lastName: string | null, role: 'user' | 'expert') {
  return createEvent(UserRegistered, {
    userId: member.userId,
    username: member.username,
    email: member.email,
    firstName: member.firstName,
    lastName,
    role,
  });
}

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
