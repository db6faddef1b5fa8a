import { DEMO_ACCOUNTS } from '@uapqa/identity';
import { ConfigError, loadConfig, onShutdown } from '@uapqa/service-kit';
import { embeddedConfigSchema } from './config.js';
import { startEmbedded } from './embedded.js';

try {
  const config = loadConfig(embeddedConfigSchema);
  const stack = await startEmbedded(config);
  const accounts = DEMO_ACCOUNTS.map((account) => `${account.username} (${account.role})`).join(
    ', ',
  );
  process.stdout.write(
    [
      '',
      `  UAP Answers is running at ${stack.url}`,
      `  services: ${stack.services.join(', ')} (embedded: PGlite in ${config.DATA_DIR}, in-process bus)`,
      `  demo accounts: ${accounts}`,
      `  demo password: ${config.DEMO_PASSWORD}`,
      '  Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  onShutdown(() => stack.stop());
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : (error as Error).stack}\n`,
  );
  process.exit(1);
}
