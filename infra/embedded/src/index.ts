export { type EmbeddedConfig, embeddedConfigSchema } from './config.js';
export { type EmbeddedStack, startEmbedded } from './embedded.js';
