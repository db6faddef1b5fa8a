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
] as const;

export interface LocalStack {
  url: string;
  processes: ManagedProcess[];
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
  const processes: ManagedProcess[] = [];
  const stop = async () => {
    for (const proc of [...processes].reverse()) await proc.stop();
  };
  try {
    const serviceUrls: Record<string, string> = {};
    for (const service of SERVICES) {
      const port = config.BASE_PORT + service.offset;
      serviceUrls[service.urlVariable] = `http://127.0.0.1:${port}`;
    }
    for (const service of SERVICES) {
      const port = config.BASE_PORT + service.offset;
      const proc = startProcess(
        service.name,
        mainOf(service.package),
        {
          ...serviceUrls,
          PORT: String(port),
          DATABASE_URL: databases[`${config.DATABASE_PREFIX}${service.name}`]!,
          NATS_URL: config.NATS_URL,
          NATS_STREAM_PREFIX: config.NATS_STREAM_PREFIX,
          LOG_LEVEL: config.LOG_LEVEL,
          ADMIN_USERNAME: config.ADMIN_USERNAME,
          ADMIN_PASSWORD: config.ADMIN_PASSWORD,
        },
        output,
      );
      processes.push(proc);
      await waitUntilReady(`http://127.0.0.1:${port}/ready`, proc);
    }
    const gateway = startProcess(
      'gateway',
      mainOf('@uapqa/gateway'),
      {
        ...serviceUrls,
        PORT: String(config.PORT),
        NATS_URL: config.NATS_URL,
        NATS_STREAM_PREFIX: config.NATS_STREAM_PREFIX,
        LOG_LEVEL: config.LOG_LEVEL,
      },
      output,
    );
    processes.push(gateway);
    await waitUntilReady(`http://127.0.0.1:${config.PORT}/api/health`, gateway);
    return { url: `http://localhost:${config.PORT}`, processes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
