// What only a service with a database uses: drizzle, postgres.js and (in the embedded mode)
// PGlite. An entry of its own, so the gateway, which has no database, deploys without them.
export * from './db/bookkeeping.js';
export * from './db/database.js';
export * from './db/prepared.js';
export * from './inbox.js';
export * from './outbox.js';
export * from './runtime.js';
