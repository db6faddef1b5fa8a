export { identityConfigSchema, type IdentityConfig } from './config.js';
export { startIdentity, type IdentityServiceOptions } from './service.js';
export { DEMO_ACCOUNTS } from './seed.js';
export { LOGIN_LIMITS } from './routes/auth.js';
