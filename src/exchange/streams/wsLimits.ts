/**
 * What one WebSocket client, or one address, may cost the exchange (docs/exchange.md).
 * Rates are token buckets: the per-minute figure is also the burst.
 */
export interface WsLimits {
  /** Connections in all. */
  maxConnections: number;
  /** Connections from one client IP; below maxConnections so one address cannot take every slot. */
  maxConnectionsPerIp: number;
  maxSubscriptionsPerConnection: number;
  /** Inbound message weight per minute per connection (WS_MESSAGE_WEIGHT); 0 = off. */
  messagesPerMin: number;
  /** The same across all connections of one client IP, WebSocket upgrades included; 0 = off. */
  messagesPerMinPerIp: number;
  /** `auth` attempts per minute per client IP, counted before any signature is recovered; 0 = off. */
  authPerMinPerIp: number;
  /** Outbound bytes not yet acknowledged by the peers, across all sockets: each socket's share is this over the connection count. */
  outboundBudgetBytes: number;
  /** A socket's own share never falls below this, so a full server still serves a live client. */
  minShareBytes: number;
  /** Unsent bytes in the server's own buffers for one socket: beyond this it is closed at once. */
  maxBufferedBytes: number;
  /** How long a socket may leave a probe unanswered, or stay over its share, before it is closed as a slow consumer. */
  drainMs: number;
}

export const DEFAULT_WS_LIMITS: Readonly<WsLimits> = Object.freeze({
  maxConnections: 1000,
  maxConnectionsPerIp: 100,
  maxSubscriptionsPerConnection: 100,
  messagesPerMin: 600,
  messagesPerMinPerIp: 2400,
  authPerMinPerIp: 60,
  outboundBudgetBytes: 8 * 1024 * 1024,
  minShareBytes: 64 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  drainMs: 3000,
});

/**
 * What an inbound message costs against the budgets: roughly the server's work for it. A
 * subscribe may build a snapshot; an auth recovers an ECDSA signature; opening a connection
 * costs a handshake and is charged to the address.
 */
export const WS_MESSAGE_WEIGHT = Object.freeze({
  ping: 1,
  unsubscribe: 1,
  subscribe: 2,
  auth: 10,
  /** Anything else: unknown methods, bad JSON, binary frames. */
  other: 1,
  connect: 5,
});

/** Close codes of the WebSocket (docs/exchange.md). */
export const WS_CLOSE = Object.freeze({
  /** RFC 6455 "try again later": the server, or this address, has no connection slot free. */
  TRY_AGAIN_LATER: 1013,
  /** The connection or its address sent more than its message budget. */
  RATE_LIMITED: 4429,
  /** The client did not read what was sent to it in time (its share of the outbound budget). */
  SLOW_CONSUMER: 4408,
});

/**
 * The limits an exchange runs with: the defaults, what the caller set, and with the HTTP
 * rate limit off (`rateLimitPerMin: 0`, tests and benchmarks) the message and auth rates off
 * too unless set. Connection and memory budgets always hold.
 */
export function resolveWsLimits(opts: { rateLimitPerMin?: number; wsLimits?: Partial<WsLimits> } = {}): WsLimits {
  const rateOff = opts.rateLimitPerMin === 0 ? { messagesPerMin: 0, messagesPerMinPerIp: 0, authPerMinPerIp: 0 } : {};
  const limits: WsLimits = { ...DEFAULT_WS_LIMITS, ...rateOff, ...definedOnly(opts.wsLimits ?? {}) };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`wsLimits.${name} must be a non-negative integer, got ${String(value)}`);
  }
  // A per-address cap above the global one would mean none: one address could take every slot.
  limits.maxConnectionsPerIp = Math.min(limits.maxConnectionsPerIp, limits.maxConnections);
  return limits;
}

function definedOnly(o: Partial<WsLimits>): Partial<WsLimits> {
  return Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined));
}
