export * from './primitives.js';
export * from './actions.js';
export * from './responses.js';
export * from './ws.js';
export * from './errors.js';
export * from './builders.js';
