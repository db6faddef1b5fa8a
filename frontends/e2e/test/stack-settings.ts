import { type EmbeddedConfig, embeddedConfigSchema } from '@uapqa/embedded';

export const DEMO_PASSWORD = 'disclosure-demo';

/** The embedded stack's settings in the browser suite, `env` on top. */
export function stackSettings(dataDir: string, env: Record<string, string> = {}): EmbeddedConfig {
  return embeddedConfigSchema.parse({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD,
    DECISION_HOLD_SECONDS: '0',
    ...env,
  });
}
