import { billingService } from '@uapqa/billing';
import { gatewayService } from '@uapqa/gateway';
import { identityService } from '@uapqa/identity';
import { moderationService } from '@uapqa/moderation';
import { notificationsService } from '@uapqa/notifications';
import { questionsService } from '@uapqa/questions';
import type { LocalConfig } from './config.js';
import { ensureDatabases } from './databases.js';
import { type ManagedProcess, startProcess, waitUntilReady } from './processes.js';

/**
 * The services this mode runs, each as its own process (its descriptor's `main`) with its own
 * database. A service joins by adding its entry here (and its package to this one's
 * dependencies).
 */
export const SERVICES = [
  { service: identityService, offset: 1, urlVariable: 'IDENTITY_URL' },
  { service: billingService, offset: 2, urlVariable: 'BILLING_URL' },
  { service: questionsService, offset: 3, urlVariable: 'QUESTIONS_URL' },
  { service: moderationService, offset: 4, urlVariable: 'MODERATION_URL' },
  { service: notificationsService, offset: 5, urlVariable: 'NOTIFICATIONS_URL' },
].map(({ service, offset, urlVariable }) => ({
  name: service.name,
  script: service.main,
  offset,
  urlVariable,
}));

export type LocalServiceName = (typeof SERVICES)[number]['name'] | typeof gatewayService.name;

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
    ...(config.REDIS_URL ? { REDIS_URL: config.REDIS_URL } : {}),
  };
  const specs: ProcessSpec[] = [
    ...SERVICES.map((service) => {
      const port = config.BASE_PORT + service.offset;
      return {
        name: service.name,
        script: service.script,
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
      name: gatewayService.name,
      script: gatewayService.main,
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
