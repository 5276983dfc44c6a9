export { Coalescer, type CoalescerOptions } from './coalescer.js';
export { emptyBatch, candleKey, type FeedBatch, type ErrorEntry, type PollStatus, type SessionPatch, type OpenOrdersDelta } from './batch.js';
export { DEFAULT_CAPS, type FeedCaps } from './caps.js';
export { BoundedSet } from './boundedSet.js';
export { appendCapped, pushCapped } from './ring.js';
