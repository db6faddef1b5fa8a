import { ConfigError, loadConfig, onShutdown } from '@uapqa/service-kit';
import { startClusterStack } from './cluster.js';
import { localConfigSchema } from './config.js';
import { startLocalStack } from './stack.js';

// `--cluster`: three NATS members, two replicas of every process and nginx in front of them.
const cluster = process.argv.includes('--cluster');

try {
  const config = loadConfig(localConfigSchema);
  const stack = cluster ? await startClusterStack(config) : await startLocalStack(config);
  const mode = cluster ? 'distributed, cluster' : 'distributed';
  process.stdout.write(
    `\n  UAP Answers (${mode}) is running at ${stack.url}\n  admin account: ${config.ADMIN_USERNAME}\n  Press Ctrl+C to stop.\n\n`,
  );
  onShutdown(() => stack.stop());
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : (error as Error).stack}\n`,
  );
  process.exit(1);
}
