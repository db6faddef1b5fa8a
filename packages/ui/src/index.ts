export * from './accordion.js';
export * from './api.js';
export * from './components.js';
export * from './hooks.js';
export * from './icons.js';
export * from './session.js';
export * from './theme.js';
export * from './toast.js';
