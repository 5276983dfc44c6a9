export * from './bindings.js';
export * from './contexts.js';
export * from './keys.js';
export * from './dispatcher.js';
export * from './conflicts.js';
export * from './overrides.js';
export * from './help.js';
export * from './palette.js';
