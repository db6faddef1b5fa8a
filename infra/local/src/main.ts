import { ConfigError, loadConfig, onShutdown } from '@uapqa/service-kit';
import { localConfigSchema } from './config.js';
import { startLocalStack } from './stack.js';

try {
  const config = loadConfig(localConfigSchema);
  const stack = await startLocalStack(config);
  process.stdout.write(
    `\n  UAP Answers (distributed) is running at ${stack.url}\n  admin account: ${config.ADMIN_USERNAME}\n  Press Ctrl+C to stop.\n\n`,
  );
  onShutdown(() => stack.stop());
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : (error as Error).stack}\n`,
  );
  process.exit(1);
}
