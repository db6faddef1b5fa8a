export { CLUSTER_PORT_SPAN, type ClusterStack, startClusterStack } from './cluster.js';
export { type LocalConfig, localConfigSchema } from './config.js';
export { type ManagedProcess, startProcess, waitUntilReady } from './processes.js';
export { type LocalStack, startLocalStack } from './stack.js';
