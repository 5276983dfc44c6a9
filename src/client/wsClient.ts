import * as v from 'valibot';
import type WebSocket from 'ws';
import type { Signature } from '../protocol/index.js';
import { describeIssues, PRIVATE_CHANNELS, ServerMessage, subscriptionKey, type Subscription, type WsAuthAction } from '../protocol/wire/index.js';
import { Backoff, type BackoffOptions } from './backoff.js';
import { clientError, excerpt, type ClientError } from './errors.js';
import { RepeatFrames } from './repeatFrames.js';
import {
  defaultSilenceMs,
  isDataMessage,
  isSnapshotMessage,
  keyOfMessage,
  needsSnapshot,
  type ConnState,
  type DataMessage,
  type SubState,
} from './wsSubscriptions.js';

export interface WsAuthPayload {
  action: WsAuthAction;
  nonce: number;
  signature: Signature;
}

export interface WsClientOptions {
  url: string;
  /** Book and BBO frames that repeat the last one but for its time skip the parser (repeatFrames.ts); false parses every frame (the benchmark's naive baseline). */
  repeats?: boolean;
  /** Builds a fresh signed auth message per connection; undefined when no key is loaded. */
  auth?: () => WsAuthPayload | undefined;
  /** REST resynchronisation after each (re)subscribe; resolves true when it delivered a snapshot. */
  resync?: (sub: Subscription) => Promise<boolean>;
  backoff?: BackoffOptions;
  pingIntervalMs?: number;
  /** No message at all this long after a ping: the connection is dead. */
  pongTimeoutMs?: number;
  ackTimeoutMs?: number;
  handshakeTimeoutMs?: number;
  /** Per-subscription silence watchdog; undefined = none for that subscription. */
  silenceMs?: (sub: Subscription) => number | undefined;
  maxPayloadBytes?: number;
}

export interface WsSnapshot {
  connection: ConnState;
  subscriptions: Readonly<Record<string, SubState>>;
  reconnects: number;
  authenticated: boolean;
  lastError: ClientError | undefined;
}

interface Entry {
  sub: Subscription;
  key: string;
  state: SubState;
  /** Bumped on every subscribe sent, so answers for an older one are ignored. */
  epoch: number;
  snapshotSeen: boolean;
  resynced: boolean;
  ackTimer?: NodeJS.Timeout | undefined;
  silenceTimer?: NodeJS.Timeout | undefined;
}

type Listener<T> = (x: T) => void;


/** ws's readyState for an open socket (WebSocket.OPEN). */
const OPEN = 1;
let wsModule: typeof WebSocket | undefined;
async function loadWs(): Promise<void> {
  wsModule ??= (await import('ws')).default;
}

/**
 * One WebSocket with the subscriptions the caller wants. On every (re)connect it
 * authenticates, resubscribes and resynchronises before a subscription reads 'live'.
 * It never gives up: a dead, silent or misbehaving connection is replaced after a backoff.
 */
export class WsClient {
  private ws: WebSocket | undefined;
  private readonly entries = new Map<string, Entry>();
  private readonly backoff: Backoff;
  private conn: ConnState = 'idle';
  private authState: 'none' | 'pending' | 'ok' | 'failed' = 'none';
  private authError: string | undefined;
  /** Set while a sign-in is in flight that may have been signed before the key was approved. */
  private retryRefusedSignIn: string | undefined;
  private reconnects = 0;
  private lastError: ClientError | undefined;
  private closed = false;
  private timers: { reconnect?: NodeJS.Timeout; ping?: NodeJS.Timeout; pong?: NodeJS.Timeout; auth?: NodeJS.Timeout } = {};
  private readonly msgListeners = new Set<Listener<DataMessage>>();
  /** Book and BBO frames that say again what the last one said (repeatFrames.ts). */
  private readonly repeats = new RepeatFrames();
  private readonly textListeners = new Set<Listener<string>>();
  private readonly stateListeners = new Set<Listener<WsSnapshot>>();
  private readonly errorListeners = new Set<Listener<ClientError>>();
  private readonly o: Required<Omit<WsClientOptions, 'auth' | 'resync' | 'backoff'>> & Pick<WsClientOptions, 'auth' | 'resync'>;

  constructor(opts: WsClientOptions) {
    const u = new URL(opts.url); // a malformed URL is a configuration error: fail at once, not in a retry loop
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') throw new Error(`websocket url must start with ws:// or wss://, got ${u.protocol}`);
    this.backoff = new Backoff(opts.backoff);
    this.o = {
      url: opts.url,
      auth: opts.auth,
      resync: opts.resync,
      pingIntervalMs: opts.pingIntervalMs ?? 15_000,
      pongTimeoutMs: opts.pongTimeoutMs ?? 10_000,
      ackTimeoutMs: opts.ackTimeoutMs ?? 5_000,
      handshakeTimeoutMs: opts.handshakeTimeoutMs ?? 5_000,
      silenceMs: opts.silenceMs ?? defaultSilenceMs,
      maxPayloadBytes: opts.maxPayloadBytes ?? 4 * 1024 * 1024,
      repeats: opts.repeats ?? true,
    };
  }

  // ---- public API ----

  start(): void {
    if (this.closed || this.ws || this.timers.reconnect) return;
    this.connect();
  }

  close(): void {
    this.closed = true;
    this.teardown();
    this.conn = 'closed';
    this.emitState();
  }

  subscribe(sub: Subscription): void {
    const key = subscriptionKey(sub);
    if (this.entries.has(key)) return;
    const e: Entry = { sub, key, state: 'connecting', epoch: 0, snapshotSeen: false, resynced: false };
    this.entries.set(key, e);
    if (this.isOpen()) this.sendSubscribe(e);
    this.emitState();
  }

  unsubscribe(sub: Subscription): void {
    const key = subscriptionKey(sub);
    const e = this.entries.get(key);
    if (!e) return;
    this.clearEntryTimers(e);
    this.entries.delete(key);
    if (this.isOpen()) this.send({ method: 'unsubscribe', subscription: sub });
    this.emitState();
  }

  onMessage(fn: Listener<DataMessage>): () => void {
    this.msgListeners.add(fn);
    return () => this.msgListeners.delete(fn);
  }
  /** Every text frame as received, before it is parsed or checked (a recording keeps them as they came). */
  onText(fn: Listener<string>): () => void {
    this.textListeners.add(fn);
    return () => this.textListeners.delete(fn);
  }
  onState(fn: Listener<WsSnapshot>): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }
  onError(fn: Listener<ClientError>): () => void {
    this.errorListeners.add(fn);
    return () => this.errorListeners.delete(fn);
  }

  snapshot(): WsSnapshot {
    const subscriptions: Record<string, SubState> = {};
    for (const [k, e] of this.entries) subscriptions[k] = e.state;
    return { connection: this.conn, subscriptions, reconnects: this.reconnects, authenticated: this.authState === 'ok', lastError: this.lastError };
  }

  stateOf(sub: Subscription): SubState | undefined {
    return this.entries.get(subscriptionKey(sub))?.state;
  }

  /** Drop the connection now and reconnect through the usual backoff (tests, "reconnect" command). */
  reconnect(reason = 'reconnect requested'): void {
    if (!this.closed) this.restart(clientError('network', reason));
  }

  /**
   * The signing key's standing changed (an agent was just approved): sign in again where the
   * last sign-in was refused, or retry once should the one in flight be refused. A socket
   * that is signed in, or not yet connected (its sign-in will use the key as it is now), is
   * left alone, so no stream is dropped for nothing.
   */
  signInAgain(reason: string): void {
    if (this.closed) return;
    if (this.authState === 'failed') this.reconnect(reason);
    else if (this.authState === 'pending') this.retryRefusedSignIn = reason;
  }

  // ---- connection lifecycle ----

  private connect(): void {
    this.timers.reconnect = undefined;
    this.setConn('connecting');
    if (!wsModule) {
      // ws loads on the first connection: a one-off command that never streams never pays for it.
      void loadWs().then(
        () => {
          if (!this.closed && this.ws === undefined && this.timers.reconnect === undefined) this.connect();
        },
        (err: unknown) => this.restart(clientError('network', `websocket: ${excerpt(String((err as Error).message), 100)}`)),
      );
      return;
    }
    let ws: WebSocket;
    try {
      ws = new wsModule(this.o.url, { maxPayload: this.o.maxPayloadBytes, handshakeTimeout: this.o.handshakeTimeoutMs });
    } catch (err) {
      return this.restart(clientError('network', `websocket: ${excerpt(String((err as Error).message), 100)}`));
    }
    this.ws = ws;
    ws.on('open', () => ws === this.ws && this.onOpen());
    ws.on('message', (data, isBinary) => ws === this.ws && this.onFrame(data, isBinary));
    ws.on('error', (err) => ws === this.ws && this.restart(clientError('network', `websocket: ${excerpt(err.message, 100)}`)));
    ws.on('close', (code, reason) => ws === this.ws && this.restart(clientError('network', `websocket closed (${code}${reason.length ? ` ${excerpt(reason.toString(), 60)}` : ''})`)));
  }

  private onOpen(): void {
    this.repeats.clear();
    this.authState = 'none';
    this.authError = undefined;
    this.schedulePing();
    const wantsPrivate = [...this.entries.values()].some((e) => PRIVATE_CHANNELS.has(e.sub.type));
    if (wantsPrivate) this.authenticate();
    this.setConn(this.authIs('pending') ? 'authenticating' : 'open');
    for (const e of this.entries.values()) this.sendSubscribe(e);
  }

  private authenticate(): void {
    const payload = this.o.auth?.();
    if (!payload) {
      this.authState = 'failed';
      this.authError = 'private channels need a signing key; none is loaded';
      return;
    }
    this.authState = 'pending';
    this.send({ method: 'auth', auth: payload });
    this.timers.auth = setTimeout(() => this.restart(clientError('timeout', `websocket: no auth answer within ${this.o.ackTimeoutMs} ms`)), this.o.ackTimeoutMs);
  }

  private restart(err: ClientError): void {
    if (this.closed) return;
    this.recordError(err);
    this.teardown();
    this.reconnects++;
    for (const e of this.entries.values()) e.state = 'connecting';
    this.setConn('reconnecting');
    this.timers.reconnect = setTimeout(() => this.connect(), this.backoff.next());
  }

  private teardown(): void {
    for (const t of Object.values(this.timers)) if (t) clearTimeout(t);
    this.timers = {};
    for (const e of this.entries.values()) this.clearEntryTimers(e);
    const ws = this.ws;
    this.ws = undefined;
    if (ws) {
      ws.removeAllListeners();
      ws.on('error', () => {}); // a late socket error must not become an unhandled 'error' event
      ws.terminate();
    }
    this.authState = 'none';
    this.retryRefusedSignIn = undefined;
  }

  private schedulePing(): void {
    this.timers.ping = setTimeout(() => {
      this.send({ method: 'ping' });
      this.timers.pong ??= setTimeout(
        () => this.restart(clientError('timeout', `websocket: no message within ${this.o.pongTimeoutMs} ms of a ping`)),
        this.o.pongTimeoutMs,
      );
      this.schedulePing();
    }, this.o.pingIntervalMs);
  }

  // ---- subscriptions ----

  private sendSubscribe(e: Entry): void {
    this.clearEntryTimers(e);
    e.epoch++;
    e.snapshotSeen = false;
    e.resynced = false;
    if (PRIVATE_CHANNELS.has(e.sub.type)) {
      if (this.authState === 'failed') return this.setSub(e, 'down', this.authError);
      if (this.authState === 'none') {
        this.authenticate();
        if (this.authIs('failed')) return this.setSub(e, 'down', this.authError);
      }
      if (this.authState === 'pending') return this.setSub(e, 'subscribing'); // sent once auth is acknowledged
    }
    this.setSub(e, 'subscribing');
    this.send({ method: 'subscribe', subscription: e.sub });
    e.ackTimer = setTimeout(() => this.restart(clientError('timeout', `websocket: ${e.key} not acknowledged within ${this.o.ackTimeoutMs} ms`)), this.o.ackTimeoutMs);
  }

  private onAck(e: Entry): void {
    if (e.state !== 'subscribing') return;
    clearTimeout(e.ackTimer);
    e.ackTimer = undefined;
    this.setSub(e, 'resyncing');
    this.armSilence(e); // a stream that never delivers its first data is as stuck as one that stopped
    const epoch = e.epoch;
    const resync = this.o.resync;
    if (!resync) {
      e.resynced = true;
      return this.maybeLive(e);
    }
    resync(e.sub).then(
      (delivered) => this.afterResync(e, epoch, delivered),
      (err: unknown) => {
        this.recordError(clientError('network', `resync ${e.key}: ${excerpt(String((err as Error)?.message ?? err), 80)}`));
        this.afterResync(e, epoch, false);
      },
    );
  }

  private afterResync(e: Entry, epoch: number, delivered: boolean): void {
    if (this.entries.get(e.key) !== e || e.epoch !== epoch || e.state !== 'resyncing') return;
    e.resynced = true;
    if (delivered && e.sub.type === 'l2Book') e.snapshotSeen = true;
    this.maybeLive(e);
  }

  private maybeLive(e: Entry): void {
    if (e.state !== 'resyncing' || !e.resynced) return;
    if (needsSnapshot(e.sub) && !e.snapshotSeen) return;
    this.setSub(e, 'live');
    this.armSilence(e);
    if ([...this.entries.values()].every((x) => x.state === 'live' || x.state === 'down')) this.backoff.reset();
  }

  private armSilence(e: Entry): void {
    const ms = this.o.silenceMs(e.sub);
    if (ms === undefined) return;
    clearTimeout(e.silenceTimer);
    e.silenceTimer = setTimeout(() => {
      this.setSub(e, 'stale');
      this.restart(clientError('timeout', `websocket: ${e.key} delivered nothing for ${ms} ms; restarting the stream`));
    }, ms);
  }

  private clearEntryTimers(e: Entry): void {
    clearTimeout(e.ackTimer);
    clearTimeout(e.silenceTimer);
    e.ackTimer = undefined;
    e.silenceTimer = undefined;
  }

  // ---- inbound frames ----

  private onFrame(data: WebSocket.RawData, isBinary: boolean): void {
    clearTimeout(this.timers.pong);
    this.timers.pong = undefined;
    if (isBinary) return this.recordError(clientError('validation', 'websocket: binary frame ignored'));
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    for (const fn of this.textListeners) fn(text);
    const repeat = this.o.repeats ? this.repeats.match(text) : undefined;
    if (repeat) return this.onData(repeat);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.recordError(clientError('validation', `websocket: frame is not JSON: ${excerpt(text, 60)}`));
    }
    const parsed = v.safeParse(ServerMessage, json);
    if (!parsed.success) {
      const channel = typeof (json as { channel?: unknown })?.channel === 'string' ? (json as { channel: string }).channel : '?';
      return this.recordError(clientError('validation', `websocket ${excerpt(channel, 30)}: ${describeIssues(parsed.issues)}`));
    }
    const msg = parsed.output;
    if (isDataMessage(msg)) {
      this.repeats.keep(text, msg);
      return this.onData(msg);
    }
    switch (msg.channel) {
      case 'subscriptionResponse': {
        const e = this.entries.get(subscriptionKey(msg.data.subscription));
        if (e && msg.data.method === 'subscribe') this.onAck(e);
        return;
      }
      case 'auth':
        return this.onAuth(msg.data.ok, msg.data.message);
      case 'error': {
        const sub = v.safeParse(v.object({ type: v.string() }), msg.data.subscription);
        const e = sub.success ? this.entries.get(subscriptionKey(msg.data.subscription as Subscription)) : undefined;
        this.recordError(clientError('business', `websocket: ${msg.data.message}`));
        if (e) this.setSub(e, 'down', msg.data.message);
        return;
      }
      default:
        return; // pong: liveness already noted
    }
  }

  private onAuth(okay: boolean, message: string | undefined): void {
    if (this.authState !== 'pending') return;
    clearTimeout(this.timers.auth);
    this.timers.auth = undefined;
    this.authState = okay ? 'ok' : 'failed';
    const retry = this.retryRefusedSignIn;
    this.retryRefusedSignIn = undefined;
    if (!okay) {
      this.authError = `websocket auth refused: ${message ?? 'no reason given'}`;
      this.recordError(clientError('signature', this.authError));
      if (retry !== undefined) return this.reconnect(retry);
    }
    this.setConn('open');
    for (const e of this.entries.values()) if (PRIVATE_CHANNELS.has(e.sub.type) && e.state === 'subscribing') this.sendSubscribe(e);
  }

  private onData(msg: DataMessage): void {
    const key = keyOfMessage(msg);
    const e = key === undefined ? undefined : this.entries.get(key);
    if (key !== undefined && !e) return; // late data for a subscription we dropped
    if (e) {
      if (isSnapshotMessage(msg)) e.snapshotSeen = true;
      if (e.state === 'live' || e.state === 'resyncing') this.armSilence(e);
      this.maybeLive(e);
    }
    for (const fn of this.msgListeners) fn(msg);
  }

  // ---- plumbing ----

  // A method, so TypeScript does not keep a narrowing of authState across calls that change it.
  private authIs(s: WsClient['authState']): boolean {
    return this.authState === s;
  }

  private isOpen(): boolean {
    return this.ws?.readyState === OPEN;
  }

  private send(msg: object): void {
    if (this.isOpen()) this.ws!.send(JSON.stringify(msg));
  }

  private setSub(e: Entry, state: SubState, why?: string): void {
    if (why) this.recordError(clientError('network', `${e.key}: ${why}`));
    if (e.state === state) return;
    e.state = state;
    this.emitState();
  }

  private setConn(state: ConnState): void {
    this.conn = state;
    this.emitState();
  }

  private recordError(e: ClientError): void {
    this.lastError = e;
    for (const fn of this.errorListeners) fn(e);
  }

  private emitState(): void {
    if (this.stateListeners.size === 0) return;
    const snap = this.snapshot();
    for (const fn of this.stateListeners) fn(snap);
  }
}
