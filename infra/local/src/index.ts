export { localConfigSchema, type LocalConfig } from './config.js';
export { startLocalStack, type LocalStack } from './stack.js';
