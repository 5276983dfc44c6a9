import * as v from 'valibot';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../jsonDepth.js';
import { toJson } from '../json.js';
import { describeIssues, PRIVATE_CHANNELS, Subscription, subscriptionKey, type ChannelName } from '../../protocol/wire/index.js';
import { InboundBudget } from './inboundBudget.js';
import { OutboundBudget } from './outboundBudget.js';
import { resolveWsLimits, WS_CLOSE, WS_MESSAGE_WEIGHT, type WsLimits } from './wsLimits.js';

/** What the hub needs of a socket; the ws transport adapts a WebSocket to it. */
export interface HubSocket {
  /** `bytes`, when given, is `text` already encoded (UTF-8) and shared by every subscriber of one publish: send it as a text frame. */
  send(text: string, bytes?: Buffer): void;
  readonly bufferedAmount: number;
  /** Hard close: no close handshake, used for dropConnections (and for a socket without close). */
  terminate(): void;
  /** Close with a code the client can read; the transport cuts a peer that does not answer it. */
  close?(code: number, reason: string): void;
  /** A protocol ping; the peer's pong with the same payload goes to `hub.pong`. Without it, only bufferedAmount is watched. */
  ping?(payload: string): void;
}

export type HubAuthResult =
  | {
      ok: true;
      accountId: number;
      address: string;
      /**
       * For a session that may lose its right to the account (an agent's): why it no longer
       * may, or undefined while it still may. Asked whenever that may have changed.
       */
      lapsed?: () => string | undefined;
    }
  | { ok: false; message: string };
export type HubAuthenticator = (auth: unknown) => HubAuthResult;

export interface HubConnectionInfo {
  id: number;
  accountId?: number;
  address?: string;
}

/** Data to send right after the ack (openOrders' snapshot, the current l2Book), or undefined. */
export type SnapshotProvider = (subscription: Subscription, conn: HubConnectionInfo) => unknown;

/** Any of the WebSocket limits (wsLimits.ts); the rest are the defaults. */
export type HubOptions = Partial<WsLimits>;

interface Connection extends HubConnectionInfo {
  socket: HubSocket;
  subs: Map<string, Subscription>;
  /** The client's address, for the per-address budgets ('unknown' when the transport gave none). */
  ip: string;
  lapsed?: () => string | undefined;
}

const CHANNELS: ReadonlySet<string> = new Set(Subscription.options.map((o) => o.entries.type.literal));

const ClientEnvelope = v.object({ method: v.string() });

/**
 * Channel fan-out (docs/protocol.md, WebSocket). The hub keeps the subscription registry
 * and the protocol (acks, errors, auth, ping); producers call `publish` /
 * `publishToAccount` and register snapshot providers.
 */
export class StreamHub {
  private readonly conns = new Map<number, Connection>();
  /** subscription key -> connections, for market channels. */
  private readonly byKey = new Map<string, Set<Connection>>();
  /** account -> authenticated connections, for private channels. */
  private readonly byAccount = new Map<number, Set<Connection>>();
  private readonly snapshots = new Map<ChannelName, SnapshotProvider>();
  private authenticator: HubAuthenticator = () => ({ ok: false, message: 'auth is not available' });
  private nextId = 1;
  /** Open connections per client address. */
  private readonly perIp = new Map<string, number>();
  readonly limits: Readonly<WsLimits>;
  private readonly inbound: InboundBudget;
  private readonly outbound: OutboundBudget;

  private contractExists: (contractId: number) => boolean = () => true;

  constructor(opts: HubOptions = {}, now?: () => number) {
    this.limits = resolveWsLimits({ wsLimits: opts });
    this.inbound = new InboundBudget(this.limits, now);
    this.outbound = new OutboundBudget(this.limits, now);
  }

  /** Public market channels name a contract; one the exchange does not list is refused. */
  setContractCheck(fn: (contractId: number) => boolean): void {
    this.contractExists = fn;
  }

  setAuthenticator(fn: HubAuthenticator): void {
    this.authenticator = fn;
  }

  setSnapshotProvider(channel: ChannelName, provider: SnapshotProvider): void {
    this.snapshots.set(channel, provider);
  }

  get connectionCount(): number {
    return this.conns.size;
  }

  subscriberCount(channelKey: string): number {
    return this.byKey.get(channelKey)?.size ?? 0;
  }

  /** Whether any authenticated connection of the account subscribes to a private channel: producers skip work otherwise. */
  listening(accountId: number, channel: ChannelName): boolean {
    const set = this.byAccount.get(accountId);
    if (!set) return false;
    for (const conn of set) if (conn.subs.has(channel)) return true;
    return false;
  }

  /** Why a new connection from `ip` cannot be taken (the transport closes it with TRY_AGAIN_LATER), or undefined. */
  connectionRefusal(ip?: string): string | undefined {
    if (this.conns.size >= this.limits.maxConnections) return 'too many connections';
    if (ip !== undefined && (this.perIp.get(ip) ?? 0) >= this.limits.maxConnectionsPerIp) {
      return `too many connections from this address (at most ${this.limits.maxConnectionsPerIp})`;
    }
    return undefined;
  }

  /** A WebSocket upgrade request from `ip`: false when the address is over its message budget (the transport answers 429). */
  admitUpgrade(ip: string): boolean {
    return this.inbound.admitUpgrade(ip);
  }

  /** Returns the connection id, or undefined when the hub, or the address, is full (the caller closes the socket). */
  attach(socket: HubSocket, ip?: string): number | undefined {
    if (this.connectionRefusal(ip) !== undefined) return undefined;
    const conn: Connection = { id: this.nextId++, socket, subs: new Map(), ip: ip ?? 'unknown' };
    this.conns.set(conn.id, conn);
    if (ip !== undefined) this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    if (socket.ping) this.outbound.track(conn.id);
    return conn.id;
  }

  detach(id: number): void {
    const conn = this.conns.get(id);
    if (!conn) return;
    this.conns.delete(id);
    for (const key of conn.subs.keys()) this.unindex(conn, key);
    this.setAccount(conn, undefined);
    const n = (this.perIp.get(conn.ip) ?? 0) - 1;
    if (n > 0) this.perIp.set(conn.ip, n);
    else this.perIp.delete(conn.ip);
    this.inbound.forget(conn.id);
    this.outbound.untrack(conn.id);
  }

  /** The protocol is JSON text (open-points "WebSocket"): a binary frame is answered, not dropped. */
  receiveBinary(id: number): void {
    const conn = this.conns.get(id);
    if (conn && this.charge(conn, WS_MESSAGE_WEIGHT.other)) this.error(conn, 'binary frames are not accepted: send JSON text frames');
  }

  receive(id: number, text: string): void {
    const conn = this.conns.get(id);
    if (!conn || !this.charge(conn, WS_MESSAGE_WEIGHT.other)) return;
    try {
      this.dispatch(conn, text);
    } catch {
      // A bug in a provider or the authenticator must not take the server down with it.
      this.error(conn, 'internal error handling this message');
    }
  }

  /** A pong from the peer: it has read everything sent before the matching ping. */
  pong(id: number, payload: string): void {
    if (this.conns.has(id)) this.outbound.pong(id, payload, this.conns.size);
  }

  /**
   * Run every `intervalMs` by the transport: probes what the peers have read, closes slow
   * consumers, and ends agent sessions whose authorization lapsed with the passing of time.
   */
  sweep(intervalMs: number): void {
    this.recheckAuthorization();
    const slow = this.outbound.sweep(this.conns.size, intervalMs, (id, payload) => this.conns.get(id)?.socket.ping?.(payload));
    for (const [id, why] of slow) {
      const conn = this.conns.get(id);
      if (conn) this.close(conn, WS_CLOSE.SLOW_CONSUMER, why);
    }
  }

  /**
   * Asks each agent session (of one account, or all) whether it may still speak for its
   * account; one that may not loses its private subscriptions. Run after agent changes and
   * jumps of exchange time.
   */
  recheckAuthorization(accountId?: number): void {
    const conns = accountId === undefined ? this.conns.values() : (this.byAccount.get(accountId) ?? new Set<Connection>()).values();
    for (const conn of [...conns]) this.checkAuthorization(conn);
  }

  /** Bytes sent and not yet known to be read, across all sockets that can be probed. */
  get unreadBytes(): number {
    return this.outbound.total;
  }

  private dispatch(conn: Connection, text: string): void {
    // Before JSON.parse: a frame nested thousands deep must cost one linear scan, not the stack.
    if (exceedsJsonDepth(text)) return this.error(conn, `message nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return this.error(conn, 'message is not valid JSON');
    }
    const env = v.safeParse(ClientEnvelope, msg);
    if (!env.success) return this.error(conn, 'expected an object with a string "method"');
    const body = msg as Record<string, unknown>;
    switch (env.output.method) {
      case 'ping':
        return this.send(conn, { channel: 'pong' });
      case 'subscribe':
        if (!this.charge(conn, WS_MESSAGE_WEIGHT.subscribe - WS_MESSAGE_WEIGHT.other)) return;
        return this.subscription(conn, 'subscribe', body.subscription);
      case 'unsubscribe':
        return this.subscription(conn, 'unsubscribe', body.subscription);
      case 'auth':
        if (!this.charge(conn, WS_MESSAGE_WEIGHT.auth - WS_MESSAGE_WEIGHT.other)) return;
        return this.auth(conn, body.auth);
      default:
        return this.error(conn, `unknown method ${JSON.stringify(env.output.method.slice(0, 32))}; use subscribe, unsubscribe, auth or ping`);
    }
  }

  /** Sends to every connection subscribed to `channelKey` (subscriptionKey form); returns how many. */
  publish(channelKey: string, data: unknown): number {
    const set = this.byKey.get(channelKey);
    if (!set || set.size === 0) return 0;
    const channel = channelKey.split(':', 1)[0] as string;
    const text = toJson({ channel, data });
    // Serialised and encoded once per publish, whatever the number of subscribers.
    const bytes = Buffer.from(text);
    let sent = 0;
    for (const conn of [...set]) if (this.sendText(conn, text, bytes)) sent++;
    return sent;
  }

  /** Sends a private channel message to the account's authenticated subscribers. */
  publishToAccount(accountId: number, channel: ChannelName, data: unknown): number {
    const set = this.byAccount.get(accountId);
    if (!set) return 0;
    const text = toJson({ channel, data });
    let sent = 0;
    for (const conn of [...set]) {
      // Authorization holds for the life of the stream: checked again before each private message.
      if (conn.lapsed && this.checkAuthorization(conn)) continue;
      if (conn.subs.has(channel) && this.sendText(conn, text)) sent++;
    }
    return sent;
  }

  /** Terminates every connection (control route dropConnections); returns how many. */
  dropAll(): number {
    const all = [...this.conns.values()];
    for (const conn of all) {
      this.detach(conn.id);
      conn.socket.terminate();
    }
    return all.length;
  }

  private subscription(conn: Connection, method: 'subscribe' | 'unsubscribe', raw: unknown): void {
    const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || !CHANNELS.has(type)) {
      return this.error(conn, `unknown channel ${JSON.stringify(typeof type === 'string' ? type.slice(0, 32) : type ?? null)}`, raw);
    }
    const parsed = v.safeParse(Subscription, raw);
    if (!parsed.success) return this.error(conn, `subscription.${describeIssues(parsed.issues)}`, raw);
    const sub = parsed.output;
    if ('contractId' in sub && !this.contractExists(sub.contractId)) {
      return this.error(conn, `subscription.contractId: no contract ${sub.contractId}; see the configs query`, raw);
    }
    const key = subscriptionKey(sub);
    if (method === 'unsubscribe') {
      if (conn.subs.delete(key)) this.unindex(conn, key);
      return this.send(conn, { channel: 'subscriptionResponse', data: { method, subscription: sub } });
    }
    const isPrivate = PRIVATE_CHANNELS.has(sub.type);
    if (isPrivate && conn.lapsed) this.checkAuthorization(conn);
    if (isPrivate && conn.accountId === undefined) {
      return this.error(conn, `${sub.type} is a private channel: send {"method":"auth"} first`, sub);
    }
    if (conn.subs.has(key)) {
      // The snapshot was sent with the first ack; building it again for a repeat is work for nothing.
      return this.send(conn, { channel: 'subscriptionResponse', data: { method, subscription: sub, message: 'already subscribed; no new snapshot (unsubscribe first for one)' } });
    }
    const maxSubs = this.limits.maxSubscriptionsPerConnection;
    if (conn.subs.size >= maxSubs) return this.error(conn, `at most ${maxSubs} subscriptions per connection`, sub);
    conn.subs.set(key, sub);
    if (!isPrivate) this.index(conn, key);
    this.send(conn, { channel: 'subscriptionResponse', data: { method, subscription: sub } });
    const snapshot = this.snapshots.get(sub.type)?.(sub, { id: conn.id, accountId: conn.accountId, address: conn.address });
    if (snapshot !== undefined && this.conns.has(conn.id)) this.send(conn, { channel: sub.type, data: snapshot });
  }

  private auth(conn: Connection, auth: unknown): void {
    // Counted before the authenticator runs: a junk signature must not buy an ECDSA recovery past the limit.
    const refusal = this.inbound.admitAuth(conn.ip);
    if (refusal) return this.send(conn, { channel: 'auth', data: { ok: false, message: refusal } });
    const result = this.authenticator(auth);
    if (!result.ok) return this.send(conn, { channel: 'auth', data: { ok: false, message: result.message } });
    if (conn.accountId !== undefined && conn.accountId !== result.accountId) {
      // A connection speaks for one account: private subscriptions of the previous one end.
      for (const [key, sub] of [...conn.subs]) if (PRIVATE_CHANNELS.has(sub.type)) conn.subs.delete(key);
    }
    this.setAccount(conn, result.accountId);
    conn.address = result.address;
    conn.lapsed = result.lapsed;
    this.send(conn, { channel: 'auth', data: { ok: true, address: result.address, accountId: result.accountId } });
  }

  /** Ends the session's right to its account if it lapsed; true when it did. */
  private checkAuthorization(conn: Connection): boolean {
    const why = conn.lapsed?.();
    if (why === undefined) return false;
    const ended = [...conn.subs.values()].filter((sub) => PRIVATE_CHANNELS.has(sub.type));
    for (const sub of ended) conn.subs.delete(subscriptionKey(sub));
    this.setAccount(conn, undefined);
    conn.address = undefined;
    conn.lapsed = undefined;
    this.send(conn, { channel: 'auth', data: { ok: false, message: `${why}: this connection is no longer authenticated and its private subscriptions ended` } });
    for (const sub of ended) this.error(conn, `${sub.type} ended: ${why}`, sub);
    return true;
  }

  private setAccount(conn: Connection, accountId: number | undefined): void {
    if (conn.accountId !== undefined) {
      const set = this.byAccount.get(conn.accountId);
      set?.delete(conn);
      if (set?.size === 0) this.byAccount.delete(conn.accountId);
    }
    conn.accountId = accountId;
    if (accountId === undefined) return;
    let set = this.byAccount.get(accountId);
    if (!set) this.byAccount.set(accountId, (set = new Set()));
    set.add(conn);
  }

  private index(conn: Connection, key: string): void {
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    set.add(conn);
  }

  private unindex(conn: Connection, key: string): void {
    const set = this.byKey.get(key);
    set?.delete(conn);
    if (set?.size === 0) this.byKey.delete(key);
  }

  /** Charges a message to the connection and its address; over budget, says so and closes. */
  private charge(conn: Connection, weight: number): boolean {
    if (weight <= 0) return true;
    const refusal = this.inbound.charge(conn.id, conn.ip, weight);
    if (refusal === undefined) return true;
    this.error(conn, refusal);
    this.close(conn, WS_CLOSE.RATE_LIMITED, 'message rate limit exceeded');
    return false;
  }

  /** Detaches first, so nothing more is sent or received on it, then closes with a code. */
  private close(conn: Connection, code: number, reason: string): void {
    this.detach(conn.id);
    if (conn.socket.close) conn.socket.close(code, reason);
    else conn.socket.terminate();
  }

  private error(conn: Connection, message: string, subscription?: unknown): void {
    const data: Record<string, unknown> = { message };
    if (subscription !== undefined) data.subscription = subscription;
    this.send(conn, { channel: 'error', data });
  }

  private send(conn: Connection, msg: unknown): void {
    this.sendText(conn, toJson(msg));
  }

  /** A consumer that cannot keep up is closed rather than buffered without bound. */
  private sendText(conn: Connection, text: string, bytes?: Buffer): boolean {
    if (!this.conns.has(conn.id)) return false;
    if (conn.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.close(conn, WS_CLOSE.SLOW_CONSUMER, `slow consumer: over ${this.limits.maxBufferedBytes} bytes unsent`);
      return false;
    }
    conn.socket.send(text, bytes);
    // Without the bytes, the text's length: JSON of the wire is ASCII but for names, near enough for a budget.
    this.outbound.sent(conn.id, bytes?.length ?? text.length, this.conns.size);
    return true;
  }
}
