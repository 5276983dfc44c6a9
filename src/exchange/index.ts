/** The embedded exchange as its users see it: start it, or drive its core directly (tests, benchmarks). */
export { startExchange, type StartExchangeOptions, type RunningExchange } from './startExchange.js';
export { ExchangeCore } from './core.js';
export { Clock } from './clock.js';
export { bucket, MemoryLedger } from './ledger.js';
export { operatorKey } from './operators.js';
export { StreamHub, type HubSocket } from './streams/hub.js';
export { toJson } from './json.js';
export { type Account } from './state/accounts.js';
export { effectiveFeeRates, formatFeeRate } from './state/fees.js';
export { defaultMarginHooks } from './state/marginHooks.js';
export { BlockLoop } from './live/blockLoop.js';
