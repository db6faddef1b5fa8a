import { existsSync } from 'node:fs';
import { payLocally } from '@uapqa/billing/testing';
import { MAX_PLACES_PER_MEMBER_PER_WINDOW } from '@uapqa/contracts';
import { registerVerified } from '@uapqa/identity/testing';
import { notificationsConfigSchema } from '@uapqa/notifications';
import { startSmtp, type TestSmtp, verificationTokenFromSmtp } from '@uapqa/notifications/testing';
import { type Browser, browser, eventually } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterStack } from '../src/cluster.js';
import { localConfigSchema } from '../src/config.js';
import { ClientLog, type FaultWindow } from './client-log.js';
import {
  expectBalancesMatchLedger,
  expectNoQuestionEventLost,
  expectOneDebitPerQuestion,
  serviceDatabases,
} from './invariants.js';
import { approveExpert, awaitExpertWindows } from './mixed-load.js';
import { type IsolatedCluster, realServersConfigured, startIsolatedCluster } from './support.js';

const { NATS_SERVER_BIN, NGINX_BIN } = localConfigSchema.parse({});
const ADMIN_PASSWORD = 'test-admin-password';
const PASSWORD = 'correct horse battery';
const EXPERTS = 5;
const MEMBERS = 3;
const APPROVALS = (MEMBERS * EXPERTS * MAX_PLACES_PER_MEMBER_PER_WINDOW) / 2;
/** The gateway's own upstream timeout: no client may wait longer than this and a margin. */
const UPSTREAM_TIMEOUT_MS = 15_000;
const SLOWEST_ANSWER_MS = UPSTREAM_TIMEOUT_MS + 5_000;
/**
 * How long the last message may still wait once the load stops, on the services' own settings:
 * what the killed notifications replica had claimed stays leased to it for a whole lease before
 * the other replica takes it, and a message whose question is not known yet waits up to two
 * retry delays (the base, then twice the base) for it.
 */
const MAIL_SETTLES_MS =
  notificationsConfigSchema.shape.MAIL_LEASE_MS.parse(undefined) +
  3 * notificationsConfigSchema.shape.MAIL_RETRY_BASE_MS.parse(undefined);

describe.runIf(realServersConfigured && existsSync(NATS_SERVER_BIN) && existsSync(NGINX_BIN))(
  'faults on the cluster mode under a steady mixed load',
  () => {
    let smtp: TestSmtp;
    let isolated: IsolatedCluster;
    let cluster: ClusterStack;
    const log = new ClientLog();
    let admin: Browser;
    let members: Array<Browser & { id: number }>;
    let experts: number[];
    let taxonomy: { categoryId: number; tagIds: number[] };

    /** A client whose every request, its answer or failure and its duration, is logged. */
    const client = (loop = 'setup'): Browser =>
      browser(
        { request: (url: string, init?: RequestInit) => log.fetch(loop, url, init) },
        cluster.url,
      );

    async function signIn(username: string, password: string, loop: string): Promise<Browser> {
      const session = client(loop);
      const login = await session.post('/api/login', { username, password });
      expect(login.status).toBe(200);
      return session;
    }

    async function register(username: string, loop: string): Promise<Browser & { id: number }> {
      const session = client(loop);
      const email = `${username}@example.com`;
      const registered = await registerVerified(
        session,
        (address) => verificationTokenFromSmtp(smtp, address),
        { username, email, password: PASSWORD, firstName: username, lastName: 'Tester' },
      );
      expect(registered.status).toBe(200);
      const { id } = await registered.json();
      return Object.assign(session, { id: id as number });
    }

    beforeAll(async () => {
      smtp = await startSmtp();
      isolated = await startIsolatedCluster('cluster', { SMTP_URL: smtp.url });
      cluster = isolated.cluster;
      admin = await signIn('admin', ADMIN_PASSWORD, 'moderator');

      const category = await admin.post('/api/admin/categories', { name: 'Sightings' });
      const tag = await admin.post('/api/admin/tags', { name: 'Radar' });
      taxonomy = { categoryId: (await category.json()).id, tagIds: [(await tag.json()).id] };

      experts = [];
      for (let n = 0; n < EXPERTS; n++) {
        const expert = await register(`cluster_expert_${n}`, 'setup');
        await approveExpert(admin, expert, n);
        experts.push(expert.id);
      }
      members = [];
      for (let n = 0; n < MEMBERS; n++) {
        const member = await register(`cluster_member_${n}`, `member-${n}`);
        await payLocally(member, '/api/create-subscription');
        // Enough credits for every fault's share of the load (two progress checks each).
        for (let bulk = 0; bulk < 3; bulk++) {
          await payLocally(member, '/api/purchase-credits', { package: 'bulk' });
        }
        members.push(member);
      }
      // Every expert's window is known to questions before the load starts.
      await awaitExpertWindows(client(), EXPERTS, 60_000);
    }, 420_000);

    afterAll(async () => {
      await isolated?.cleanup();
      await smtp?.stop();
    });

    it('loses no event, charges once and mails once through member, replica and leader kills', async () => {
      const accepted = new Set<string>();
      const outcomes = { accepted: 0, decided: 0 };
      let running = true;
      let asked = 0;
      let lastRefusal = '';

      const ask = async (member: Browser) => {
        asked++;
        const response = await member.post('/api/questions', {
          assignedCreatorId: experts[asked % EXPERTS],
          categoryId: taxonomy.categoryId,
          tagIds: taxonomy.tagIds,
          title: `Cluster-time question number ${asked}`,
          content: 'What did the radar operators record during the encounter, minute by minute?',
        });
        if (response.status === 201) {
          accepted.add((await response.json()).id);
          outcomes.accepted++;
        } else lastRefusal = `${response.status} ${await response.text()}`;
      };
      let approvals = 0;
      const decide = async () => {
        const pending = await admin.get('/api/admin/questions/pending');
        if (!pending.ok) return;
        const [first] = (await pending.json()) as Array<{ id: string }>;
        if (!first) return;
        // An approved question keeps its place in the expert's window for the week, and a member
        // may hold only a few places per expert. So only every fourth decision approves, and
        // never more than half of the places the members may hold: the rest are rejected, which
        // gives the place back, and the members can go on asking for the whole run.
        const status =
          outcomes.decided % 4 === 0 && approvals < APPROVALS ? 'approved' : 'rejected';
        const decided = await admin.patch(`/api/admin/questions/${first.id}/status`, {
          status,
          ...(status === 'rejected' ? { rejectionReason: 'other' } : {}),
        });
        if (!decided.ok) return;
        outcomes.decided++;
        if (status === 'approved') approvals++;
      };
      const visitor = client('visitor');
      const loop = async (step: (n: number) => Promise<unknown>, pauseMs: number) => {
        for (let n = 0; running; n++) {
          await step(n).catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
      };
      const load = Promise.all([
        ...members.map((member) => loop(() => ask(member), 600)),
        loop(decide, 200),
        loop(() => visitor.get('/api/questions?limit=15'), 100),
      ]);
      /** The load moves again: more questions accepted and decided than before. */
      const progressed = async () => {
        const before = { ...outcomes };
        await eventually(
          () => {
            expect(outcomes.accepted, `last refusal: ${lastRefusal}`).toBeGreaterThan(
              before.accepted + 1,
            );
            expect(outcomes.decided).toBeGreaterThan(before.decided);
          },
          { timeoutMs: 60_000, intervalMs: 100 },
        );
      };

      const faults: FaultWindow[] = [];
      const fault = async (name: string, inject: () => Promise<void>) => {
        await progressed();
        const started = Date.now();
        await inject();
        const back = Date.now();
        await progressed();
        faults.push({ name, from: started, to: Date.now() });
        process.stdout.write(`${name}: back after ${((back - started) / 1000).toFixed(1)} s\n`);
      };

      const leader = await cluster.metaLeader();
      expect(leader).toBeDefined();
      const follower = cluster.natsMembers.find((member) => member.name !== leader)!.name;
      await fault(`NATS member (${follower}, not the meta leader)`, async () => {
        await cluster.kill(follower);
        await cluster.restart(follower);
      });
      for (const name of [
        'identity-1',
        'billing-1',
        'questions-1',
        'moderation-1',
        'notifications-1',
        'gateway-1',
      ]) {
        await fault(name, async () => {
          await cluster.kill(name);
          await cluster.restart(name);
        });
      }
      await fault('JetStream meta leader', async () => {
        const current = (await cluster.metaLeader())!;
        await cluster.kill(current);
        // A new leader is elected among the two left, while the old one is still down.
        await eventually(
          async () => {
            const next = await cluster.metaLeader();
            expect(next).toBeDefined();
            expect(next).not.toBe(current);
          },
          { timeoutMs: 30_000, intervalMs: 100 },
        );
        await cluster.restart(current);
      });
      running = false;
      await load;

      const report = log.report(faults);
      process.stdout.write(`\nClient-visible effect of each fault:\n${log.table(report)}\n`);
      for (const row of report) {
        for (const failure of row.failures) process.stdout.write(`  ${row.name} ${failure}\n`);
      }
      // No client ever waited past the gateway's upstream timeout, nor saw a dropped connection:
      // what failed was answered, with a 5xx and a sentence.
      expect(log.slowest()).toBeLessThan(SLOWEST_ANSWER_MS);
      expect(log.failures().filter((failure) => failure.status === undefined)).toEqual([]);
      for (const failure of log.failures()) {
        expect(failure.status).toBeGreaterThanOrEqual(500);
        expect(failure.message, JSON.stringify(failure)).toBeTruthy();
      }
      // Only requests in flight on the killed process fail: at most one per load loop.
      const loops = MEMBERS + 2;
      for (const row of report) expect(row.errors, row.name).toBeLessThanOrEqual(loops);
      const outsideFaults = log
        .failures()
        .filter((failure) => !faults.some((f) => failure.at >= f.from && failure.at <= f.to))
        .map((failure) => ({ ...failure, faults: faults.map((f) => [f.name, f.from, f.to]) }));
      expect(outsideFaults).toEqual([]);

      const db = serviceDatabases(isolated.prefix);
      try {
        await eventually(
          async () => {
            const stored = await expectNoQuestionEventLost(db, accepted);
            await expectOneDebitPerQuestion(db, stored);
            // Every email left, and the two mail workers (one per replica) sent each once.
            const mail = await db.notifications`
              select status, message_id, attempts, last_error, locked_until, next_attempt_at
              from mail_outbox`;
            expect(mail.filter((row) => row.status !== 'sent')).toEqual([]);
            const received = smtp.received.map((message) => message.mail.messageId);
            expect(received.length).toBe(mail.length);
            expect(new Set(received).size).toBe(received.length);
          },
          { timeoutMs: MAIL_SETTLES_MS, intervalMs: 500 },
        );
        await expectBalancesMatchLedger(db, members);
      } finally {
        await db.end();
      }
    }, 540_000);
  },
);
