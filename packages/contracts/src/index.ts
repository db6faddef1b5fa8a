export * from './api/fields.js';
export * from './api/identity.js';
export * from './constants.js';
export * from './envelope.js';
export * from './events/identity.js';
export * from './roles.js';
