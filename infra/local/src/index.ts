export { type LocalConfig, localConfigSchema } from './config.js';
export { type LocalStack, startLocalStack } from './stack.js';
