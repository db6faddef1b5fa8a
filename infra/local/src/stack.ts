import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalConfig } from './config.js';
import { ensureDatabases } from './databases.js';
import { type ManagedProcess, startProcess, waitUntilReady } from './processes.js';

/** Where a workspace package's built entry point lives. */
function mainOf(packageName: string): string {
  return join(dirname(fileURLToPath(import.meta.resolve(packageName))), 'main.js');
}

/**
 * The services this mode runs, each as its own process with its own database. A service joins
 * by adding its entry here (and its package to this one's dependencies).
 */
const SERVICES = [
  { name: 'identity', package: '@uapqa/identity', offset: 1, urlVariable: 'IDENTITY_URL' },
  { name: 'billing', package: '@uapqa/billing', offset: 2, urlVariable: 'BILLING_URL' },
  { name: 'questions', package: '@uapqa/questions', offset: 3, urlVariable: 'QUESTIONS_URL' },
  { name: 'moderation', package: '@uapqa/moderation', offset: 4, urlVariable: 'MODERATION_URL' },
  {
    name: 'notifications',
    package: '@uapqa/notifications',
    offset: 5,
    urlVariable: 'NOTIFICATIONS_URL',
  },
] as const;

export type LocalServiceName = (typeof SERVICES)[number]['name'] | 'gateway';

interface ProcessSpec {
  name: LocalServiceName;
  script: string;
  env: Record<string, string>;
  readyUrl: string;
}

export interface LocalStack {
  url: string;
  processes: ManagedProcess[];
  /** `kill -9` a process, as a crash would. */
  kill(name: LocalServiceName): Promise<void>;
  /** Starts a stopped or killed process again with the same settings and waits until ready. */
  restart(name: LocalServiceName): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalStack(
  config: LocalConfig,
  output: NodeJS.WritableStream = process.stdout,
): Promise<LocalStack> {
  const databases = await ensureDatabases(
    config.POSTGRES_URL,
    SERVICES.map((service) => `${config.DATABASE_PREFIX}${service.name}`),
  );
  const serviceUrls: Record<string, string> = {};
  for (const service of SERVICES) {
    serviceUrls[service.urlVariable] = `http://127.0.0.1:${config.BASE_PORT + service.offset}`;
  }
  const shared = {
    ...serviceUrls,
    NATS_URL: config.NATS_URL,
    NATS_STREAM_PREFIX: config.NATS_STREAM_PREFIX,
    LOG_LEVEL: config.LOG_LEVEL,
    MAILBOX_DIR: config.MAILBOX_DIR,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    ...(config.SMTP_URL ? { SMTP_URL: config.SMTP_URL } : {}),
  };
  const specs: ProcessSpec[] = [
    ...SERVICES.map((service) => {
      const port = config.BASE_PORT + service.offset;
      return {
        name: service.name,
        script: mainOf(service.package),
        readyUrl: `http://127.0.0.1:${port}/ready`,
        env: {
          ...shared,
          PORT: String(port),
          DATABASE_URL: databases[`${config.DATABASE_PREFIX}${service.name}`]!,
          ADMIN_USERNAME: config.ADMIN_USERNAME,
          ADMIN_PASSWORD: config.ADMIN_PASSWORD,
        },
      };
    }),
    {
      name: 'gateway',
      script: mainOf('@uapqa/gateway'),
      readyUrl: `http://127.0.0.1:${config.PORT}/api/health`,
      env: { ...shared, PORT: String(config.PORT) },
    },
  ];

  const running = new Map<LocalServiceName, ManagedProcess>();
  const launch = async (spec: ProcessSpec) => {
    const proc = startProcess(spec.name, spec.script, spec.env, output);
    running.set(spec.name, proc);
    await waitUntilReady(spec.readyUrl, proc);
  };
  const stop = async () => {
    for (const spec of [...specs].reverse()) await running.get(spec.name)?.stop();
  };
  try {
    for (const spec of specs) await launch(spec);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://localhost:${config.PORT}`,
    get processes() {
      return specs.map((spec) => running.get(spec.name)!).filter(Boolean);
    },
    async kill(name) {
      const proc = running.get(name);
      if (!proc || proc.child.exitCode !== null) return;
      const exited = new Promise((resolve) => proc.child.once('exit', resolve));
      proc.child.kill('SIGKILL');
      await exited;
    },
    async restart(name) {
      await running.get(name)?.stop();
      await launch(specs.find((spec) => spec.name === name)!);
    },
    stop,
  };
}
