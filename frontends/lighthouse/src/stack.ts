import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedConfigSchema, startEmbedded } from '@uapqa/embedded';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'disclosure-demo';

export interface BenchStack {
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded stack on a fresh temporary data folder (demo data, the built frontends) and a
 * free port, as `npm start` runs it. Ctrl+C stops it and removes the folder.
 */
export async function startBenchStack(name: string): Promise<BenchStack> {
  const dataDir = await mkdtemp(join(tmpdir(), `uapqa-${name}-`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  const stack = await startEmbedded(
    embeddedConfigSchema.parse({
      PORT: process.env.PORT ?? '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_PASSWORD,
    }),
  );
  return {
    url: stack.url,
    async stop() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
