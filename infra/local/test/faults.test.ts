import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { payLocally } from '@uapqa/billing/testing';
import { registerVerified } from '@uapqa/identity/testing';
import { verificationTokenFromMailbox } from '@uapqa/notifications/testing';
import { type Browser, browser, eventually, freePort } from '@uapqa/service-kit/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServiceName, LocalStack } from '../src/stack.js';
import {
  expectBalancesMatchLedger,
  expectNoQuestionEventLost,
  expectOneDebitPerQuestion,
  serviceDatabases,
} from './invariants.js';
import { approveExpert, awaitExpertWindows } from './mixed-load.js';
import {
  type IsolatedStack,
  realServersConfigured,
  serverUrl,
  startIsolatedStack,
} from './support.js';

const NATS_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const ADMIN_PASSWORD = 'test-admin-password';
const PASSWORD = 'correct horse battery';
const EXPERTS = 6;
const MEMBERS = 4;

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A nats-server of this suite's own: restarting the machine's would break the suites running
 * beside this one. Its JetStream store survives the restart, as a real server's disk would.
 */
class PrivateNats {
  private child: ChildProcess | undefined;
  readonly store = mkdtempSync(join(tmpdir(), 'uapqa-nats-'));
  constructor(readonly port: number) {}
  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }
  async start() {
    this.child = spawn(
      NATS_BIN,
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.store],
      { stdio: 'ignore' },
    );
    await eventually(async () => expect(await listening(this.port)).toBe(true), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
  }
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  async remove() {
    await this.stop();
    rmSync(this.store, { recursive: true, force: true });
  }
}

/** A service's /ready answer, or why there was none. */
const readiness = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    async (response) => ({ ok: response.ok, text: await response.text() }),
    (error: Error) => ({ ok: false, text: error.message }),
  );
const ready = async (url: string) => (await readiness(url)).ok;

describe.runIf(realServersConfigured && existsSync(NATS_BIN))(
  'faults under a steady mixed load (distributed local mode)',
  () => {
    let nats: PrivateNats;
    let isolated: IsolatedStack;
    let stack: LocalStack;
    let admin: Browser;
    let members: Array<Browser & { id: number }>;
    let experts: number[];
    let taxonomy: { categoryId: number; tagIds: number[] };
    const serviceUrl = (offset: number) => {
      const base = Number(new URL(stack.url).port);
      return `http://127.0.0.1:${base + offset}`;
    };

    const client = (): Browser =>
      browser({ request: (url: string, init?: RequestInit) => fetch(url, init) }, stack.url);

    async function signIn(username: string, password = PASSWORD): Promise<Browser> {
      const session = client();
      const login = await session.post('/api/login', { username, password });
      expect(login.status).toBe(200);
      return session;
    }

    async function register(username: string): Promise<Browser & { id: number }> {
      const session = client();
      const registered = await registerVerified(
        session,
        (email) => verificationTokenFromMailbox(isolated.mailbox, email),
        {
          username,
          email: `${username}@example.com`,
          password: PASSWORD,
          firstName: username,
          lastName: 'Tester',
        },
      );
      expect(registered.status).toBe(200);
      const { id } = await registered.json();
      return Object.assign(session, { id: id as number });
    }

    beforeAll(async () => {
      nats = new PrivateNats(await freePort());
      await nats.start();
      isolated = await startIsolatedStack('faults', { natsUrl: nats.url });
      stack = isolated.stack;
      admin = await signIn('admin', ADMIN_PASSWORD);

      const category = await admin.post('/api/admin/categories', { name: 'Sightings' });
      const tag = await admin.post('/api/admin/tags', { name: 'Radar' });
      taxonomy = { categoryId: (await category.json()).id, tagIds: [(await tag.json()).id] };

      experts = [];
      for (let n = 0; n < EXPERTS; n++) {
        const expert = await register(`fault_expert_${n}`);
        await approveExpert(admin, expert, n);
        experts.push(expert.id);
      }

      members = [];
      for (let n = 0; n < MEMBERS; n++) {
        const member = await register(`fault_member_${n}`);
        await payLocally(member, '/api/create-subscription');
        await payLocally(member, '/api/purchase-credits', { package: 'bulk' });
        await payLocally(member, '/api/purchase-credits', { package: 'bulk' });
        members.push(member);
      }
      // Every expert's window is known to questions before the load starts.
      await awaitExpertWindows(client(), EXPERTS, 30_000);
    }, 180_000);

    afterAll(async () => {
      await isolated?.cleanup();
      await nats?.remove();
    });

    it('keeps every invariant through kills, a NATS restart and dropped connections', async () => {
      const accepted = new Set<string>();
      const outcomes = { accepted: 0, refused: 0, failed: 0, decided: 0 };
      let running = true;
      let asked = 0;

      const ask = async (member: Browser) => {
        asked++;
        const response = await member
          .post('/api/questions', {
            assignedCreatorId: experts[asked % EXPERTS],
            categoryId: taxonomy.categoryId,
            tagIds: taxonomy.tagIds,
            title: `Fault-time question number ${asked}`,
            content: 'What did the radar operators record during the encounter, minute by minute?',
          })
          .catch(() => null);
        if (response?.status === 201) {
          accepted.add((await response.json()).id);
          outcomes.accepted++;
        } else if (response && response.status < 500) outcomes.refused++;
        else outcomes.failed++;
      };
      const decide = async (n: number) => {
        const pending = await admin.get('/api/admin/questions/pending').catch(() => null);
        if (!pending?.ok) return;
        const [first] = (await pending.json()) as Array<{ id: string }>;
        if (!first) return;
        const status = n % 2 === 0 ? 'approved' : 'rejected';
        const decided = await admin
          .patch(`/api/admin/questions/${first.id}/status`, {
            status,
            ...(status === 'rejected' ? { rejectionReason: 'other' } : {}),
          })
          .catch(() => null);
        if (decided?.ok) outcomes.decided++;
      };
      const loop = async (step: (n: number) => Promise<unknown>, pauseMs: number) => {
        for (let n = 0; running; n++) {
          await step(n).catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
      };
      const load = Promise.all([
        ...members.map((member) => loop(() => ask(member), 800)),
        loop(decide, 150),
        loop(() => client().get('/api/questions?limit=15'), 50),
      ]);

      // Each service (and the gateway) killed with SIGKILL and started again, in turn.
      const services: LocalServiceName[] = [
        'identity',
        'billing',
        'questions',
        'moderation',
        'notifications',
        'gateway',
      ];
      for (const name of services) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await stack.kill(name);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await stack.restart(name);
      }

      // NATS down: services say not ready (and recover by themselves once it is back).
      const questionsReady = `${serviceUrl(3)}/ready`;
      await nats.stop();
      await eventually(async () => expect(await ready(questionsReady)).toBe(false), {
        timeoutMs: 15_000,
        intervalMs: 100,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await nats.start();
      await eventually(async () => expect(await ready(questionsReady)).toBe(true), {
        timeoutMs: 30_000,
        intervalMs: 200,
      });

      // Every database connection of every service dropped at once.
      const prefix = isolated.prefix;
      const admin_ = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      const dropped = await admin_`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname like ${`${prefix}%`} and pid <> pg_backend_pid()`;
      expect(dropped.length).toBeGreaterThan(0);
      await admin_.end();
      await new Promise((resolve) => setTimeout(resolve, 1500));

      running = false;
      await load;
      // The load really ran, and really met the faults.
      expect(outcomes.accepted).toBeGreaterThan(10);
      expect(outcomes.decided).toBeGreaterThan(5);
      expect(outcomes.failed).toBeGreaterThan(0);

      for (let offset = 1; offset <= 5; offset++) {
        const proc = stack.processes[offset - 1]!;
        await eventually(
          async () => {
            const answer = await readiness(`${serviceUrl(offset)}/ready`);
            expect(answer.ok, `${proc.name}: ${answer.text}\n${proc.recentOutput()}`).toBe(true);
          },
          { timeoutMs: 30_000, intervalMs: 200 },
        );
      }
      // Service-side work after the faults: questions still answer requests normally.
      const afterwards = await client().get('/api/questions?limit=5');
      expect(afterwards.status).toBe(200);

      const db = serviceDatabases(prefix);
      try {
        await eventually(
          async () => {
            const stored = await expectNoQuestionEventLost(db, accepted);
            await expectOneDebitPerQuestion(db, stored);
          },
          { timeoutMs: 60_000, intervalMs: 500 },
        );
        await expectBalancesMatchLedger(db, members);
      } finally {
        await db.end();
      }
    }, 300_000);
  },
);
