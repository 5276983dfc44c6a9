import { subscriptionKey, type ServerMessage, type Subscription } from '../protocol/wire/index.js';

import type { ConnState, DataMessage, SubState } from '../model/streamState.js';

export type { ConnState, DataMessage, SubState };

const DATA_CHANNELS = new Set(['l2Book', 'bbo', 'trades', 'candle', 'config', 'openOrders', 'orderUpdates', 'userFills']);

export function isDataMessage(m: ServerMessage): m is DataMessage {
  return DATA_CHANNELS.has(m.channel);
}

/** The subscription a data message belongs to; undefined for an empty trades batch. */
export function keyOfMessage(m: DataMessage): string | undefined {
  switch (m.channel) {
    case 'l2Book':
    case 'bbo':
      return subscriptionKey({ type: m.channel, contractId: m.data.contractId });
    case 'trades': {
      const first = m.data[0];
      return first && subscriptionKey({ type: 'trades', contractId: first.contractId });
    }
    case 'candle':
      return subscriptionKey({ type: 'candle', contractId: m.data.contractId, interval: m.data.interval });
    default:
      return m.channel;
  }
}

/**
 * Whether a (re)subscription must see a full snapshot before its data can be shown as live.
 * openOrders sends one itself (isSnapshot); l2Book messages are each a full book, and a REST
 * l2Book also counts. Increment-only channels are live once acknowledged and resynced.
 */
export function needsSnapshot(sub: Subscription): boolean {
  return sub.type === 'openOrders' || sub.type === 'l2Book';
}

export function isSnapshotMessage(m: DataMessage): boolean {
  if (m.channel === 'openOrders') return m.data.isSnapshot;
  return m.channel === 'l2Book';
}

/** Default silence watchdogs: channels the exchange pushes every block. Quiet markets may have no trades. */
export function defaultSilenceMs(sub: Subscription): number | undefined {
  return sub.type === 'l2Book' || sub.type === 'bbo' ? 15_000 : undefined;
}
