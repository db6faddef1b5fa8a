// `pnpm test:images`: builds every image with the real Dockerfile, runs the containers on the
// host's network against this machine's PostgreSQL, NATS and Redis with the environment
// docker-compose.yml gives them, waits for their health checks, hands the journey its address,
// and removes everything it started.
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { NatsEventBus } from '@uapqa/service-kit';
import { createTestDatabase, uniqueName } from '@uapqa/service-kit/testing';
import type { TestProject } from 'vitest/node';
import { parse } from 'yaml';
import type { ImagesStack } from './context.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

const SERVICES = ['identity', 'billing', 'questions', 'moderation', 'notifications'] as const;
const REMOTES = ['members', 'experts', 'staff'] as const;
const IMAGES = [...SERVICES, 'gateway', ...REMOTES] as const;
type ImageName = (typeof IMAGES)[number];

const DATABASE_SERVER =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The containers share the host's ports: ours start here, away from the usual ones. */
const PORT_BASE = Number(process.env.IMAGES_PORT_BASE ?? 14000);
const PORTS: Record<ImageName, number> = {
  gateway: PORT_BASE,
  identity: PORT_BASE + 1,
  billing: PORT_BASE + 2,
  questions: PORT_BASE + 3,
  moderation: PORT_BASE + 4,
  notifications: PORT_BASE + 5,
  members: PORT_BASE + 101,
  experts: PORT_BASE + 102,
  staff: PORT_BASE + 103,
};

function log(line: string): void {
  console.log(`[images] ${line}`);
}

function requireDocker(): void {
  try {
    execFileSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'pipe' });
  } catch (error) {
    const why = (error as { stderr?: Buffer }).stderr?.toString().trim() || String(error);
    throw new Error(
      `pnpm test:images needs a running Docker engine, and \`docker info\` failed here:\n  ${why}\nStart the Docker daemon (dockerd) and run it again.`,
    );
  }
}

/** `${VAR}`, `${VAR:-default}` and `${VAR:?message}` as compose fills them from `.env`. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_, name, kind, rest) => {
    const given = vars[name];
    if (given) return given;
    if (kind === '-') return interpolate(rest, vars);
    if (kind === '?') throw new Error(`docker-compose.yml needs ${name}: ${rest}`);
    return '';
  });
}

/**
 * A container's environment: compose's, with the compose network's names (postgres, nats,
 * redis, identity, …) turned into this machine's servers and the ports the containers take here.
 */
function environmentOf(
  name: ImageName,
  compose: { services: Record<string, { environment?: Record<string, string> }> },
  vars: Record<string, string>,
  databases: Partial<Record<ImageName, string>>,
  streamPrefix: string,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, raw] of Object.entries(compose.services[name]?.environment ?? {})) {
    let value = interpolate(String(raw), vars);
    for (const other of IMAGES) {
      value = value.replace(
        new RegExp(`^http://${other}:\\d+`),
        `http://127.0.0.1:${PORTS[other]}`,
      );
    }
    env[key] = value
      .replace(/^nats:\/\/nats:4222$/, NATS_URL)
      .replace(/^redis:\/\/redis:6379$/, REDIS_URL)
      .replace(/^http:\/\/localhost:(310[1-3])\//, (_, port) => {
        const remote = REMOTES[Number(port) - 3101]!;
        return `http://localhost:${PORTS[remote]}/`;
      });
  }
  env.PORT = String(PORTS[name]);
  if (databases[name]) env.DATABASE_URL = databases[name]!;
  if ('NATS_URL' in env) env.NATS_STREAM_PREFIX = streamPrefix;
  // Payments through the local provider: Stripe's servers are not reachable from here.
  if (name === 'billing' || name === 'gateway') {
    env.PAYMENT_PROVIDER = 'local';
    for (const key of Object.keys(env)) if (key.startsWith('STRIPE_')) delete env[key];
  }
  // The journey's expert answers right after the approval: announced with it, not a minute later.
  if (name === 'moderation') env.DECISION_HOLD_SECONDS = '0';
  return env;
}

async function build(): Promise<Record<ImageName, { seconds: number; bytes: number }>> {
  const figures = {} as Record<ImageName, { seconds: number; bytes: number }>;
  const started = Date.now();
  for (const name of IMAGES) {
    const began = Date.now();
    const logFile = join(artifacts, `image-build-${name}.log`);
    try {
      const { stdout, stderr } = await run(
        'docker',
        [
          'build',
          '--network',
          'host',
          '-f',
          'infra/docker/Dockerfile',
          '--target',
          name,
          '-t',
          `uapqa/${name}:images`,
          '.',
        ],
        { cwd: root, maxBuffer: 256 * 1024 * 1024 },
      );
      writeFileSync(logFile, stdout + stderr);
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      writeFileSync(logFile, stdout + stderr);
      throw new Error(
        `docker build --target ${name} failed (${logFile}):\n${(stdout + stderr).slice(-3000)}`,
      );
    }
    const { stdout } = await run('docker', [
      'image',
      'inspect',
      '--format',
      '{{.Size}}',
      `uapqa/${name}:images`,
    ]);
    figures[name] = { seconds: (Date.now() - began) / 1000, bytes: Number(stdout.trim()) };
    log(
      `built uapqa/${name} in ${figures[name].seconds.toFixed(1)} s: ${(figures[name].bytes / 1e6).toFixed(0)} MB`,
    );
  }
  log(`built every image in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return figures;
}

async function healthy(container: string): Promise<void> {
  for (;;) {
    const { stdout } = await run('docker', ['inspect', '--format', '{{json .State}}', container]);
    const state = JSON.parse(stdout) as { Status: string; Health?: { Status: string } };
    if (state.Health?.Status === 'healthy') return;
    if (state.Status === 'exited' || state.Health?.Status === 'unhealthy') {
      const logs = await run('docker', ['logs', '--tail', '40', container]).catch(() => ({
        stdout: '',
        stderr: '',
      }));
      throw new Error(
        `${container} is ${state.Health?.Status ?? state.Status}:\n${logs.stdout}${logs.stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  requireDocker();
  mkdirSync(artifacts, { recursive: true });
  const figures = await build();
  writeFileSync(join(artifacts, 'images.json'), `${JSON.stringify(figures, null, 2)}\n`);

  const runId = uniqueName('images');
  /** Docker names allow no underscore where our unique names have one. */
  const containerOf = (name: ImageName) => `${runId}-${name}`.replaceAll('_', '-');
  const cleanups: Array<() => Promise<unknown>> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error) => log(`cleanup: ${error}`));
    log('removed the containers, databases, streams and mailbox it made');
  };
  try {
    const databases: Partial<Record<ImageName, string>> = {};
    for (const service of SERVICES) {
      const database = await createTestDatabase(DATABASE_SERVER);
      cleanups.push(() => database.drop());
      databases[service] = database.url;
    }
    const streamPrefix = `${runId}_`;
    cleanups.push(async () => {
      const admin = await NatsEventBus.connect({
        url: NATS_URL,
        name: 'images-cleanup',
        streamPrefix,
      });
      await admin.deleteStreams([...SERVICES]);
      await admin.close();
    });
    const mailbox = mkdtempSync(join(tmpdir(), 'uapqa-images-mailbox-'));
    // The services run as the image's node user, whatever this machine's user ids are.
    chmodSync(mailbox, 0o777);
    cleanups.push(async () => rmSync(mailbox, { recursive: true, force: true }));

    const admin = { username: 'admin', password: `admin-${runId}` };
    const url = `http://localhost:${PORTS.gateway}`;
    const vars: Record<string, string> = {
      POSTGRES_PASSWORD: 'unused-the-machine-trusts-local-connections',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ADMIN_EMAIL: 'admin@example.com',
      PUBLIC_URL: url,
      METRICS_TOKEN: `metrics-${runId}`,
      STRIPE_SECRET_KEY: 'unused',
      STRIPE_WEBHOOK_SECRET: 'unused',
      STRIPE_PUBLISHABLE_KEY: 'unused',
    };
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
    for (const name of [...SERVICES, 'gateway', ...REMOTES] as const) {
      const container = containerOf(name);
      const env = environmentOf(name, compose, vars, databases, streamPrefix);
      const args = ['run', '--detach', '--name', container, '--network', 'host'];
      for (const [key, value] of Object.entries(env)) args.push('--env', `${key}=${value}`);
      if ('MAILBOX_DIR' in env) args.push('--volume', `${mailbox}:${env.MAILBOX_DIR}`);
      await run('docker', [...args, `uapqa/${name}:images`]);
      cleanups.push(() => run('docker', ['rm', '--force', '--volumes', container]));
      log(`started ${container} on port ${PORTS[name]}`);
    }
    for (const name of IMAGES) {
      await healthy(containerOf(name));
      log(`${name} is healthy`);
    }
    const stack: ImagesStack = { url, mailbox, admin };
    project.provide('imagesStack', stack);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
