export { OrderBook, ENGINE_ERRORS, type OrderBookOptions } from './orderBook.js';
export { checkInvariants } from './invariants.js';
export { mulberry32, Prng } from './prng.js';
export { benchEngine, type BenchResult } from './bench.js';
export type * from './types.js';
