export { embeddedConfigSchema, type EmbeddedConfig } from './config.js';
export { startEmbedded, type EmbeddedStack } from './embedded.js';
