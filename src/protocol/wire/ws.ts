import * as v from 'valibot';
import { DecimalString, Int32, RawIntString } from './primitives.js';
import { Candle, CANDLE_INTERVALS, L2Book, OpenOrder, ORDER_STATUSES } from './responses.js';

/** Client -> server subscriptions (open-points "WebSocket"). */
export const Subscription = v.variant('type', [
  v.object({ type: v.literal('l2Book'), contractId: Int32 }),
  v.object({ type: v.literal('bbo'), contractId: Int32 }),
  v.object({ type: v.literal('trades'), contractId: Int32 }),
  v.object({ type: v.literal('candle'), contractId: Int32, interval: v.picklist(CANDLE_INTERVALS) }),
  v.object({ type: v.literal('config') }),
  v.object({ type: v.literal('openOrders') }),
  v.object({ type: v.literal('orderUpdates') }),
  v.object({ type: v.literal('userFills') }),
]);
export type Subscription = v.InferOutput<typeof Subscription>;
export type ChannelName = Subscription['type'];
export const PRIVATE_CHANNELS: ReadonlySet<ChannelName> = new Set(['openOrders', 'orderUpdates', 'userFills']);

/** Stable key of a subscription, for acks and deduplication on both sides. */
export function subscriptionKey(sub: Subscription): string {
  switch (sub.type) {
    case 'candle':
      return `candle:${sub.contractId}:${sub.interval}`;
    case 'l2Book':
    case 'bbo':
    case 'trades':
      return `${sub.type}:${sub.contractId}`;
    default:
      return sub.type;
  }
}

export const ClientMessage = v.variant('method', [
  v.object({ method: v.literal('subscribe'), subscription: Subscription }),
  v.object({ method: v.literal('unsubscribe'), subscription: Subscription }),
  v.object({
    method: v.literal('auth'),
    auth: v.object({
      action: v.object({ type: v.literal('wsAuth'), time: v.number() }),
      nonce: v.number(),
      signature: v.unknown(),
    }),
  }),
  v.object({ method: v.literal('ping') }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;

export const Bbo = v.object({
  contractId: v.number(),
  time: v.number(),
  bid: v.nullable(v.object({ px: DecimalString, sz: DecimalString, n: v.number() })),
  ask: v.nullable(v.object({ px: DecimalString, sz: DecimalString, n: v.number() })),
});
export type Bbo = v.InferOutput<typeof Bbo>;

/** side: "B" = the taker bought, "A" = the taker sold (Hyperliquid's convention). */
export const Trade = v.object({
  contractId: v.number(),
  tid: v.number(),
  px: DecimalString,
  sz: DecimalString,
  side: v.picklist(['B', 'A']),
  time: v.number(),
});
export type Trade = v.InferOutput<typeof Trade>;

export const CandleUpdate = v.object({ ...Candle.entries, contractId: v.number(), interval: v.picklist(CANDLE_INTERVALS), closed: v.boolean() });
export type CandleUpdate = v.InferOutput<typeof CandleUpdate>;

export const ConfigEvent = v.object({
  event: v.picklist(['listing', 'delisting', 'freeze', 'unfreeze', 'update']),
  contractId: v.optional(v.number()),
  groupId: v.optional(v.number()),
  time: v.number(),
});
export type ConfigEvent = v.InferOutput<typeof ConfigEvent>;

/** openOrders: a snapshot first, then increments (upserted orders and removed oids). */
export const OpenOrdersMessage = v.object({
  isSnapshot: v.boolean(),
  orders: v.array(OpenOrder),
  removed: v.optional(v.array(v.number())),
});
export type OpenOrdersMessage = v.InferOutput<typeof OpenOrdersMessage>;

export const ORDER_EVENTS = ['new', 'partialFill', 'fill', 'cancel', 'modify', 'reject', 'tpslCreated', 'tpslTriggered', 'tpslCanceled'] as const;

export const OrderUpdate = v.object({
  event: v.picklist(ORDER_EVENTS),
  order: OpenOrder,
  status: v.picklist(ORDER_STATUSES),
  statusTimestamp: v.number(),
  triggerId: v.optional(v.number()),
});
export type OrderUpdate = v.InferOutput<typeof OrderUpdate>;

export const Fill = v.object({
  contractId: v.number(),
  oid: v.number(),
  cloid: v.optional(v.string()),
  tid: v.number(),
  px: DecimalString,
  sz: DecimalString,
  isBuy: v.boolean(),
  time: v.number(),
  liquidity: v.picklist(['maker', 'taker']),
  /** Raw coin units, positive = paid. */
  fee: RawIntString,
  closedPnl: RawIntString,
  liquidation: v.optional(v.boolean()),
});
export type Fill = v.InferOutput<typeof Fill>;

export const UserFillsMessage = v.object({ isSnapshot: v.boolean(), fills: v.array(Fill) });
export type UserFillsMessage = v.InferOutput<typeof UserFillsMessage>;

export const ServerMessage = v.variant('channel', [
  /** `message` is set on a repeated subscribe: "already subscribed", and no new snapshot follows. */
  v.object({ channel: v.literal('subscriptionResponse'), data: v.object({ method: v.string(), subscription: Subscription, message: v.optional(v.string()) }) }),
  v.object({ channel: v.literal('auth'), data: v.object({ ok: v.boolean(), address: v.optional(v.string()), accountId: v.optional(v.number()), message: v.optional(v.string()) }) }),
  v.object({ channel: v.literal('pong') }),
  v.object({ channel: v.literal('error'), data: v.object({ message: v.string(), subscription: v.optional(v.unknown()) }) }),
  v.object({ channel: v.literal('l2Book'), data: L2Book }),
  v.object({ channel: v.literal('bbo'), data: Bbo }),
  v.object({ channel: v.literal('trades'), data: v.array(Trade) }),
  v.object({ channel: v.literal('candle'), data: CandleUpdate }),
  v.object({ channel: v.literal('config'), data: ConfigEvent }),
  v.object({ channel: v.literal('openOrders'), data: OpenOrdersMessage }),
  v.object({ channel: v.literal('orderUpdates'), data: v.array(OrderUpdate) }),
  v.object({ channel: v.literal('userFills'), data: UserFillsMessage }),
]);
export type ServerMessage = v.InferOutput<typeof ServerMessage>;
