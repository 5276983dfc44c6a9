import type { ServerMessage } from '../protocol/wire/index.js';

/** Where one subscription stands, as the status bar and the staleness rules read it. */
export type SubState = 'connecting' | 'subscribing' | 'resyncing' | 'live' | 'stale' | 'down';
/** Where the WebSocket connection stands. */
export type ConnState = 'idle' | 'connecting' | 'authenticating' | 'open' | 'reconnecting' | 'closed';

/** Server messages that carry channel data (not acks, auth, pongs or errors). */
export type DataMessage = Extract<ServerMessage, { channel: 'l2Book' | 'bbo' | 'trades' | 'candle' | 'config' | 'openOrders' | 'orderUpdates' | 'userFills' }>;
