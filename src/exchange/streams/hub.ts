import * as v from 'valibot';
import { toJson } from '../json.js';
import { describeIssues, PRIVATE_CHANNELS, Subscription, subscriptionKey, type ChannelName } from '../../protocol/wire/index.js';

/** What the hub needs of a socket; the ws transport adapts a WebSocket to it. */
export interface HubSocket {
  send(text: string): void;
  readonly bufferedAmount: number;
  /** Hard close: no close handshake, used for slow consumers and dropConnections. */
  terminate(): void;
}

export type HubAuthResult = { ok: true; accountId: number; address: string } | { ok: false; message: string };
export type HubAuthenticator = (auth: unknown) => HubAuthResult;

export interface HubConnectionInfo {
  id: number;
  accountId?: number;
  address?: string;
}

/** Data to send right after the ack (openOrders' snapshot, the current l2Book), or undefined. */
export type SnapshotProvider = (subscription: Subscription, conn: HubConnectionInfo) => unknown;

export interface HubOptions {
  /** Above this many unsent bytes a consumer is too slow and is dropped. */
  maxBufferedBytes?: number;
  maxSubscriptionsPerConnection?: number;
  maxConnections?: number;
}

interface Connection extends HubConnectionInfo {
  socket: HubSocket;
  subs: Map<string, Subscription>;
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
  private readonly maxBuffered: number;
  private readonly maxSubs: number;
  private readonly maxConns: number;

  private contractExists: (contractId: number) => boolean = () => true;

  constructor(opts: HubOptions = {}) {
    this.maxBuffered = opts.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.maxSubs = opts.maxSubscriptionsPerConnection ?? 100;
    this.maxConns = opts.maxConnections ?? 1000;
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

  /** Returns the connection id, or undefined when the hub is full (the caller closes the socket). */
  attach(socket: HubSocket): number | undefined {
    if (this.conns.size >= this.maxConns) return undefined;
    const conn: Connection = { id: this.nextId++, socket, subs: new Map() };
    this.conns.set(conn.id, conn);
    return conn.id;
  }

  detach(id: number): void {
    const conn = this.conns.get(id);
    if (!conn) return;
    this.conns.delete(id);
    for (const key of conn.subs.keys()) this.unindex(conn, key);
    this.setAccount(conn, undefined);
  }

  /** The protocol is JSON text (open-points "WebSocket"): a binary frame is answered, not dropped. */
  receiveBinary(id: number): void {
    const conn = this.conns.get(id);
    if (conn) this.error(conn, 'binary frames are not accepted: send JSON text frames');
  }

  receive(id: number, text: string): void {
    const conn = this.conns.get(id);
    if (!conn) return;
    try {
      this.dispatch(conn, text);
    } catch {
      // A bug in a provider or the authenticator must not take the server down with it.
      this.error(conn, 'internal error handling this message');
    }
  }

  private dispatch(conn: Connection, text: string): void {
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
      case 'unsubscribe':
        return this.subscription(conn, env.output.method, body.subscription);
      case 'auth':
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
    let sent = 0;
    for (const conn of [...set]) if (this.sendText(conn, text)) sent++;
    return sent;
  }

  /** Sends a private channel message to the account's authenticated subscribers. */
  publishToAccount(accountId: number, channel: ChannelName, data: unknown): number {
    const set = this.byAccount.get(accountId);
    if (!set) return 0;
    const text = toJson({ channel, data });
    let sent = 0;
    for (const conn of [...set]) if (conn.subs.has(channel) && this.sendText(conn, text)) sent++;
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
    if (isPrivate && conn.accountId === undefined) {
      return this.error(conn, `${sub.type} is a private channel: send {"method":"auth"} first`, sub);
    }
    if (!conn.subs.has(key)) {
      if (conn.subs.size >= this.maxSubs) return this.error(conn, `at most ${this.maxSubs} subscriptions per connection`, sub);
      conn.subs.set(key, sub);
      if (!isPrivate) this.index(conn, key);
    }
    this.send(conn, { channel: 'subscriptionResponse', data: { method, subscription: sub } });
    const snapshot = this.snapshots.get(sub.type)?.(sub, { id: conn.id, accountId: conn.accountId, address: conn.address });
    if (snapshot !== undefined && this.conns.has(conn.id)) this.send(conn, { channel: sub.type, data: snapshot });
  }

  private auth(conn: Connection, auth: unknown): void {
    const result = this.authenticator(auth);
    if (!result.ok) return this.send(conn, { channel: 'auth', data: { ok: false, message: result.message } });
    if (conn.accountId !== undefined && conn.accountId !== result.accountId) {
      // A connection speaks for one account: private subscriptions of the previous one end.
      for (const [key, sub] of [...conn.subs]) if (PRIVATE_CHANNELS.has(sub.type)) conn.subs.delete(key);
    }
    this.setAccount(conn, result.accountId);
    conn.address = result.address;
    this.send(conn, { channel: 'auth', data: { ok: true, address: result.address, accountId: result.accountId } });
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

  private error(conn: Connection, message: string, subscription?: unknown): void {
    const data: Record<string, unknown> = { message };
    if (subscription !== undefined) data.subscription = subscription;
    this.send(conn, { channel: 'error', data });
  }

  private send(conn: Connection, msg: unknown): void {
    this.sendText(conn, toJson(msg));
  }

  /** A consumer that cannot keep up is dropped rather than buffered without bound. */
  private sendText(conn: Connection, text: string): boolean {
    if (conn.socket.bufferedAmount > this.maxBuffered) {
      this.detach(conn.id);
      conn.socket.terminate();
      return false;
    }
    conn.socket.send(text);
    return true;
  }
}
