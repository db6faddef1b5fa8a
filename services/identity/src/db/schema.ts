// The one module drizzle-kit reads (drizzle.config.ts) and the service opens its database with:
// every table, from the file of its group.
export { inbox, outbox } from '@uapqa/service-kit/db';
export * from './tables/accounts.js';
export * from './tables/experts.js';
export * from './tables/mailed-links.js';
export * from './tables/sessions.js';
export * from './tables/staff.js';
