export * from './bus.js';
export * from './http.js';
export * from './registry.js';
