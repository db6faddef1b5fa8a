export { type IdentityConfig, identityConfigSchema } from './config.js';
export { LOGIN_LIMITS } from './login-limits.js';
export { DEMO_ACCOUNTS } from './seed.js';
export { type IdentityServiceOptions, startIdentity } from './service.js';
