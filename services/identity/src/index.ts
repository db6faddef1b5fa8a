export { type IdentityConfig, identityConfigSchema } from './config.js';
export { identityService } from './descriptor.js';
export { LOGIN_LIMITS } from './login-limits.js';
export { DEMO_ACCOUNTS } from './seed.js';
export { startIdentity } from './service.js';
