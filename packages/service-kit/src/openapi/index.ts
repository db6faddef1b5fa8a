export * from './components.js';
export * from './document.js';
export * from './route-doc.js';
