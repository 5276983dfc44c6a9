import {
  AGENT_LIFETIME_MS,
  AGENT_NAME,
  ExchangeClient,
  HttpTransport,
  InfoClient,
  KeySourceError,
  NonceFileStore,
  OnboardingError,
  PrivateKey,
  SignerSet,
  clientError,
  demoKey,
  errCode,
  excerpt,
  formatMode,
  loadKeyFile,
  loadKeyFromEnv,
  loadKeystoreFile,
  runOnboarding,
  saveKeystoreFile
} from "./chunk-UTCD3AFF.js";
import {
  CANDLE_INTERVAL_MS,
  DecimalError,
  GROUP_LIQUIDATION_FRACTION_DEN,
  MARKET_SLIPPAGE_PCT,
  MAX_ORDERS_PER_REQUEST,
  NonceManager,
  PRIVATE_CHANNELS,
  ServerMessage,
  absBig,
  agentMaySend,
  build,
  canonicalJson,
  checksumAddress,
  crossBacking,
  describeIssues,
  divRound,
  formatDecimal,
  formatFixed,
  isActionType,
  liquidationPx,
  marginMathOf,
  markPrice,
  marketBound,
  minBig,
  oppositeSide,
  parseDecimal,
  parsePrice,
  parseSize,
  positionFigures,
  pow10,
  rescale,
  restingOrderMargin,
  subscriptionKey,
  tradeIntoPositions
} from "./chunk-VTVBDURB.js";

// src/client/backoff.ts
var Backoff = class {
  attempt = 0;
  baseMs;
  capMs;
  random;
  constructor(opts = {}) {
    this.baseMs = opts.baseMs ?? 250;
    this.capMs = opts.capMs ?? 1e4;
    this.random = opts.random ?? Math.random;
  }
  /** Upper bound of the next delay, before jitter. */
  ceiling() {
    return Math.min(this.capMs, this.baseMs * 2 ** Math.min(this.attempt, 52));
  }
  next() {
    const delay = Math.floor(this.random() * this.ceiling());
    this.attempt++;
    return delay;
  }
  get attempts() {
    return this.attempt;
  }
  reset() {
    this.attempt = 0;
  }
};

// src/client/clockOffset.ts
var DEFAULT_NONCE_WINDOW = { pastMs: 2 * 864e5, futureMs: 864e5 };
var ClockOffset = class {
  constructor(window = DEFAULT_NONCE_WINDOW, marginMs = 36e5, maxSamples = 32) {
    this.window = window;
    this.marginMs = marginMs;
    this.maxSamples = maxSamples;
  }
  window;
  marginMs;
  maxSamples;
  samples = [];
  lastRtt;
  sample(s) {
    if (!(s.receivedAt >= s.sentAt) || !(s.serverHigh >= s.serverLow)) return;
    this.lastRtt = s.receivedAt - s.sentAt;
    const b = { low: s.serverLow - s.receivedAt, high: s.serverHigh - s.sentAt };
    this.samples.push(b);
    if (this.samples.length > this.maxSamples) this.samples.shift();
    if (!this.intersection()) this.samples.splice(0, this.samples.length - 1);
  }
  /** A Date header is whole seconds: the server's clock was in [date, date + 1000). */
  sampleDateHeader(sentAt, receivedAt, serverDate) {
    this.sample({ sentAt, receivedAt, serverLow: serverDate, serverHigh: serverDate + 999 });
  }
  get latencyMs() {
    return this.lastRtt;
  }
  status() {
    const b = this.intersection();
    if (!b) return { offsetMs: void 0, uncertaintyMs: void 0, warning: void 0 };
    const offsetMs = Math.round((b.low + b.high) / 2);
    const uncertaintyMs = Math.ceil((b.high - b.low) / 2);
    return { offsetMs, uncertaintyMs, warning: this.warningFor(b) };
  }
  intersection() {
    if (this.samples.length === 0) return void 0;
    let low = -Infinity;
    let high = Infinity;
    for (const s of this.samples) {
      low = Math.max(low, s.low);
      high = Math.min(high, s.high);
    }
    return low <= high ? { low, high } : void 0;
  }
  warningFor(b) {
    const ahead = -b.low;
    const behind = b.high;
    if (ahead > this.window.futureMs - this.marginMs) {
      const state = ahead > this.window.futureMs ? "is rejecting" : "will soon reject";
      return `local clock is ${humanMs(ahead)} ahead of the exchange; the exchange ${state} nonces more than ${humanMs(this.window.futureMs)} ahead (NONCE_INVALID). Fix the system clock.`;
    }
    if (behind > this.window.pastMs - this.marginMs) {
      const state = behind > this.window.pastMs ? "is rejecting" : "will soon reject";
      return `local clock is ${humanMs(behind)} behind the exchange; the exchange ${state} nonces more than ${humanMs(this.window.pastMs)} old (NONCE_INVALID). Fix the system clock.`;
    }
    return void 0;
  }
};
function humanMs(ms) {
  const abs = Math.abs(ms);
  const d = Math.floor(abs / 864e5);
  const h = Math.floor(abs % 864e5 / 36e5);
  const m = Math.floor(abs % 36e5 / 6e4);
  const s = Math.floor(abs % 6e4 / 1e3);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s}s`;
  return `${(abs / 1e3).toFixed(1)}s`;
}

// src/client/poller.ts
var Poller = class {
  constructor(o) {
    this.o = o;
    this.burstMs = o.burstMs ?? 5e3;
    this.now = o.now ?? (() => Date.now());
    for (const task of o.tasks) this.tasks.set(task.name, { task, timer: void 0, dueAt: 0, inFlight: false, runs: 0 });
  }
  o;
  tasks = /* @__PURE__ */ new Map();
  burstUntil = 0;
  running = false;
  burstMs;
  now;
  /** Starts every task at once (first poll immediately). */
  start() {
    if (this.running) return;
    this.running = true;
    for (const s of this.tasks.values()) this.schedule(s, 0);
  }
  stop() {
    this.running = false;
    for (const s of this.tasks.values()) {
      clearTimeout(s.timer);
      s.timer = void 0;
    }
  }
  /** Poll faster for `ms`; tasks due later than their burst cadence are pulled forward. */
  burst(ms = this.burstMs) {
    this.burstUntil = Math.max(this.burstUntil, this.now() + ms);
    if (!this.running) return;
    for (const s of this.tasks.values()) {
      const fast = s.task.burstIntervalMs;
      if (fast === void 0 || s.inFlight) continue;
      if (s.dueAt - this.now() > fast) this.schedule(s, fast);
    }
  }
  /** Poll one kind now unless it is already in flight. */
  runNow(name) {
    const s = this.tasks.get(name);
    if (s && this.running && !s.inFlight) this.schedule(s, 0);
  }
  inFlight(name) {
    return this.tasks.get(name)?.inFlight ?? false;
  }
  runs(name) {
    return this.tasks.get(name)?.runs ?? 0;
  }
  cadence(t) {
    return this.now() < this.burstUntil && t.burstIntervalMs !== void 0 ? Math.min(t.burstIntervalMs, t.intervalMs) : t.intervalMs;
  }
  schedule(s, delay) {
    clearTimeout(s.timer);
    s.dueAt = this.now() + delay;
    s.timer = setTimeout(() => void this.fire(s), delay);
  }
  async fire(s) {
    s.timer = void 0;
    if (!this.running || s.inFlight) return;
    s.inFlight = true;
    s.runs++;
    let r;
    try {
      r = await s.task.run();
    } catch (e) {
      r = { ok: false, error: { kind: "validation", message: `${s.task.name}: ${String(e?.message ?? e)}` } };
    }
    s.inFlight = false;
    if (r.ok) this.o.onSuccess?.(s.task.name, this.now());
    else this.o.onError?.(s.task.name, r.error);
    if (this.running) this.schedule(s, this.cadence(s.task));
  }
};

// src/client/wsClient.ts
import * as v from "valibot";
import WebSocket from "ws";

// src/client/wsSubscriptions.ts
var DATA_CHANNELS = /* @__PURE__ */ new Set(["l2Book", "bbo", "trades", "candle", "config", "openOrders", "orderUpdates", "userFills"]);
function isDataMessage(m) {
  return DATA_CHANNELS.has(m.channel);
}
function keyOfMessage(m) {
  switch (m.channel) {
    case "l2Book":
    case "bbo":
      return subscriptionKey({ type: m.channel, contractId: m.data.contractId });
    case "trades": {
      const first = m.data[0];
      return first && subscriptionKey({ type: "trades", contractId: first.contractId });
    }
    case "candle":
      return subscriptionKey({ type: "candle", contractId: m.data.contractId, interval: m.data.interval });
    default:
      return m.channel;
  }
}
function needsSnapshot(sub) {
  return sub.type === "openOrders" || sub.type === "l2Book";
}
function isSnapshotMessage(m) {
  if (m.channel === "openOrders") return m.data.isSnapshot;
  return m.channel === "l2Book";
}
function defaultSilenceMs(sub) {
  return sub.type === "l2Book" || sub.type === "bbo" ? 15e3 : void 0;
}

// src/client/wsClient.ts
var WsClient = class {
  ws;
  entries = /* @__PURE__ */ new Map();
  backoff;
  conn = "idle";
  authState = "none";
  authError;
  reconnects = 0;
  lastError;
  closed = false;
  timers = {};
  msgListeners = /* @__PURE__ */ new Set();
  stateListeners = /* @__PURE__ */ new Set();
  errorListeners = /* @__PURE__ */ new Set();
  o;
  constructor(opts) {
    const u = new URL(opts.url);
    if (u.protocol !== "ws:" && u.protocol !== "wss:") throw new Error(`websocket url must start with ws:// or wss://, got ${u.protocol}`);
    this.backoff = new Backoff(opts.backoff);
    this.o = {
      url: opts.url,
      auth: opts.auth,
      resync: opts.resync,
      pingIntervalMs: opts.pingIntervalMs ?? 15e3,
      pongTimeoutMs: opts.pongTimeoutMs ?? 1e4,
      ackTimeoutMs: opts.ackTimeoutMs ?? 5e3,
      handshakeTimeoutMs: opts.handshakeTimeoutMs ?? 5e3,
      silenceMs: opts.silenceMs ?? defaultSilenceMs,
      maxPayloadBytes: opts.maxPayloadBytes ?? 4 * 1024 * 1024
    };
  }
  // ---- public API ----
  start() {
    if (this.closed || this.ws || this.timers.reconnect) return;
    this.connect();
  }
  close() {
    this.closed = true;
    this.teardown();
    this.conn = "closed";
    this.emitState();
  }
  subscribe(sub) {
    const key = subscriptionKey(sub);
    if (this.entries.has(key)) return;
    const e = { sub, key, state: "connecting", epoch: 0, snapshotSeen: false, resynced: false };
    this.entries.set(key, e);
    if (this.isOpen()) this.sendSubscribe(e);
    this.emitState();
  }
  unsubscribe(sub) {
    const key = subscriptionKey(sub);
    const e = this.entries.get(key);
    if (!e) return;
    this.clearEntryTimers(e);
    this.entries.delete(key);
    if (this.isOpen()) this.send({ method: "unsubscribe", subscription: sub });
    this.emitState();
  }
  onMessage(fn) {
    this.msgListeners.add(fn);
    return () => this.msgListeners.delete(fn);
  }
  onState(fn) {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }
  onError(fn) {
    this.errorListeners.add(fn);
    return () => this.errorListeners.delete(fn);
  }
  snapshot() {
    const subscriptions = {};
    for (const [k, e] of this.entries) subscriptions[k] = e.state;
    return { connection: this.conn, subscriptions, reconnects: this.reconnects, authenticated: this.authState === "ok", lastError: this.lastError };
  }
  stateOf(sub) {
    return this.entries.get(subscriptionKey(sub))?.state;
  }
  /** Drop the connection now and reconnect through the usual backoff (tests, "reconnect" command). */
  reconnect(reason = "reconnect requested") {
    if (!this.closed) this.restart(clientError("network", reason));
  }
  // ---- connection lifecycle ----
  connect() {
    this.timers.reconnect = void 0;
    this.setConn("connecting");
    let ws;
    try {
      ws = new WebSocket(this.o.url, { maxPayload: this.o.maxPayloadBytes, handshakeTimeout: this.o.handshakeTimeoutMs });
    } catch (err2) {
      return this.restart(clientError("network", `websocket: ${excerpt(String(err2.message), 100)}`));
    }
    this.ws = ws;
    ws.on("open", () => ws === this.ws && this.onOpen());
    ws.on("message", (data, isBinary) => ws === this.ws && this.onFrame(data, isBinary));
    ws.on("error", (err2) => ws === this.ws && this.restart(clientError("network", `websocket: ${excerpt(err2.message, 100)}`)));
    ws.on("close", (code, reason) => ws === this.ws && this.restart(clientError("network", `websocket closed (${code}${reason.length ? ` ${excerpt(reason.toString(), 60)}` : ""})`)));
  }
  onOpen() {
    this.authState = "none";
    this.authError = void 0;
    this.schedulePing();
    const wantsPrivate = [...this.entries.values()].some((e) => PRIVATE_CHANNELS.has(e.sub.type));
    if (wantsPrivate) this.authenticate();
    this.setConn(this.authIs("pending") ? "authenticating" : "open");
    for (const e of this.entries.values()) this.sendSubscribe(e);
  }
  authenticate() {
    const payload = this.o.auth?.();
    if (!payload) {
      this.authState = "failed";
      this.authError = "private channels need a signing key; none is loaded";
      return;
    }
    this.authState = "pending";
    this.send({ method: "auth", auth: payload });
    this.timers.auth = setTimeout(() => this.restart(clientError("timeout", `websocket: no auth answer within ${this.o.ackTimeoutMs} ms`)), this.o.ackTimeoutMs);
  }
  restart(err2) {
    if (this.closed) return;
    this.recordError(err2);
    this.teardown();
    this.reconnects++;
    for (const e of this.entries.values()) e.state = "connecting";
    this.setConn("reconnecting");
    this.timers.reconnect = setTimeout(() => this.connect(), this.backoff.next());
  }
  teardown() {
    for (const t of Object.values(this.timers)) if (t) clearTimeout(t);
    this.timers = {};
    for (const e of this.entries.values()) this.clearEntryTimers(e);
    const ws = this.ws;
    this.ws = void 0;
    if (ws) {
      ws.removeAllListeners();
      ws.on("error", () => {
      });
      ws.terminate();
    }
    this.authState = "none";
  }
  schedulePing() {
    this.timers.ping = setTimeout(() => {
      this.send({ method: "ping" });
      this.timers.pong ??= setTimeout(
        () => this.restart(clientError("timeout", `websocket: no message within ${this.o.pongTimeoutMs} ms of a ping`)),
        this.o.pongTimeoutMs
      );
      this.schedulePing();
    }, this.o.pingIntervalMs);
  }
  // ---- subscriptions ----
  sendSubscribe(e) {
    this.clearEntryTimers(e);
    e.epoch++;
    e.snapshotSeen = false;
    e.resynced = false;
    if (PRIVATE_CHANNELS.has(e.sub.type)) {
      if (this.authState === "failed") return this.setSub(e, "down", this.authError);
      if (this.authState === "none") {
        this.authenticate();
        if (this.authIs("failed")) return this.setSub(e, "down", this.authError);
      }
      if (this.authState === "pending") return this.setSub(e, "subscribing");
    }
    this.setSub(e, "subscribing");
    this.send({ method: "subscribe", subscription: e.sub });
    e.ackTimer = setTimeout(() => this.restart(clientError("timeout", `websocket: ${e.key} not acknowledged within ${this.o.ackTimeoutMs} ms`)), this.o.ackTimeoutMs);
  }
  onAck(e) {
    if (e.state !== "subscribing") return;
    clearTimeout(e.ackTimer);
    e.ackTimer = void 0;
    this.setSub(e, "resyncing");
    this.armSilence(e);
    const epoch = e.epoch;
    const resync = this.o.resync;
    if (!resync) {
      e.resynced = true;
      return this.maybeLive(e);
    }
    resync(e.sub).then(
      (delivered) => this.afterResync(e, epoch, delivered),
      (err2) => {
        this.recordError(clientError("network", `resync ${e.key}: ${excerpt(String(err2?.message ?? err2), 80)}`));
        this.afterResync(e, epoch, false);
      }
    );
  }
  afterResync(e, epoch, delivered) {
    if (this.entries.get(e.key) !== e || e.epoch !== epoch || e.state !== "resyncing") return;
    e.resynced = true;
    if (delivered && e.sub.type === "l2Book") e.snapshotSeen = true;
    this.maybeLive(e);
  }
  maybeLive(e) {
    if (e.state !== "resyncing" || !e.resynced) return;
    if (needsSnapshot(e.sub) && !e.snapshotSeen) return;
    this.setSub(e, "live");
    this.armSilence(e);
    if ([...this.entries.values()].every((x) => x.state === "live" || x.state === "down")) this.backoff.reset();
  }
  armSilence(e) {
    const ms = this.o.silenceMs(e.sub);
    if (ms === void 0) return;
    clearTimeout(e.silenceTimer);
    e.silenceTimer = setTimeout(() => {
      this.setSub(e, "stale");
      this.restart(clientError("timeout", `websocket: ${e.key} delivered nothing for ${ms} ms; restarting the stream`));
    }, ms);
  }
  clearEntryTimers(e) {
    clearTimeout(e.ackTimer);
    clearTimeout(e.silenceTimer);
    e.ackTimer = void 0;
    e.silenceTimer = void 0;
  }
  // ---- inbound frames ----
  onFrame(data, isBinary) {
    clearTimeout(this.timers.pong);
    this.timers.pong = void 0;
    if (isBinary) return this.recordError(clientError("validation", "websocket: binary frame ignored"));
    const text = Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data).toString("utf8");
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      return this.recordError(clientError("validation", `websocket: frame is not JSON: ${excerpt(text, 60)}`));
    }
    const parsed = v.safeParse(ServerMessage, json);
    if (!parsed.success) {
      const channel = typeof json?.channel === "string" ? json.channel : "?";
      return this.recordError(clientError("validation", `websocket ${excerpt(channel, 30)}: ${describeIssues(parsed.issues)}`));
    }
    const msg = parsed.output;
    if (isDataMessage(msg)) return this.onData(msg);
    switch (msg.channel) {
      case "subscriptionResponse": {
        const e = this.entries.get(subscriptionKey(msg.data.subscription));
        if (e && msg.data.method === "subscribe") this.onAck(e);
        return;
      }
      case "auth":
        return this.onAuth(msg.data.ok, msg.data.message);
      case "error": {
        const sub = v.safeParse(v.object({ type: v.string() }), msg.data.subscription);
        const e = sub.success ? this.entries.get(subscriptionKey(msg.data.subscription)) : void 0;
        this.recordError(clientError("business", `websocket: ${msg.data.message}`));
        if (e) this.setSub(e, "down", msg.data.message);
        return;
      }
      default:
        return;
    }
  }
  onAuth(okay, message) {
    if (this.authState !== "pending") return;
    clearTimeout(this.timers.auth);
    this.timers.auth = void 0;
    this.authState = okay ? "ok" : "failed";
    if (!okay) {
      this.authError = `websocket auth refused: ${message ?? "no reason given"}`;
      this.recordError(clientError("signature", this.authError));
    }
    this.setConn("open");
    for (const e of this.entries.values()) if (PRIVATE_CHANNELS.has(e.sub.type) && e.state === "subscribing") this.sendSubscribe(e);
  }
  onData(msg) {
    const key = keyOfMessage(msg);
    const e = key === void 0 ? void 0 : this.entries.get(key);
    if (key !== void 0 && !e) return;
    if (e) {
      if (isSnapshotMessage(msg)) e.snapshotSeen = true;
      if (e.state === "live" || e.state === "resyncing") this.armSilence(e);
      this.maybeLive(e);
    }
    for (const fn of this.msgListeners) fn(msg);
  }
  // ---- plumbing ----
  // A method, so TypeScript does not keep a narrowing of authState across calls that change it.
  authIs(s) {
    return this.authState === s;
  }
  isOpen() {
    return this.ws?.readyState === WebSocket.OPEN;
  }
  send(msg) {
    if (this.isOpen()) this.ws.send(JSON.stringify(msg));
  }
  setSub(e, state, why) {
    if (why) this.recordError(clientError("network", `${e.key}: ${why}`));
    if (e.state === state) return;
    e.state = state;
    this.emitState();
  }
  setConn(state) {
    this.conn = state;
    this.emitState();
  }
  recordError(e) {
    this.lastError = e;
    for (const fn of this.errorListeners) fn(e);
  }
  emitState() {
    if (this.stateListeners.size === 0) return;
    const snap = this.snapshot();
    for (const fn of this.stateListeners) fn(snap);
  }
};

// src/client/wsUrl.ts
function defaultWsUrl(base) {
  const u = new URL(base);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  u.pathname = `${u.pathname.replace(/\/+$/, "")}/ws`;
  return u.toString();
}

// src/feed/batch.ts
function emptyBatch() {
  return {
    books: /* @__PURE__ */ new Map(),
    bbos: /* @__PURE__ */ new Map(),
    trades: /* @__PURE__ */ new Map(),
    candles: /* @__PURE__ */ new Map(),
    marketStates: /* @__PURE__ */ new Map(),
    configs: void 0,
    configEvents: [],
    account: void 0,
    agents: void 0,
    shareGroupDefs: void 0,
    openOrders: void 0,
    orderHistory: [],
    fills: [],
    session: void 0,
    polls: /* @__PURE__ */ new Map(),
    errors: [],
    journal: []
  };
}
function candleKey(contractId, interval) {
  return `${contractId}:${interval}`;
}

// src/feed/boundedSet.ts
var BoundedSet = class {
  constructor(capacity) {
    this.capacity = capacity;
    if (!(capacity > 0)) throw new RangeError("capacity must be positive");
  }
  capacity;
  items = /* @__PURE__ */ new Set();
  /** Adds the value; false when it was already present. */
  add(value) {
    if (this.items.has(value)) return false;
    this.items.add(value);
    if (this.items.size > this.capacity) {
      const oldest = this.items.values().next().value;
      this.items.delete(oldest);
    }
    return true;
  }
  has(value) {
    return this.items.has(value);
  }
  get size() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
};

// src/feed/caps.ts
var DEFAULT_CAPS = {
  trades: 500,
  fills: 1e3,
  orderHistory: 1e3,
  journal: 1e3,
  errors: 200,
  candles: 500,
  configEvents: 100,
  seenTradeIds: 2e3,
  seenFillIds: 2e4
};

// src/feed/ring.ts
function appendCapped(current, added, cap) {
  if (added.length === 0) return current;
  if (added.length >= cap) return added.slice(added.length - cap);
  const keep = Math.max(0, current.length + added.length - cap);
  return keep === 0 ? current.concat(added) : current.slice(keep).concat(added);
}
function pushCapped(buffer, items, cap) {
  for (const x of items) buffer.push(x);
  if (buffer.length > cap) buffer.splice(0, buffer.length - cap);
}

// src/feed/coalescer.ts
var Coalescer = class {
  constructor(o) {
    this.o = o;
    this.intervalMs = o.intervalMs ?? 100;
    this.caps = { ...DEFAULT_CAPS, ...o.caps };
    this.seenTrades = new BoundedSet(this.caps.seenTradeIds);
    this.seenFills = new BoundedSet(this.caps.seenFillIds);
  }
  o;
  intervalMs;
  caps;
  batch = emptyBatch();
  dirty = false;
  timer;
  stopped = false;
  seenTrades;
  seenFills;
  flushes = 0;
  /** Routes one validated WebSocket message. */
  push(m) {
    switch (m.channel) {
      case "l2Book":
        return this.book(m.data);
      case "bbo":
        return this.bbo(m.data);
      case "trades":
        return this.trades(m.data);
      case "candle":
        return this.candles(m.data.contractId, m.data.interval, [m.data]);
      case "config":
        return this.configEvent(m.data);
      case "openOrders":
        return this.openOrders(m.data);
      case "orderUpdates":
        return this.orderUpdates(m.data);
      case "userFills":
        return this.fills(m.data.fills);
    }
  }
  book(b) {
    const cur = this.batch.books.get(b.contractId);
    if (!cur || b.time >= cur.time) this.batch.books.set(b.contractId, b);
    this.touch();
  }
  bbo(b) {
    const cur = this.batch.bbos.get(b.contractId);
    if (!cur || b.time >= cur.time) this.batch.bbos.set(b.contractId, b);
    this.touch();
  }
  trades(list) {
    for (const t of list) {
      if (!this.seenTrades.add(`${t.contractId}:${t.tid}`)) continue;
      let buf = this.batch.trades.get(t.contractId);
      if (!buf) this.batch.trades.set(t.contractId, buf = []);
      pushCapped(buf, [t], this.caps.trades);
    }
    this.touch();
  }
  candles(contractId, interval, bars) {
    const key = candleKey(contractId, interval);
    let m = this.batch.candles.get(key);
    if (!m) this.batch.candles.set(key, m = /* @__PURE__ */ new Map());
    for (const bar of bars) m.set(bar.t, bar);
    if (m.size > this.caps.candles) {
      const drop = [...m.keys()].sort((a, b) => a - b).slice(0, m.size - this.caps.candles);
      for (const t of drop) m.delete(t);
    }
    this.touch();
  }
  openOrders(msg) {
    let d = this.batch.openOrders;
    if (!d || msg.isSnapshot) d = this.batch.openOrders = { snapshot: msg.isSnapshot ? /* @__PURE__ */ new Map() : void 0, upserts: /* @__PURE__ */ new Map(), removed: /* @__PURE__ */ new Set() };
    const apply = (o) => {
      if (d.snapshot) d.snapshot.set(o.oid, o);
      else {
        d.upserts.set(o.oid, o);
        d.removed.delete(o.oid);
      }
    };
    for (const o of msg.orders) apply(o);
    for (const oid of msg.removed ?? []) {
      if (d.snapshot) d.snapshot.delete(oid);
      else {
        d.upserts.delete(oid);
        d.removed.add(oid);
      }
    }
    this.touch();
  }
  orderUpdates(list) {
    pushCapped(this.batch.orderHistory, list, this.caps.orderHistory);
    this.touch();
  }
  /**
   * A fill is one side of one trade: (tid, oid) identifies it even when both sides of a
   * self-trade belong to this account.
   */
  fills(list) {
    const fresh = list.filter((f) => this.seenFills.add(`${f.tid}:${f.oid}`));
    pushCapped(this.batch.fills, fresh, this.caps.fills);
    this.touch();
  }
  marketState(m) {
    this.batch.marketStates.set(m.contractId, m);
    this.touch();
  }
  configs(c) {
    this.batch.configs = c;
    this.touch();
  }
  configEvent(e) {
    pushCapped(this.batch.configEvents, [e], this.caps.configEvents);
    this.touch();
  }
  account(a) {
    this.batch.account = a;
    this.touch();
  }
  agents(list) {
    this.batch.agents = list;
    this.touch();
  }
  shareGroupDefs(list) {
    this.batch.shareGroupDefs = list;
    this.touch();
  }
  session(patch) {
    this.batch.session = { ...this.batch.session, ...patch };
    this.touch();
  }
  poll(name, status) {
    this.batch.polls.set(name, status);
    this.touch();
  }
  error(e) {
    pushCapped(this.batch.errors, [e], this.caps.errors);
    this.touch();
  }
  journal(e) {
    pushCapped(this.batch.journal, [e], this.caps.journal);
    this.touch();
  }
  /** Hands the pending batch to the sink now (also what the timer calls). */
  flush() {
    clearTimeout(this.timer);
    this.timer = void 0;
    if (!this.dirty) return;
    const batch = this.batch;
    this.batch = emptyBatch();
    this.dirty = false;
    this.flushes++;
    this.o.sink(batch);
  }
  /** Stops the timer; pending items are flushed once so nothing received is lost. */
  stop() {
    this.flush();
    this.stopped = true;
  }
  /** Forget trade and fill ids (switching account); the next snapshot then counts as new. */
  resetDedupe() {
    this.seenTrades.clear();
    this.seenFills.clear();
  }
  touch() {
    this.dirty = true;
    if (this.stopped) return;
    if (this.intervalMs === 0) this.flush();
    else if (this.timer === void 0) this.timer = setTimeout(() => this.flush(), this.intervalMs);
  }
};

// src/state/actions.ts
function selectContract(store, name) {
  const { market } = store.getState();
  if (!market.contracts[name] || market.selected === name) return market.selected === name;
  store.setState({ market: { ...market, selected: name } });
  return true;
}

// src/state/store.ts
import { createStore } from "zustand/vanilla";

// src/state/staleness.ts
var FEED_CHANNELS = {
  book: ["l2Book:", "bbo:"],
  trades: ["trades:"],
  candles: ["candle:"],
  orders: ["openOrders"],
  fills: ["userFills"]
};
function stalenessOf(channels, polls) {
  const out = {};
  const keys = Object.keys(channels);
  for (const [feed, prefixes] of Object.entries(FEED_CHANNELS)) {
    const mine = keys.filter((k) => prefixes.some((p) => k === p || k.startsWith(p)));
    out[feed] = mine.length === 0 || mine.some((k) => channels[k] !== "live");
  }
  const acct = polls["userAccount"];
  out.account = !acct || acct.lastOk === null || acct.lastError !== null;
  return out;
}

// src/state/applyBatch.ts
function applyBatch(s, b, caps, now) {
  const patch = {};
  const market = applyMarket(s.market, b, caps);
  if (market !== s.market) patch.market = market;
  const account = applyAccount(s.account, b, now);
  if (account !== s.account) patch.account = account;
  const orders = applyOrders(s.orders, b, caps);
  if (orders !== s.orders) patch.orders = orders;
  const session = applySession(s.session, b, caps);
  if (session !== s.session) patch.session = session;
  if (b.journal.length > 0) patch.journal = { entries: appendCapped(s.journal.entries, b.journal, caps.journal) };
  return patch;
}
function applyMarket(m, b, caps) {
  const next = {};
  if (b.configs) {
    next.configs = b.configs;
    const contracts = {};
    for (const c of b.configs.contracts) if (c.status === "Active") contracts[c.name] = c;
    next.contracts = contracts;
  }
  const books = mergeNewer(m.books, b.books, sameBook);
  if (books !== m.books) next.books = books;
  const bbos = mergeNewer(m.bbos, b.bbos, sameBbo);
  if (bbos !== m.bbos) next.bbos = bbos;
  const feedTimes = latestTimes(m.feedTimes, [b.books, b.bbos]);
  if (feedTimes !== m.feedTimes) next.feedTimes = feedTimes;
  if (b.trades.size > 0) {
    const trades = { ...m.trades };
    for (const [cid, list] of b.trades) trades[cid] = appendCapped(trades[cid] ?? [], list, caps.trades);
    next.trades = trades;
  }
  if (b.candles.size > 0) {
    const candles = { ...m.candles };
    for (const [key, bars] of b.candles) candles[key] = mergeBars(candles[key] ?? [], bars, caps.candles);
    next.candles = candles;
  }
  if (b.marketStates.size > 0) {
    let changed = false;
    const states = { ...m.marketStates };
    for (const [cid, st] of b.marketStates) {
      if (sameJson(states[cid], st)) continue;
      states[cid] = st;
      changed = true;
    }
    if (changed) next.marketStates = states;
  }
  if (b.configEvents.length > 0) next.configEvents = appendCapped(m.configEvents, b.configEvents, caps.configEvents);
  return Object.keys(next).length ? { ...m, ...next } : m;
}
function mergeNewer(cur, incoming, same) {
  let out;
  for (const [id, v2] of incoming) {
    const old = cur[id];
    if (old && (v2.time < old.time || same(old, v2))) continue;
    out ??= { ...cur };
    out[id] = v2;
  }
  return out ?? cur;
}
function latestTimes(cur, sources) {
  let out;
  for (const source of sources) {
    for (const [id, v2] of source) {
      if ((out ?? cur)[id] !== void 0 && v2.time <= (out ?? cur)[id]) continue;
      out ??= { ...cur };
      out[id] = v2.time;
    }
  }
  return out ?? cur;
}
function sameLevel(a, b) {
  return a === b || a !== null && b !== null && a.px === b.px && a.sz === b.sz && a.n === b.n;
}
function sameLevels(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameLevel(a[i], b[i])) return false;
  return true;
}
function sameBook(a, b) {
  return sameLevels(a.levels[0], b.levels[0]) && sameLevels(a.levels[1], b.levels[1]);
}
function sameBbo(a, b) {
  return sameLevel(a.bid, b.bid) && sameLevel(a.ask, b.ask);
}
function mergeBars(cur, bars, cap) {
  const byT = /* @__PURE__ */ new Map();
  for (const c of cur) byT.set(c.t, c);
  for (const [t, c] of bars) byT.set(t, c);
  const sorted = [...byT.values()].sort((a, b) => a.t - b.t);
  return sorted.length > cap ? sorted.slice(sorted.length - cap) : sorted;
}
function applyAccount(a, b, now) {
  const next = {};
  if (b.account) {
    next.updatedAt = now;
    if (!sameJson(a.raw, b.account)) {
      const acct = b.account;
      next.raw = acct;
      next.accountId = acct.accountId;
      next.chainBalances = acct.chainBalances;
      next.pools = acct.marketDeployers;
      next.positions = acct.marketDeployers.flatMap((md) => md.positions);
      next.shareGroups = acct.shareGroups;
    }
  }
  if (b.agents && !sameJson(a.agents, b.agents)) next.agents = b.agents;
  if (b.shareGroupDefs && !sameJson(a.shareGroupDefs, b.shareGroupDefs)) next.shareGroupDefs = b.shareGroupDefs;
  return Object.keys(next).length ? { ...a, ...next } : a;
}
function applyOrders(o, b, caps) {
  const next = {};
  const d = b.openOrders;
  if (d) {
    let open;
    if (d.snapshot) open = Object.fromEntries(d.snapshot);
    else {
      open = { ...o.open };
      for (const oid of d.removed) delete open[oid];
      for (const [oid, order] of d.upserts) open[oid] = order;
    }
    next.open = open;
  }
  if (b.orderHistory.length > 0) next.history = appendCapped(o.history, b.orderHistory, caps.orderHistory);
  if (b.fills.length > 0) next.fills = appendCapped(o.fills, b.fills, caps.fills);
  return Object.keys(next).length ? { ...o, ...next } : o;
}
function applySession(s, b, caps) {
  const next = {};
  if (b.session) {
    for (const [k, v2] of Object.entries(b.session)) {
      if (v2 !== void 0 && !sameJson(s[k], v2)) next[k] = v2;
    }
  }
  if (b.polls.size > 0) {
    const polls = { ...s.polls };
    for (const [name, st] of b.polls) polls[name] = st;
    next.polls = polls;
  }
  if (b.errors.length > 0) next.errors = appendCapped(s.errors, b.errors, caps.errors);
  if (next.channels || next.polls) {
    const staleness = stalenessOf(next.channels ?? s.channels, next.polls ?? s.polls);
    if (!sameJson(staleness, s.staleness)) next.staleness = staleness;
  }
  return Object.keys(next).length ? { ...s, ...next } : s;
}
function sameJson(a, b) {
  if (a === b) return true;
  if (a === void 0 || b === void 0 || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

// src/state/store.ts
var FEEDS = ["book", "trades", "candles", "orders", "fills", "account"];
function initialState() {
  const staleness = Object.fromEntries(FEEDS.map((f) => [f, true]));
  return {
    market: { configs: null, contracts: {}, selected: null, books: {}, bbos: {}, feedTimes: {}, trades: {}, candles: {}, marketStates: {}, configEvents: [] },
    account: {
      raw: null,
      accountId: null,
      chainBalances: [],
      pools: [],
      positions: [],
      shareGroups: [],
      shareGroupDefs: [],
      agents: [],
      updatedAt: null
    },
    orders: { open: {}, history: [], fills: [] },
    session: {
      connection: "idle",
      reconnects: 0,
      channels: {},
      latencyMs: null,
      clockOffsetMs: null,
      clockWarning: null,
      staleness,
      polls: {},
      errors: []
    },
    journal: { entries: [] }
  };
}
function createAppStore(init) {
  return createStore()(() => ({ ...initialState(), ...init }));
}
function storeSink(store, caps = DEFAULT_CAPS) {
  return (batch) => {
    const patch = applyBatch(store.getState(), batch, caps, Date.now());
    if (Object.keys(patch).length > 0) store.setState(patch);
  };
}

// src/session/candleWatch.ts
var CandleWatch = class {
  constructor(ws) {
    this.ws = ws;
  }
  ws;
  counts = /* @__PURE__ */ new Map();
  watch(contractId, interval) {
    const sub = { type: "candle", contractId, interval };
    const key = `${contractId}:${interval}`;
    const n = this.counts.get(key) ?? 0;
    this.counts.set(key, n + 1);
    if (n === 0) this.ws.subscribe(sub);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) {
        this.counts.set(key, left);
        return;
      }
      this.counts.delete(key);
      this.ws.unsubscribe(sub);
    };
  }
  /** How many watch a stream (tests). */
  watchers(contractId, interval) {
    return this.counts.get(`${contractId}:${interval}`) ?? 0;
  }
};

// src/session/journalFile.ts
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
var CHECK_MODES = process.platform !== "win32";
var ENTRY_FIELDS = {
  seq: true,
  time: true,
  action: true,
  signerRole: true,
  signer: true,
  nonce: true,
  requestId: true,
  outcome: true,
  detail: true,
  errorKind: true,
  cloids: true
};
var FIELDS = /* @__PURE__ */ new Set([...Object.keys(ENTRY_FIELDS), "face"]);
var OUTCOMES = { ok: true, partial: true, rejected: true, error: true, unknown: true, reconciled: true };
var JournalFile = class {
  constructor(stateDir, opts = {}) {
    this.stateDir = stateDir;
    this.path = join(stateDir, opts.fileName ?? "journal.jsonl");
    this.rotatedPath = `${this.path}.1`;
    this.maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
    mkdirSync(stateDir, { recursive: true, mode: 448 });
    refuseIfOpen(statSync(stateDir).mode, `state directory '${stateDir}'`, `chmod 700 '${stateDir}'`);
    try {
      refuseIfOpen(statSync(this.path).mode, `journal file '${this.path}'`, `chmod 600 '${this.path}'`);
    } catch (e) {
      if (errCode(e) !== "ENOENT") throw e;
    }
  }
  stateDir;
  path;
  rotatedPath;
  maxBytes;
  append(entry, face) {
    const record = face === void 0 ? entry : { ...entry, face };
    const line = Buffer.from(`${JSON.stringify(pick(record))}
`);
    const fd = openSync(this.path, "a", 384);
    let written;
    try {
      const st = fstatSync(fd);
      refuseIfOpen(st.mode, `journal file '${this.path}'`, `chmod 600 '${this.path}'`);
      let off = 0;
      while (off < line.length) off += writeSync(fd, line, off);
      written = { ino: st.ino, size: st.size + line.length };
    } finally {
      closeSync(fd);
    }
    if (written.size >= this.maxBytes) this.rotate(written.ino);
  }
  load(limit) {
    if (limit <= 0) return { entries: [], malformed: 0 };
    const current = parse(readIfPresent(this.path));
    if (current.entries.length >= limit) return { entries: current.entries.slice(-limit), malformed: current.malformed };
    const older = parse(readIfPresent(this.rotatedPath));
    return { entries: [...older.entries, ...current.entries].slice(-limit), malformed: older.malformed + current.malformed };
  }
  /**
   * Only the file this process just filled is moved: if the other process rotated it first,
   * the name now holds a new file, which stays. The check and the rename are two steps, so
   * two processes rotating in the same microseconds can still drop the older generation;
   * no line of the current file is ever lost.
   */
  rotate(ino) {
    try {
      if (statSync(this.path).ino !== ino) return;
      renameSync(this.path, this.rotatedPath);
    } catch (e) {
      if (errCode(e) !== "ENOENT") throw e;
    }
  }
};
function refuseIfOpen(mode, what, fix) {
  if (!CHECK_MODES || (mode & 63) === 0) return;
  throw new Error(
    `${what} has permissions ${formatMode(mode)}, open to other users; perpdesk keeps its state private. Fix with: ${fix}`
  );
}
function pick(record) {
  return Object.fromEntries(Object.entries(record).filter(([k, v2]) => FIELDS.has(k) && v2 !== void 0));
}
function readIfPresent(file) {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    if (errCode(e) === "ENOENT") return "";
    throw e;
  }
}
function parse(text) {
  const entries = [];
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let value;
    try {
      value = JSON.parse(line);
    } catch {
      malformed++;
      continue;
    }
    if (isRecord(value)) entries.push(pick(value));
    else malformed++;
  }
  return { entries, malformed };
}
function isRecord(v2) {
  if (typeof v2 !== "object" || v2 === null || Array.isArray(v2)) return false;
  const r = v2;
  const optional = (k, ok2) => r[k] === void 0 || ok2(r[k]);
  const str = (x) => typeof x === "string";
  return Number.isSafeInteger(r.seq) && Number.isFinite(r.time) && isActionType(r.action) && typeof r.outcome === "string" && Object.prototype.hasOwnProperty.call(OUTCOMES, r.outcome) && str(r.detail) && optional("signerRole", (x) => x === "master" || x === "agent") && optional("signer", str) && optional("nonce", Number.isSafeInteger) && optional("requestId", str) && optional("errorKind", str) && optional("cloids", (x) => Array.isArray(x) && x.every(str)) && optional("face", str);
}

// src/session/pollCadence.ts
var DEFAULT_POLL = { accountMs: 2e3, agentsMs: 15e3, shareGroupsMs: 15e3, marketStateMs: 1e3, ordersMs: 2e3, burstIntervalMs: 250, burstMs: 5e3 };

// src/session/pollTasks.ts
var SKIP = { ok: true, value: void 0 };
function pollTasks(p) {
  const { info, coalescer, store, address, cadence } = p;
  const tasks = [
    {
      name: "userAccount",
      intervalMs: cadence.accountMs,
      burstIntervalMs: cadence.burstIntervalMs,
      run: async () => {
        const r = await info.userAccount(address);
        if (r.ok) coalescer.account(r.value);
        return r;
      }
    },
    {
      name: "userAgents",
      intervalMs: cadence.agentsMs,
      burstIntervalMs: cadence.burstIntervalMs,
      run: async () => {
        const id = store.getState().account.accountId;
        if (id === null) return SKIP;
        const r = await info.userAgents(id);
        if (r.ok) coalescer.agents(r.value);
        return r;
      }
    },
    {
      name: "shareGroupState",
      intervalMs: cadence.shareGroupsMs,
      run: async () => {
        const r = await info.shareGroupState();
        if (r.ok) coalescer.shareGroupDefs(r.value);
        return r;
      }
    },
    {
      name: "marketState",
      intervalMs: cadence.marketStateMs,
      burstIntervalMs: cadence.burstIntervalMs,
      run: async () => {
        const contract = p.contract();
        if (!contract) return SKIP;
        const r = await info.marketState(contract.contractId);
        if (r.ok) coalescer.marketState(r.value);
        return r;
      }
    }
  ];
  if (p.openOrders) {
    tasks.push({
      name: "userOrders",
      intervalMs: cadence.ordersMs,
      run: async () => {
        const state = store.getState();
        const deployers = new Set(state.account.pools.map((pool) => pool.marketDeployerId));
        if (deployers.size === 0) for (const d of state.market.configs?.marketDeployers ?? []) deployers.add(d.marketDeployerId);
        if (deployers.size === 0) return SKIP;
        const orders = [];
        for (const md of deployers) {
          const r = await info.userOrders(address, md);
          if (!r.ok) return r;
          orders.push(...r.value);
        }
        coalescer.openOrders({ isSnapshot: true, orders });
        return { ok: true, value: orders };
      }
    });
  }
  return tasks;
}

// src/session/createSession.ts
function createSession(target, keys, o) {
  const signers = new SignerSet({ master: keys.master, agent: keys.agent });
  const address = (keys.address ?? signers.masterAddress)?.toLowerCase();
  if (!address) throw new Error("createSession: the master account address is needed when only an agent key is loaded");
  const readOnly = !signers.any;
  const live = o.live ?? true;
  const cadence = { ...DEFAULT_POLL, ...o.poll };
  const interval = o.candleInterval ?? "1m";
  const store = o.store ?? createAppStore();
  const coalescer = new Coalescer({ sink: storeSink(store), intervalMs: o.flushMs ?? 100 });
  const now = () => Date.now();
  const error = (source, e) => coalescer.error({ time: now(), source, kind: e.kind, message: e.message });
  const listeners = /* @__PURE__ */ new Set();
  const emit = (e) => {
    for (const l of listeners) l(e);
  };
  const http = new HttpTransport({ baseUrl: target.url, ...o.http });
  const info = new InfoClient(http);
  const clock = new ClockOffset();
  http.onResponse((r) => {
    if (r.serverDate !== void 0) clock.sampleDateHeader(r.sentAt, r.receivedAt, r.serverDate);
    const st = clock.status();
    coalescer.session({ latencyMs: r.receivedAt - r.sentAt, clockOffsetMs: st.offsetMs ?? null, clockWarning: st.warning ?? null });
  });
  const shared = o.nonces ?? target.embedded?.nonces;
  const nonceStore = shared || !o.stateDir ? void 0 : new NonceFileStore(o.stateDir);
  if (nonceStore?.warning) error("nonces", clientError("validation", nonceStore.warning));
  const nonces = shared ?? new NonceManager(nonceStore ? { store: nonceStore } : {});
  let contract;
  const exchange = new ExchangeClient({
    http,
    info,
    signers,
    address,
    nonces,
    ...o.lookup ? { lookup: o.lookup } : {},
    marketDeployerOf: (cid) => Object.values(store.getState().market.contracts).find((c) => c.contractId === cid)?.marketDeployerId
  });
  const ws = new WsClient({
    url: target.wsUrl ?? defaultWsUrl(target.url),
    ...o.ws,
    auth: () => {
      const signer = signers.pickForAuth();
      if (!signer) return void 0;
      const nonce = nonces.next(signer.address);
      const action = { type: "wsAuth", time: nonce };
      return { action, nonce, signature: signer.sign(action, nonce) };
    },
    resync: async (sub) => {
      if (sub.type === "l2Book") {
        const r = await info.l2Book(sub.contractId);
        if (!r.ok) throw new Error(r.error.message);
        coalescer.book(r.value);
        coalescer.flush();
        return true;
      }
      if (sub.type === "candle") return loadCandles(sub.contractId, sub.interval);
      return false;
    }
  });
  ws.onMessage((m) => coalescer.push(m));
  ws.onError((e) => error("ws", e));
  ws.onState((s) => coalescer.session({ connection: s.connection, reconnects: s.reconnects, channels: s.subscriptions }));
  const candles = new CandleWatch(ws);
  async function loadCandles(contractId, iv) {
    const end = now();
    const r = await info.candleSnapshot(contractId, iv, end - CANDLE_INTERVAL_MS[iv] * (o.candleBars ?? 200), end);
    if (!r.ok) throw new Error(r.error.message);
    coalescer.candles(contractId, iv, r.value);
    return true;
  }
  let lastPollError = {};
  const poller = new Poller({
    burstMs: cadence.burstMs,
    onSuccess: (name, at) => {
      delete lastPollError[name];
      coalescer.poll(name, { lastOk: at, lastError: null });
    },
    onError: (name, e) => {
      const prev = store.getState().session.polls[name];
      coalescer.poll(name, { lastOk: prev?.lastOk ?? null, lastError: e.message });
      if (lastPollError[name] !== e.message) error(`poll:${name}`, e);
      lastPollError[name] = e.message;
    },
    tasks: pollTasks({ info, coalescer, store, address, cadence, contract: () => contract, openOrders: readOnly })
  });
  let journalFile;
  if (o.stateDir) {
    try {
      journalFile = new JournalFile(o.stateDir);
    } catch (e) {
      error("journal", clientError("validation", e instanceof Error ? e.message : String(e)));
    }
  }
  exchange.onJournal((entry) => {
    coalescer.journal(entry);
    poller.burst();
    try {
      journalFile?.append(entry, o.face);
    } catch (e) {
      journalFile = void 0;
      error("journal", clientError("validation", e instanceof Error ? e.message : String(e)));
    }
  });
  const marketSubs = (c) => [
    { type: "l2Book", contractId: c.contractId },
    { type: "bbo", contractId: c.contractId },
    { type: "trades", contractId: c.contractId }
  ];
  let stopContractCandles = () => {
  };
  let closed = false;
  async function loadConfigs() {
    const backoff = new Backoff({ baseMs: 250, capMs: 5e3 });
    for (; ; ) {
      const r = await info.configs();
      if (r.ok) {
        coalescer.configs(r.value);
        coalescer.flush();
        return { ok: true, value: void 0 };
      }
      error("info:configs", r.error);
      if (closed) return { ok: false, error: r.error };
      await new Promise((res) => setTimeout(res, backoff.next()));
      if (closed) return { ok: false, error: r.error };
    }
  }
  async function switchContract(name) {
    const previous = contract;
    const next = store.getState().market.contracts[name];
    if (!next) {
      const names = Object.keys(store.getState().market.contracts).join(", ") || "none";
      const e = clientError("validation", `no active contract named ${name} (active: ${names})`);
      error("session", e);
      return { ok: false, error: e };
    }
    contract = next;
    selectContract(store, name);
    if (!live) return { ok: true, value: next };
    if (previous) for (const s of marketSubs(previous)) ws.unsubscribe(s);
    stopContractCandles();
    for (const s of marketSubs(next)) ws.subscribe(s);
    stopContractCandles = candles.watch(next.contractId, interval);
    poller.runNow("marketState");
    return { ok: true, value: next };
  }
  const readOnce = pollTasks({ info, coalescer, store, address, cadence, contract: () => contract, openOrders: true });
  async function refresh() {
    for (const task of readOnce) {
      const r = await task.run();
      if (!r.ok) return { ok: false, error: r.error };
      coalescer.flush();
    }
    if (contract) {
      const r = await info.l2Book(contract.contractId);
      if (!r.ok) return { ok: false, error: r.error };
      coalescer.book(r.value);
      coalescer.flush();
    }
    return { ok: true, value: void 0 };
  }
  const initial = o.initial ?? target.embedded?.initial;
  const ready = (async () => {
    if (live) {
      ws.subscribe({ type: "config" });
      if (signers.any) for (const type of ["openOrders", "orderUpdates", "userFills"]) ws.subscribe({ type });
      ws.start();
      poller.start();
    }
    if (initial) {
      coalescer.configs(initial.configs);
      for (const b of initial.books) coalescer.book(b);
      coalescer.flush();
    } else {
      const loaded = await loadConfigs();
      if (!loaded.ok) return loaded;
    }
    return switchContract(o.contractName);
  })();
  target.embedded?.ready.then(
    () => {
      if (closed || !live) return;
      emit({ type: "progress", step: null });
      if (!ws.snapshot().authenticated && !readOnly) ws.reconnect("websocket: signing in again now that the agent is approved");
      emit({ type: "notice", text: "embedded exchange: account funded, collateral locked, agent approved", tone: "success" });
      poller.runNow("userAccount");
      poller.runNow("userAgents");
    },
    (e) => {
      if (closed) return;
      emit({ type: "progress", step: null });
      emit({ type: "notice", text: `embedded exchange setup failed: ${e instanceof Error ? e.message : String(e)}`, tone: "error" });
    }
  );
  return {
    store,
    info,
    exchange,
    ws,
    poller,
    coalescer,
    clock,
    address,
    signer: signers.agentAddress ? "agent" : signers.masterAddress ? "master" : "none",
    readOnly,
    embedded: target.embedded !== void 0,
    ready,
    switchContract,
    refresh,
    watchCandles: (contractId, iv) => candles.watch(contractId, iv),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      poller.stop();
      ws.close();
      coalescer.stop();
      lastPollError = {};
      await http.close();
      await target.embedded?.close();
    }
  };
}

// src/session/target.ts
import path from "node:path";
import { createInterface } from "node:readline/promises";
var StartupError = class extends Error {
  constructor(message, exitCode = 2) {
    super(message);
    this.exitCode = exitCode;
    this.name = "StartupError";
  }
  exitCode;
};
function openTarget(spec, stateDir, hooks) {
  if (!spec.url) return startEmbeddedTarget(spec, stateDir, hooks.onProgress);
  return startRemoteTarget(spec, spec.url, spec.ws, stateDir, hooks.log);
}
async function startEmbeddedTarget(spec, stateDir, onProgress) {
  const { startEmbedded } = await import("./embedded-X6UMJGSH.js");
  const embedded = await startEmbedded({
    stateDir,
    ...spec.activity ? { activity: spec.activity } : {},
    ...spec.seed !== void 0 ? { seed: spec.seed } : {},
    ...spec.port !== void 0 ? { port: spec.port } : {},
    ...spec.contract ? { contractName: spec.contract } : {},
    ...spec.advertise ? { advertise: true } : {},
    onProgress
  });
  const target = { url: embedded.url, wsUrl: embedded.wsUrl, embedded };
  if (spec.readOnly) {
    const address = (spec.address ?? embedded.address).toLowerCase();
    return { target, keys: { address }, address, warnings: [] };
  }
  return { target, keys: { master: embedded.master, agent: embedded.agent, address: embedded.address }, address: embedded.address, warnings: [] };
}
async function askLine(question) {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}
async function loadKey(kind, file, passwordFile, who) {
  if (!file) return void 0;
  return kind === "keystore" ? loadKeystoreFile(file, { ...passwordFile ? { passwordFile } : {}, promptQuestion: `Password for the ${who} keystore ${file}: ` }) : loadKeyFile(file);
}
function deploymentSlug(url) {
  const u = new URL(url);
  return `${u.hostname}-${u.port || (u.protocol === "https:" ? "443" : "80")}`.replace(/[^A-Za-z0-9.-]/g, "_");
}
function deploymentAgentFile(stateDir, url) {
  return path.join(stateDir, "agents", `${deploymentSlug(url)}.key`);
}
async function loadDeploymentKeys(args, url, stateDir, o) {
  const warnings = [];
  const masterLoaded = await loadKey("keystore", args.keystore, args.passwordFile, "master") ?? await loadKey("key file", args.keyFile, void 0, "master") ?? loadKeyFromEnv();
  let agentLoaded = await loadKey("keystore", args.agentKeystore, args.passwordFile, "agent") ?? await loadKey("key file", args.agentKeyFile, void 0, "agent");
  for (const k of [masterLoaded, agentLoaded]) if (k) warnings.push(...k.warnings);
  const master = masterLoaded?.key;
  if (!master && !agentLoaded) {
    throw new StartupError("no key loaded: use --keystore FILE, --key-file FILE or PERPDESK_PRIVATE_KEY (or --read-only --address 0x... to watch an account)");
  }
  if (!master && !args.address) throw new StartupError("with only an agent key, --address 0x... must name the master account");
  const address = (master?.address ?? args.address).toLowerCase();
  if (master && !agentLoaded) {
    const file = deploymentAgentFile(stateDir, url);
    if (o.createAgent) agentLoaded = { key: await demoKey(file), warnings: [] };
    else agentLoaded = await loadKeyFile(file).catch((e) => {
      if (e instanceof KeySourceError && e.kind === "not-found") return void 0;
      throw e;
    });
  }
  const agent = agentLoaded?.key;
  return { ...master ? { master } : {}, ...agent ? { agent } : {}, address, warnings };
}
async function startRemoteTarget(args, url, ws, stateDir, log) {
  const wsUrl = ws ?? defaultWsUrl(url);
  if (args.readOnly) {
    if (!args.address) throw new StartupError("--read-only needs --address 0x... (the account to watch)");
    const address2 = args.address.toLowerCase();
    return { target: { url, wsUrl }, keys: { address: address2 }, address: address2, warnings: [] };
  }
  const loaded = await loadDeploymentKeys(args, url, stateDir, { createAgent: true });
  const { master, address, warnings } = loaded;
  let agentLoaded = loaded.agent ? { key: loaded.agent } : void 0;
  if (master && agentLoaded) {
    const agent2 = agentLoaded.key;
    try {
      await runOnboarding({
        url,
        master,
        address,
        agent: { key: agent2, address: agent2.address, name: AGENT_NAME, validUntil: Date.now() + AGENT_LIFETIME_MS },
        ...args.contract ? { contractName: args.contract } : {},
        ...args.inviteCode ? { inviteCode: args.inviteCode } : {},
        ask: askLine,
        log,
        stateDir
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (!(e instanceof OnboardingError) || !message.startsWith("approve agent")) throw new StartupError(`first-run setup failed: ${message}`, 1);
      warnings.push(`agent not approved (${message}); orders are signed by the master key`);
      agentLoaded = void 0;
    }
  }
  const agent = agentLoaded?.key;
  return { target: { url, wsUrl }, keys: { ...master ? { master } : {}, ...agent ? { agent } : {}, address }, address, warnings };
}
async function resolveContract(url, wanted) {
  const http = new HttpTransport({ baseUrl: url });
  try {
    const r = await new InfoClient(http).configs();
    if (!r.ok) throw new StartupError(`cannot read the exchange's contracts at ${url}: ${r.error.message}`, 1);
    const active = r.value.contracts.filter((c) => c.status === "Active").map((c) => c.name);
    if (wanted !== void 0) {
      if (active.includes(wanted)) return wanted;
      throw new StartupError(`--contract ${wanted}: no Active contract by that name (Active: ${active.join(", ") || "none"})`);
    }
    const first = active[0];
    if (!first) throw new StartupError("the exchange lists no Active contract", 1);
    return first;
  } finally {
    await http.close();
  }
}

// src/forms/context.ts
function collateralCoin(configs) {
  const coins = configs?.coins ?? [];
  return coins.find((c) => c.name === "USDC") ?? coins.find((c) => c.coinId === 0) ?? coins[0] ?? { coinId: 0, name: "USDC", decimals: 6 };
}
function coinById(configs, coinId) {
  const c = configs?.coins.find((x) => x.coinId === coinId);
  return c ?? { coinId, name: `coin ${coinId}`, decimals: 6 };
}
function contractById(configs, contractId) {
  return configs?.contracts.find((c) => c.contractId === contractId);
}
function deployerName(configs, id) {
  const name = configs?.marketDeployers.find((m) => m.marketDeployerId === id)?.name;
  return name ? `${name} (${id})` : `deployer ${id}`;
}
function poolOf(account, marketDeployerId) {
  return account?.marketDeployers.find((p) => p.marketDeployerId === marketDeployerId);
}
function balanceOf(list, coinId) {
  const entry = list?.find((b) => b.coinId === coinId);
  return entry && /^-?\d+$/.test(entry.total) ? BigInt(entry.total) : 0n;
}
function groupBalance(account, groupId, coinId) {
  const g = account?.shareGroups.find((x) => x.groupId === groupId && x.coinId === coinId);
  return g && /^-?\d+$/.test(g.balance) ? BigInt(g.balance) : 0n;
}
function groupDeployer(configs, groupId) {
  return configs?.contracts.find((c) => c.shareGroupId === groupId)?.marketDeployerId;
}
function shareGroupIds(ctx) {
  const ids = new Set(ctx.shareGroupDefs.map((g) => g.groupId));
  for (const c of ctx.configs?.contracts ?? []) if (c.shareGroupId !== void 0) ids.add(c.shareGroupId);
  return [...ids].sort((a, b) => a - b);
}
function positionsOf(ctx, contractId) {
  return ctx.positions.filter((p) => p.contractId === contractId && p.size !== "0");
}
function targetPosition(ctx) {
  if (ctx.selectedPosition) return ctx.selectedPosition;
  if (!ctx.contract) return void 0;
  const mine = positionsOf(ctx, ctx.contract.contractId);
  return mine.length === 1 ? mine[0] : void 0;
}
function isHedge(account) {
  return account?.positionMode === "HEDGE";
}
var DEFAULT_LEVERAGE = 10;
function maxLeverage(contract) {
  return contract.leverageTiers.reduce((m, t) => Math.max(m, t.maxLeverage), 0);
}
function tierLeverage(contract, notional) {
  const tiers = [...contract.leverageTiers].sort((a, b) => BigInt(a.maxNotional) < BigInt(b.maxNotional) ? -1 : 1);
  for (const t of tiers) if (notional <= BigInt(t.maxNotional)) return t.maxLeverage;
  return void 0;
}

// src/format/missing.ts
var MISSING = "\u2014";

// src/format/toRaw.ts
var DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;
function parseLooseDecimal(text) {
  const m = DECIMAL_RE.exec(text);
  if (!m) return void 0;
  const frac = m[3] ?? "";
  if (frac.length > 36) return void 0;
  const raw = BigInt((m[2] ?? "0") + frac);
  return { raw: m[1] ? -raw : raw, scale: frac.length };
}
function toRaw(value, scale) {
  if (value === null || value === void 0) return void 0;
  if (typeof value === "bigint") return value;
  const parsed = parseLooseDecimal(value);
  if (!parsed) return void 0;
  return rescale(parsed.raw, parsed.scale, scale, "half-up");
}

// src/format/groupThousands.ts
var THOUSANDS_SEPARATOR = ",";
function groupThousands(text) {
  const m = /^(-|−|\+)?(\d+)(.*)$/.exec(text);
  if (!m) return text;
  const grouped = (m[2] ?? "").replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
  return `${m[1] ?? ""}${grouped}${m[3] ?? ""}`;
}

// src/format/fixedText.ts
var MINUS = "\u2212";
function fixedText(raw, scale, digits, opts = {}) {
  const shown = rescale(raw, scale, digits, opts.rounding ?? "half-up");
  const body = groupThousands(formatFixed(shown < 0n ? -shown : shown, digits, digits));
  if (shown < 0n) return `${MINUS}${body}`;
  if (shown > 0n && opts.signed) return `+${body}`;
  return body;
}

// src/format/price.ts
function formatPrice(value, contract, opts = {}) {
  const raw = toRaw(value, contract.priceScale);
  return raw === void 0 ? MISSING : fixedText(raw, contract.priceScale, contract.priceScale, opts);
}

// src/format/size.ts
function formatSize(value, contract, opts = {}) {
  const raw = toRaw(value, contract.qtyScale);
  return raw === void 0 ? MISSING : fixedText(raw, contract.qtyScale, contract.qtyScale, opts);
}

// src/format/money.ts
var DEFAULT_COIN_DECIMALS = 6;
var MONEY_DECIMALS = 2;
function moneyDecimals(coin) {
  return Math.min(MONEY_DECIMALS, coin.decimals);
}
function exactDigits(raw, decimals, min) {
  let frac = (raw < 0n ? -raw : raw) % pow10(decimals);
  let digits = decimals;
  while (digits > min && frac % 10n === 0n) {
    frac /= 10n;
    digits -= 1;
  }
  return digits;
}
function formatMoney(value, coin, opts = {}) {
  let raw;
  if (typeof value === "bigint") raw = value;
  else if (typeof value === "string" && /^-?\d+$/.test(value)) raw = BigInt(value);
  else return MISSING;
  const display = moneyDecimals(coin);
  const digits = opts.exact ? exactDigits(raw, coin.decimals, display) : display;
  const text = fixedText(raw, coin.decimals, digits, { signed: opts.signed, rounding: "down" });
  return opts.symbol && coin.name ? `${text} ${coin.name}` : text;
}

// src/format/compact.ts
var SUFFIXES = ["", "k", "M", "B", "T", "P"];
function formatCompact(raw, scale = 0) {
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const sign = negative ? MINUS : "";
  const unit = pow10(scale);
  if (abs < 1000n * unit) {
    const digits = abs < 10n * unit && abs % unit !== 0n ? Math.min(2, scale) : 0;
    const shown = divRound(abs * pow10(digits), unit, "half-up");
    if (shown < 1000n * pow10(digits)) {
      const d = pow10(digits);
      const text2 = digits > 0 ? `${shown / d}.${(shown % d).toString().padStart(digits, "0")}` : shown.toString();
      return sign + text2;
    }
  }
  let i = 1;
  let tenths = divRound(abs * 10n, 1000n * unit, "half-up");
  while (tenths >= 9995n && i < SUFFIXES.length - 1) {
    i += 1;
    tenths = divRound(abs * 10n, 1000n ** BigInt(i) * unit, "half-up");
  }
  const whole = tenths / 10n;
  const text = whole >= 100n ? divRound(abs, 1000n ** BigInt(i) * unit, "half-up").toString() : `${whole}.${tenths % 10n}`;
  return `${sign}${text}${SUFFIXES[i]}`;
}

// src/format/priceAxis.ts
var MULTIPLES = [1n, 2n, 5n];
function floorDiv(a, b) {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
function ceilDiv(a, b) {
  return -floorDiv(-a, b);
}
function priceAxis(values, tick, intervals) {
  const t = tick > 0n ? tick : 1n;
  const n = BigInt(Math.max(1, Math.trunc(intervals)));
  let lo = values[0] ?? 0n;
  let hi = lo;
  for (const v2 of values) {
    if (v2 < lo) lo = v2;
    if (v2 > hi) hi = v2;
  }
  const loT = floorDiv(lo, t);
  const hiT = ceilDiv(hi, t);
  for (let decade = 1n; ; decade *= 10n) {
    for (const m of MULTIPLES) {
      const step = m * decade;
      let base = floorDiv(loT, step) * step;
      if (base + n * step < hiT) continue;
      const used = ceilDiv(hiT - base, step);
      base -= (n - used) / 2n * step;
      if (base < 0n && loT >= 0n) base = 0n;
      return { top: (base + n * step) * t, step: step * t, intervals: Number(n) };
    }
  }
}
function axisPrices(axis) {
  return Array.from({ length: axis.intervals + 1 }, (_, i) => axis.top - BigInt(i) * axis.step);
}

// src/forms/numbers.ts
var RATE_SCALE = 8;
var RATE_ONE = pow10(RATE_SCALE);
var PCT_SCALE = 4;
function tryDecimal(text, scale, signed = false) {
  if (typeof text !== "string") return void 0;
  try {
    return parseDecimal(text, scale, "value", { signed });
  } catch {
    return void 0;
  }
}
function truncDecimal(text, scale) {
  if (typeof text !== "string") return void 0;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return void 0;
  const frac = (m[2] ?? "").slice(0, scale).padEnd(scale, "0");
  return BigInt(m[1]) * pow10(scale) + (scale > 0 ? BigInt(frac) : 0n);
}
function notionalRaw(priceRaw, sizeRaw, priceScale, qtyScale, coinDecimals, rounding = "half-up") {
  return divRound(priceRaw * sizeRaw * pow10(coinDecimals), pow10(priceScale + qtyScale), rounding);
}
function distancePct(a, b) {
  if (b <= 0n) return 0n;
  return divRound(absBig(a - b) * 100n * pow10(PCT_SCALE), b, "down");
}
function formatPct(pctRaw, digits = 2) {
  return `${formatFixed(pctRaw, PCT_SCALE, digits)}%`;
}
function compareDecimal(a, b) {
  const scale = Math.max(fracDigits(a), fracDigits(b));
  if (scale > 36) return void 0;
  const x = tryDecimal(a, scale, true);
  const y = tryDecimal(b, scale, true);
  if (x === void 0 || y === void 0) return void 0;
  return x < y ? -1 : x > y ? 1 : 0;
}
function fracDigits(s) {
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
}
function roundToTick(raw, tick, direction) {
  if (tick <= 0n) return raw;
  const rem = (raw % tick + tick) % tick;
  if (rem === 0n) return raw;
  return direction === "down" ? raw - rem : raw - rem + tick;
}
function isoTime(ms) {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? `${ms} ms` : d.toISOString().replace(".000Z", "Z");
}

// src/forms/alerts.ts
var DEFAULT_LIQUIDATION_DISTANCE_PCT = "5";
function createAlertState(since) {
  return { since, armed: {} };
}
var fillKey = (f) => `${f.tid}:${f.oid}`;
var positionKey = (p) => `${p.contractId}:${p.isBuy ? "long" : "short"}`;
function snapshotOf(s) {
  const marks = {};
  for (const [id, m] of Object.entries(s.market.marketStates)) marks[Number(id)] = m.markPx;
  return { configs: s.market.configs, fills: s.orders.fills, positions: s.account.positions, marks };
}
function fillText(f, configs) {
  const c = contractById(configs, f.contractId);
  const fee = /^-?\d+$/.test(f.fee) ? formatMoney(f.fee, collateralCoin(configs), { exact: true, symbol: true }) : f.fee;
  const sz = c ? formatSize(f.sz, c) : f.sz;
  const px = c ? formatPrice(f.px, c) : f.px;
  return `Filled: ${f.isBuy ? "buy" : "sell"} ${sz} ${c?.name ?? `contract ${f.contractId}`} @ ${px} (${f.liquidity}, fee ${fee})${f.liquidation ? " LIQUIDATION" : ""}`;
}
function detectAlerts(prev, next, state, settings) {
  const events = [];
  if (settings?.onFill !== false && next.fills !== prev?.fills) {
    const seen = new Set((prev?.fills ?? []).map(fillKey));
    for (const f of next.fills) {
      const key = fillKey(f);
      if (!seen.has(key) && f.time >= state.since) events.push({ kind: "fill", key, text: fillText(f, next.configs) });
    }
  }
  const threshold = truncDecimal(settings?.liquidationDistancePct ?? DEFAULT_LIQUIDATION_DISTANCE_PCT, PCT_SCALE);
  const armed = {};
  for (const p of next.positions) {
    const key = positionKey(p);
    const wasArmed = state.armed[key] ?? true;
    const c = contractById(next.configs, p.contractId);
    const scale = (c?.priceScale ?? 0) + 6;
    const px = (v2) => c ? formatPrice(v2, c) : String(v2);
    const mark = truncDecimal(next.marks[p.contractId], scale);
    const liq = truncDecimal(p.liquidationPx, scale);
    if (threshold === void 0 || mark === void 0 || liq === void 0 || mark <= 0n || p.size === "0") {
      armed[key] = wasArmed;
      continue;
    }
    const dist = distancePct(liq, mark);
    if (dist < threshold) {
      if (wasArmed) {
        events.push({
          kind: "liquidation",
          key,
          text: `${c?.name ?? `contract ${p.contractId}`} ${p.isBuy ? "long" : "short"}: mark ${px(next.marks[p.contractId])} is ${formatPct(dist)} from liquidation at ${px(p.liquidationPx)} (alert under ${formatPct(threshold)})`
        });
      }
      armed[key] = false;
    } else armed[key] = true;
  }
  const bell = events.length > 0 && settings?.bell !== false;
  return { events, bell, state: { since: state.since, armed } };
}

// src/forms/field.ts
var ok = (value) => ({ ok: true, value });
var err = (label, problem) => ({ ok: false, error: `${label}: ${problem}` });
function guard(label, fn) {
  try {
    return ok(fn());
  } catch (e) {
    if (e instanceof DecimalError) return { ok: false, error: e.message };
    if (e instanceof RangeError) return err(label, "the contract or coin has an unsupported scale");
    throw e;
  }
}
function emptyCheck(text, label, o) {
  if (text.trim() !== "") return "continue";
  return o.optional ? ok(void 0) : err(label, "required");
}
function textField(o) {
  return {
    kind: "text",
    ...o,
    parse: (text) => {
      if (text === "" && o.optional) return ok(void 0);
      if (/[\u0000-\u001f\u007f]/.test(text)) return err(o.label, "must not contain control characters");
      if (o.maxLength !== void 0 && text.length > o.maxLength) return err(o.label, `at most ${o.maxLength} characters`);
      return ok(text);
    }
  };
}
function decimalField(o) {
  return {
    kind: "decimal",
    ...o,
    parse: (text, ctx, texts2) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== "continue") return e;
      const scale = o.scale(ctx, texts2);
      if (scale === void 0) return err(o.label, "no contract selected");
      const r = guard(o.label, () => parseDecimal(text, scale, o.label, { signed: o.signed ?? false }));
      if (r.ok && o.positive && r.value <= 0n) return err(o.label, "must be above zero");
      return r;
    }
  };
}
function priceField(o) {
  return {
    kind: "decimal",
    ...o,
    parse: (text, ctx) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== "continue") return e;
      const c = o.scales ? o.scales(ctx) : ctx.contract;
      if (!c) return err(o.label, "no contract selected");
      return guard(o.label, () => parsePrice(text, c, o.label));
    }
  };
}
function sizeField(o) {
  return {
    kind: "decimal",
    ...o,
    parse: (text, ctx) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== "continue") return e;
      const c = o.scales ? o.scales(ctx) : ctx.contract;
      if (!c) return err(o.label, "no contract selected");
      return guard(o.label, () => parseSize(text, c, o.label));
    }
  };
}
function amountField(o) {
  return {
    kind: "amount",
    ...o,
    parse: (text, ctx, texts2) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== "continue") return e;
      const decimals = o.decimals(ctx, texts2);
      if (decimals === void 0) return err(o.label, "choose a coin first");
      const r = guard(o.label, () => parseDecimal(text, decimals, o.label));
      if (!r.ok) return r;
      if (r.value <= 0n) return err(o.label, "must be above zero");
      if (r.value >= 1n << 63n) return err(o.label, "too large (exceeds int64 smallest units)");
      return r;
    }
  };
}
function choiceField(o) {
  return {
    kind: "choice",
    ...o,
    parse: (text, ctx, texts2) => {
      const choices = o.choices(ctx, texts2);
      const t = text.trim().toLowerCase();
      const hit = choices.find((c) => c.text.toLowerCase() === t || c.label?.toLowerCase() === t);
      if (hit) return ok(o.map(hit.text, ctx));
      if (choices.length === 0) return err(o.label, "nothing to choose from");
      return err(o.label, `choose one of ${choices.map((c) => c.text).join(", ")}`);
    }
  };
}
var YES = /* @__PURE__ */ new Set(["yes", "y", "true", "on", "1"]);
var NO = /* @__PURE__ */ new Set(["no", "n", "false", "off", "0", ""]);
function toggleField(o) {
  return {
    kind: "toggle",
    ...o,
    choices: () => [{ text: "no" }, { text: "yes" }],
    parse: (text) => {
      const t = text.trim().toLowerCase();
      if (YES.has(t)) return ok(true);
      if (NO.has(t)) return ok(false);
      return err(o.label, "yes or no");
    }
  };
}
function addressField(o) {
  return {
    kind: "address",
    ...o,
    parse: (text) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== "continue") return e;
      const t = text.trim();
      if (!/^0x[0-9a-fA-F]{40}$/.test(t)) return err(o.label, "expected 0x followed by 40 hex digits");
      const body = t.slice(2);
      const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
      if (mixed && checksumAddress(t) !== t) return err(o.label, "checksum does not match (a mistyped letter?)");
      return ok(t.toLowerCase());
    }
  };
}
var INT64_MAX = (1n << 63n) - 1n;
function cloidField(o) {
  return {
    kind: "cloid",
    ...o,
    parse: (text) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== "continue") return e;
      const t = text.trim();
      if (!/^\d+$/.test(t)) return err(o.label, "digits only (an int64 client order id)");
      if (t.length > 1 && t.startsWith("0")) return err(o.label, "no leading zeros");
      if (t.length > 19 || BigInt(t) > INT64_MAX) return err(o.label, "exceeds int64");
      return ok(t);
    }
  };
}
function integerField(o) {
  return {
    kind: "integer",
    ...o,
    parse: (text, ctx) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== "continue") return e;
      const t = text.trim();
      if (!/^\d+$/.test(t)) return err(o.label, "a whole number");
      const big = BigInt(t);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) return err(o.label, "too large");
      const n = Number(big);
      const min = o.min ?? 0;
      if (n < min) return err(o.label, `at least ${min}`);
      const max = o.max?.(ctx);
      if (max !== void 0 && n > max) return err(o.label, `at most ${max}`);
      return ok(n);
    }
  };
}
function when(field, visible) {
  return {
    ...field,
    visible,
    parse: (text, ctx, texts2) => visible(texts2, ctx) ? field.parse(text, ctx, texts2) : ok(void 0)
  };
}

// src/forms/keyRequirement.ts
function needsFor(type) {
  return agentMaySend(type) ? "agent-or-master" : "master";
}
function keyRequirement(type, keys) {
  if (agentMaySend(type) && keys.agent) return { ok: true, role: "agent" };
  if (keys.master) return { ok: true, role: "master" };
  if (keys.agent) {
    return { ok: false, message: `${type} needs the master key, but only an agent key is loaded (start with --keystore or --key-file)` };
  }
  return { ok: false, message: `${type} needs a signing key, but none is loaded (monitor mode; start with --keystore, --key-file or an agent key)` };
}

// src/forms/formSpec.ts
function defineForm(spec) {
  return spec;
}
function initialTexts(spec, ctx, params = {}) {
  const out = {};
  for (const [key, f] of Object.entries(spec.fields)) out[key] = params[key] ?? f.default?.(ctx) ?? "";
  return out;
}
function evaluateForm(spec, texts2, ctx) {
  const key = keyRequirement(spec.actionType, ctx.keys);
  const blocked = key.ok ? spec.unavailable?.(ctx) : key.message;
  const full = {};
  for (const [k, f] of Object.entries(spec.fields)) full[k] = texts2[k] ?? f.default?.(ctx) ?? "";
  const fields = [];
  const errors = [];
  const values = {};
  for (const [k, f] of Object.entries(spec.fields)) {
    const visible = f.visible ? f.visible(full, ctx) : true;
    const text = full[k];
    const view = { key: k, kind: f.kind, label: f.label, help: f.help, text, visible };
    if (f.choices) view.choices = f.choices(ctx, full);
    const r = f.parse(text, ctx, full);
    if (r.ok) values[k] = r.value;
    else if (visible) {
      view.error = r.error;
      errors.push(r.error);
    }
    fields.push(view);
  }
  if (blocked !== void 0) return { blocked, fields: fields.map(({ error: _e, ...f }) => f), errors: [blocked], ready: false };
  if (errors.length > 0) return { fields, errors, ready: false };
  const built = spec.build(values, ctx);
  if (!built.ok) return { fields, errors: [built.error], values, ready: false };
  return { fields, errors, values, built: built.value, ready: true };
}
function preTradesOf(spec, evaluation, ctx) {
  if (!evaluation.ready || !spec.confirm || !evaluation.values) return [];
  return spec.confirm(evaluation.values, ctx);
}

// src/forms/contextFromState.ts
function contextFromState(s, extras) {
  const contract = s.market.selected === null ? void 0 : s.market.contracts[s.market.selected];
  const id = contract?.contractId;
  const ctx = {
    now: extras.now ?? Date.now(),
    configs: s.market.configs,
    contract,
    book: id === void 0 ? void 0 : s.market.books[id],
    bookStale: s.session.staleness.book,
    markPx: id === void 0 ? void 0 : s.market.marketStates[id]?.markPx,
    indexPx: id === void 0 ? void 0 : s.market.marketStates[id]?.indexPx,
    account: s.account.raw,
    positions: s.account.positions,
    openOrders: Object.values(s.orders.open),
    agents: s.account.agents,
    shareGroupDefs: s.account.shareGroupDefs,
    keys: extras.keys,
    settings: extras.settings
  };
  if (extras.selectedOrder) ctx.selectedOrder = extras.selectedOrder;
  if (extras.selectedPosition) ctx.selectedPosition = extras.selectedPosition;
  if (extras.selectedAgent) ctx.selectedAgent = extras.selectedAgent;
  if (extras.leverageOf) ctx.leverageOf = extras.leverageOf;
  if (extras.feeRates) ctx.feeRates = extras.feeRates;
  return ctx;
}

// src/forms/bookWalk.ts
function walkBook(book, isBuy, size, limit, priceScale, qtyScale, own) {
  const levels = book ? isBuy ? book.asks : book.bids : [];
  let left = size;
  let cost = 0n;
  let touched = 0;
  let worst;
  const fills = [];
  for (const level of levels) {
    if (left <= 0n) break;
    const px = tryDecimal(level.px, priceScale);
    const listed = tryDecimal(level.sz, qtyScale);
    if (px === void 0 || listed === void 0 || listed <= 0n || px <= 0n) continue;
    if (limit !== void 0 && (isBuy ? px > limit : px < limit)) break;
    const sz = listed - (own?.get(px) ?? 0n);
    if (sz <= 0n) continue;
    const take = minBig(left, sz);
    cost += px * take;
    left -= take;
    worst = px;
    touched++;
    fills.push({ px, sz: take });
  }
  const filled = size - left;
  const out = { filled, cost, remaining: left, levels: touched, fills };
  if (filled > 0n) out.avgPx = divRound(cost, filled, "half-up");
  if (worst !== void 0) out.worstPx = worst;
  return out;
}
function bestPrices(book, priceScale) {
  const out = {};
  const bid = tryDecimal(book?.bids[0]?.px, priceScale);
  const ask = tryDecimal(book?.asks[0]?.px, priceScale);
  if (bid !== void 0) out.bid = bid;
  if (ask !== void 0) out.ask = ask;
  return out;
}
function wouldCross(book, isBuy, price, priceScale) {
  const { bid, ask } = bestPrices(book, priceScale);
  if (isBuy && ask !== void 0 && price >= ask) return ask;
  if (!isBuy && bid !== void 0 && price <= bid) return bid;
  return void 0;
}

// src/forms/markAfter.ts
function bestOf(levels, priceScale, qtyScale, taken) {
  for (const l of levels) {
    const px = tryDecimal(l.px, priceScale);
    const sz = tryDecimal(l.sz, qtyScale);
    if (px === void 0 || sz === void 0 || px <= 0n || sz <= 0n) continue;
    if (sz - (taken?.get(px) ?? 0n) > 0n) return px;
  }
  return void 0;
}
function marksAfter(book, o, scales, index, current) {
  if (!book || index === void 0) return { arrival: current, filled: current };
  const { priceScale: ps, qtyScale: qs } = scales;
  const taken = /* @__PURE__ */ new Map();
  for (const f of o.fill.fills) taken.set(f.px, (taken.get(f.px) ?? 0n) + f.sz);
  const opposite = bestOf(o.isBuy ? book.asks : book.bids, ps, qs, taken);
  const own = bestOf(o.isBuy ? book.bids : book.asks, ps, qs);
  const rests = o.resting > 0n && o.limit !== void 0 ? o.limit : void 0;
  const better = (a, b) => a === void 0 ? b : b === void 0 ? a : o.isBuy ? a > b ? a : b : a < b ? a : b;
  const sameAfter = better(own, rests);
  const at = (same) => o.isBuy ? markPrice(same, opposite, index) : markPrice(opposite, same, index);
  return { arrival: at(sameAfter), filled: at(own) };
}

// src/forms/holdingModel.ts
var int = (s) => /^-?\d+$/.test(s) ? BigInt(s) : 0n;
function positionCost(p, contract, size) {
  if (p.entryValue !== void 0) {
    try {
      return { cost: parseDecimal(p.entryValue, contract.priceScale + contract.qtyScale, "entryValue"), exact: true };
    } catch {
    }
  }
  return { cost: (tryDecimal(p.entryPx, contract.priceScale) ?? 0n) * size, exact: false };
}
function sizeOf(text, contract) {
  const v2 = tryDecimal(text, contract.qtyScale, true);
  return v2 === void 0 ? 0n : v2 < 0n ? -v2 : v2;
}
function defaultLeverage(contract) {
  return Math.max(1, Math.min(DEFAULT_LEVERAGE, contract.leverageTiers[0]?.maxLeverage ?? 1));
}
function holdingOf(ctx, contract) {
  const id = contract.contractId;
  const mine = ctx.positions.filter((p) => p.contractId === id && sizeOf(p.size, contract) > 0n);
  const settings = ctx.account?.marketDeployers.find((m) => m.marketDeployerId === contract.marketDeployerId)?.contractSettings;
  const setting = settings?.find((s) => s.contractId === id);
  const session = ctx.leverageOf?.[id];
  const first = mine[0];
  const h = {
    contractId: id,
    leverage: defaultLeverage(contract),
    leverageSource: "default",
    marginMode: first?.marginMode ?? setting?.marginMode ?? "cross",
    modeKnown: first !== void 0 || settings !== void 0,
    long: void 0,
    short: void 0,
    bucket: { long: 0n, short: 0n },
    costExact: true,
    orders: { buySz: 0n, buyPxSz: 0n, sellSz: 0n, sellPxSz: 0n, roBuySz: 0n, roSellSz: 0n },
    ownBids: /* @__PURE__ */ new Map(),
    ownAsks: /* @__PURE__ */ new Map()
  };
  if (session !== void 0) Object.assign(h, { leverage: session, leverageSource: "session" });
  else if (first) Object.assign(h, { leverage: first.leverage, leverageSource: "position" });
  else if (settings) Object.assign(h, { leverage: setting?.leverage ?? h.leverage, leverageSource: "exchange" });
  for (const p of isHedge(ctx.account) ? mine : mine.slice(0, 1)) {
    const side = p.isBuy ? "long" : "short";
    const size = sizeOf(p.size, contract);
    const { cost, exact } = positionCost(p, contract, size);
    if (!exact) h.costExact = false;
    h[side] = { side, size, cost };
    h.bucket[side] = p.marginMode === "isolated" ? int(p.isolatedMargin) : 0n;
  }
  const bids = /* @__PURE__ */ new Map();
  const asks = /* @__PURE__ */ new Map();
  for (const o of ctx.openOrders) {
    if (o.asset !== id) continue;
    const px = tryDecimal(o.limitPx, contract.priceScale);
    const sz = sizeOf(o.sz, contract);
    if (px === void 0 || sz <= 0n) continue;
    const own = o.isBuy ? bids : asks;
    own.set(px, (own.get(px) ?? 0n) + sz);
    if (o.reduceOnly) {
      if (o.isBuy) h.orders.roBuySz += sz;
      else h.orders.roSellSz += sz;
    } else if (o.isBuy) {
      h.orders.buySz += sz;
      h.orders.buyPxSz += sz * px;
    } else {
      h.orders.sellSz += sz;
      h.orders.sellPxSz += sz * px;
    }
  }
  h.ownBids = bids;
  h.ownAsks = asks;
  return h;
}
function cloneHolding(h) {
  const long = h.long && { ...h.long };
  const short2 = h.short && { ...h.short };
  return { ...h, long, short: short2, bucket: { ...h.bucket }, orders: { ...h.orders } };
}
function restingOf(h) {
  return { ...h.orders, long: h.long, short: h.short };
}
function reduceOnlyRoom(h, isBuy) {
  return isBuy ? (h.short?.size ?? 0n) - h.orders.roBuySz : (h.long?.size ?? 0n) - h.orders.roSellSz;
}

// src/forms/orderRisk.ts
function hedgeSide(isBuy, reduceOnly) {
  return reduceOnly ? isBuy ? "short" : "long" : isBuy ? "long" : "short";
}
var blank = (side) => ({ side, size: 0n, cost: 0n });
function ownFigures(i, h) {
  const out = { upnl: 0n, im: 0n, orderIm: restingOrderMargin(i.math, restingOf(h), h.leverage, i.hedge) };
  if (h.marginMode !== "cross") return out;
  for (const p of [h.long, h.short]) {
    if (!p) continue;
    const f = positionFigures(i.math, h.leverage, p, i.mark);
    out.upnl += f.upnl;
    out.im += f.im;
  }
  return out;
}
function addResting(h, isBuy, sz, px, sign) {
  if (isBuy) {
    h.orders.buySz += sign * sz;
    h.orders.buyPxSz += sign * sz * px;
  } else {
    h.orders.sellSz += sign * sz;
    h.orders.sellPxSz += sign * sz * px;
  }
}
function marginCheck(i) {
  if (i.reduceOnly) return { delta: 0n, beyondTiers: false };
  const h = i.holding;
  const before = ownFigures(i, h);
  const hyp = cloneHolding(h);
  if (i.replaces && !i.replaces.reduceOnly) addResting(hyp, i.replaces.isBuy, i.replaces.remaining, i.replaces.px, -1n);
  const positionSide = i.hedge ? hedgeSide(i.isBuy, false) : void 0;
  let balanceDelta = 0n;
  let filled = 0n;
  let pxSz = 0n;
  for (const f of i.fills) {
    filled += f.sz;
    pxSz += f.px * f.sz;
  }
  if (filled > 0n) {
    const e = tradeIntoPositions(hyp, i.math, i.isBuy, positionSide, false, filled, pxSz, blank);
    if (hyp.marginMode === "cross") balanceDelta += e.realized;
    else if (e.opened > 0n) balanceDelta -= i.math.initialMargin(i.math.ceil(e.openedPxSz), hyp.leverage);
    balanceDelta -= i.math.fee(i.math.ceil(pxSz), i.takerRate);
  }
  if (i.resting > 0n && i.limit !== void 0) addResting(hyp, i.isBuy, i.resting, i.limit, 1n);
  let beyondTiers = false;
  for (const p of [hyp.long, hyp.short]) {
    if (!p || p.size <= (h[p.side]?.size ?? 0n)) continue;
    if (positionFigures(i.math, hyp.leverage, p, i.mark).notional > i.math.maxNotional) beyondTiers = true;
  }
  const after = ownFigures(i, hyp);
  return { delta: balanceDelta + (after.upnl - before.upnl) - (after.im - before.im) - (after.orderIm - before.orderIm), beyondTiers };
}
function settleFill(i, h, money3, f, rate2) {
  const positionSide = i.hedge ? hedgeSide(i.isBuy, i.reduceOnly) : void 0;
  const isolated = h.marginMode === "isolated";
  const move = (amount) => {
    money3.all += amount;
    money3.collateral += amount;
  };
  const e = tradeIntoPositions(h, i.math, i.isBuy, positionSide, i.reduceOnly, f.sz, f.px * f.sz, blank);
  if (e.reducedSide) {
    if (!isolated) move(e.realized);
    else {
      const side = e.reducedSide;
      h.bucket[side] += e.realized;
      const bal = h.bucket[side];
      if (e.closed) {
        move(bal);
        h.bucket[side] = 0n;
      } else if (bal > 0n) {
        const released = bal * e.reduced / e.reducedFrom;
        h.bucket[side] -= released;
        move(released);
      }
    }
  }
  if (e.openedSide && isolated) {
    const im = i.math.initialMargin(i.math.ceil(e.openedPxSz), h.leverage);
    const free = money3.collateral;
    const amount = im < free ? im : free > 0n ? free : 0n;
    move(-amount);
    h.bucket[e.openedSide] += amount;
  }
  move(-i.math.fee(i.math.ceil(f.px * f.sz), rate2));
}
function liquidationOf(i, h, money3, mark) {
  const side = i.hedge ? hedgeSide(i.isBuy, i.reduceOnly) : h.long ? "long" : h.short ? "short" : void 0;
  const p = side && h[side];
  if (!side || !p) return null;
  if (mark === void 0) return void 0;
  const own = positionFigures(i.math, h.leverage, p, mark);
  let backing;
  let fractionDen = 1n;
  if (h.marginMode === "isolated") backing = h.bucket[side];
  else {
    if (i.pool.ref.kind === "group") fractionDen = GROUP_LIQUIDATION_FRACTION_DEN;
    let upnl = i.others.upnl;
    let mm = i.others.mm;
    const other = h[oppositeSide(side)];
    if (other) {
      const f = positionFigures(i.math, h.leverage, other, mark);
      upnl += f.upnl;
      mm += f.mm;
    }
    backing = crossBacking(money3.all, upnl, mm, fractionDen);
  }
  const px = liquidationPx({ side, size: p.size, cost: p.cost, mul: i.math.mul, div: i.math.div, tierLeverage: i.math.maxLeverageAt(own.notional), backing, fractionDen });
  return px ?? null;
}
function orderRisk(i) {
  const check = marginCheck(i);
  const available = i.pool.available ?? 0n;
  const out = {
    marginRequired: check.delta < 0n ? -check.delta : 0n,
    insufficient: check.delta < 0n && available + check.delta < 0n,
    beyondTiers: check.beyondTiers,
    liquidationPx: null
  };
  const h = cloneHolding(i.holding);
  const money3 = { all: i.pool.balance, collateral: i.pool.collateralBalance };
  for (const f of i.fills) settleFill(i, h, money3, f, i.takerRate);
  out.liquidationPx = liquidationOf(i, h, money3, i.marksAfter ? i.marksAfter.arrival : i.mark);
  if (i.resting > 0n && i.limit !== void 0) {
    settleFill(i, h, money3, { px: i.limit, sz: i.resting }, i.makerRate);
    out.liquidationIfFilled = liquidationOf(i, h, money3, i.marksAfter ? i.marksAfter.filled : i.mark);
  }
  return out;
}

// src/forms/preTrade.ts
function rate(text) {
  return tryDecimal(text, RATE_SCALE, true);
}
function tierCap(math, notional) {
  return notional > math.maxNotional ? void 0 : math.maxLeverageAt(notional);
}
function preTrade(input) {
  const c = input.contract;
  const ps = c.priceScale;
  const qs = c.qtyScale;
  const cd = input.collateral.decimals;
  const math = marginMathOf(c, cd);
  const money3 = (raw) => formatMoney(raw, input.collateral, { symbol: true });
  const charged = (raw) => formatMoney(raw, input.collateral, { exact: true, symbol: true });
  const px = (raw) => formatPrice(raw, c);
  const sz = (raw) => formatSize(raw, c);
  const notes = [];
  const risk = input.risk;
  const limit = input.kind === "Market" ? void 0 : input.price;
  const reduceOnly = input.reduceOnly === true;
  let size = input.size;
  if (reduceOnly && risk) {
    const room = reduceOnlyRoom(risk.holding, input.isBuy);
    if (room > 0n && room < size) {
      notes.push(`reduce-only: the exchange clips it to ${sz(room)}, what the position leaves after resting reduce-only orders`);
      size = room;
    }
  }
  const bound = input.kind === "Market" && input.markPx !== void 0 ? marketBound(input.markPx, BigInt(c.tickSize), input.isBuy) : limit;
  const own = risk ? input.isBuy ? risk.holding.ownAsks : risk.holding.ownBids : void 0;
  const walked = walkBook(input.book, input.isBuy, size, bound, ps, qs, own);
  const crossing = input.kind === "Alo" ? walkBook(input.book, input.isBuy, size, bound, ps, qs) : void 0;
  const crossesAt = crossing?.fills[0]?.px;
  const aloRejected = crossesAt !== void 0;
  if (aloRejected) notes.push(`post-only (Alo) would be rejected: ${px(limit)} crosses the book at ${px(crossesAt)}`);
  const fill = aloRejected ? { filled: 0n, cost: 0n, remaining: size, levels: 0, fills: [] } : walked;
  let resting = 0n;
  let cancelled = input.size - size;
  if (aloRejected) cancelled = input.size;
  else if (input.kind === "Gtc" || input.kind === "Alo") resting = fill.remaining;
  else cancelled += fill.remaining;
  const remainderPx = limit ?? input.markPx ?? fill.worstPx;
  const remainderCost = remainderPx === void 0 ? 0n : fill.remaining * remainderPx;
  const notional = divRound((fill.cost + remainderCost) * pow10(cd), pow10(ps + qs), "half-up");
  if (input.kind === "Market" && fill.remaining > 0n) {
    const why = bound !== void 0 ? ` within mark \xB1${MARKET_SLIPPAGE_PCT}% (${px(bound)})` : "";
    notes.push(fill.filled === 0n ? `the book has no liquidity on that side${why}: a market order would not fill` : `the book covers only ${sz(fill.filled)} of ${sz(size)}${why}; the rest would be cancelled`);
  }
  if (input.kind === "Ioc" && fill.remaining > 0n) notes.push(`${sz(fill.remaining)} would not match at once and would be cancelled (Ioc)`);
  const holding = risk?.holding;
  let leverage = holding?.leverage ?? defaultLeverage(c);
  const leverageAssumed = holding === void 0 || holding.leverageSource === "default";
  const current = holding ? (holding.long?.size ?? 0n) - (holding.short?.size ?? 0n) : 0n;
  const signed = current + (reduceOnly ? 0n : input.isBuy ? size : -size);
  const resultingSize = signed < 0n ? -signed : signed;
  const resultingNotional = input.markPx !== void 0 ? notionalRaw(input.markPx, resultingSize, ps, qs, cd, "up") : notional;
  const cap = tierCap(math, resultingNotional);
  if (cap === void 0) notes.push(`the resulting position exceeds the contract's largest leverage tier`);
  else if (leverage > cap) notes.push(`at this size the tier allows at most ${cap}x (leverage set: ${leverage}x)`);
  leverage = Math.max(1, cap === void 0 ? leverage : Math.min(leverage, cap));
  const rates = input.feeRates ?? { maker: c.makerFeeRate, taker: c.takerFeeRate };
  const taker = rate(rates.taker);
  const maker = rate(rates.maker);
  if (taker === void 0 || maker === void 0) notes.push("fee rates unknown: fee shown as 0");
  let fee = 0n;
  for (const f of fill.fills) fee += math.fee(math.ceil(f.px * f.sz), taker ?? 0n);
  if (limit !== void 0 && resting > 0n) fee += math.fee(math.ceil(resting * limit), maker ?? 0n);
  let marginRequired;
  let estimate;
  if (risk) {
    const after = marksAfter(input.book, { isBuy: input.isBuy, fill, resting, limit }, { priceScale: ps, qtyScale: qs }, input.indexPx, input.markPx);
    estimate = orderRisk({
      math,
      mark: input.markPx,
      marksAfter: after,
      hedge: risk.hedge,
      holding: risk.holding,
      pool: risk.pool,
      others: risk.others,
      isBuy: input.isBuy,
      reduceOnly,
      fills: fill.fills,
      resting,
      limit,
      takerRate: taker ?? 0n,
      makerRate: maker ?? 0n,
      replaces: risk.replaces
    });
    marginRequired = estimate.marginRequired;
  } else {
    const opening = reduceOnly ? 0n : size;
    marginRequired = input.size === 0n ? 0n : divRound(divRound(notional * opening, input.size, "up"), BigInt(leverage), "up");
  }
  let worstPx = limit;
  if (input.kind === "Market") worstPx = fill.worstPx ?? input.markPx;
  const out = {
    contractName: c.name,
    isBuy: input.isBuy,
    kind: input.kind,
    size: input.size,
    notional,
    marginRequired,
    leverage,
    leverageAssumed,
    fill,
    resting,
    cancelled,
    liquidationPx: estimate ? estimate.liquidationPx : void 0,
    fee,
    lines: [],
    notes
  };
  if (estimate) {
    out.risk = estimate;
    if ("liquidationIfFilled" in estimate) out.liquidationIfFilled = estimate.liquidationIfFilled;
  }
  if (input.price !== void 0 && input.kind !== "Market") out.price = input.price;
  if (risk) {
    out.pool = risk.pool.label;
    if (risk.pool.available !== void 0) out.available = risk.pool.available;
  }
  if (input.markPx !== void 0) out.markPx = input.markPx;
  if (crossesAt !== void 0) out.postOnlyCrossesAt = crossesAt;
  if (worstPx !== void 0) out.worstPx = worstPx;
  const side = input.isBuy ? "Buy" : "Sell";
  const what = input.kind === "Market" ? `${side} ${sz(input.size)} ${c.name} at market` : `${side} ${sz(input.size)} ${c.name} @ ${px(input.price ?? 0n)} ${input.kind}`;
  out.lines.push(`${what}${reduceOnly ? " (reduce-only)" : ""}`);
  out.lines.push(`Notional: ${money3(notional)}`);
  let avail = "available unknown (account not loaded)";
  if (risk && !risk.pool.enrolled) avail = `not enrolled in ${risk.pool.label}`;
  else if (risk && out.available !== void 0) avail = `${money3(out.available)} available in ${risk.pool.label}${risk.pool.availableDerived ? " (derived: the exchange did not report it)" : ""}`;
  out.lines.push(`Margin: ${charged(marginRequired)} required at ${leverage}x${leverageAssumed ? " (assumed: the exchange default)" : ""}; ${avail}`);
  const parts = [];
  if (aloRejected) parts.push("rejected whole (post-only would cross)");
  else if (fill.filled > 0n) parts.push(`${sz(fill.filled)} @ ${px(fill.avgPx)} avg (worst ${px(fill.worstPx)}, ${fill.levels} level${fill.levels === 1 ? "" : "s"})`);
  else parts.push("nothing matches now");
  if (resting > 0n && limit !== void 0) parts.push(`${sz(resting)} would rest at ${px(limit)}`);
  if (cancelled > 0n && !aloRejected) parts.push(`${sz(cancelled)} cancelled unfilled`);
  out.lines.push(`Est. fill: ${parts.join("; ")}`);
  out.lines.push(liquidationLine(out, risk, px, sz));
  out.lines.push(`Fee: ${charged(fee)}${taker !== void 0 && maker !== void 0 ? ` (taker ${rates.taker} on the matched part, maker ${rates.maker} on the resting part)` : ""}`);
  return out;
}
function liquidationLine(pt, risk, px, sz) {
  const word = (v2) => v2 === void 0 ? "unknown" : v2 === null ? "none" : px(v2);
  if (!risk) return "Est. liquidation: unknown (account not loaded)";
  if (pt.liquidationPx === void 0) return "Est. liquidation: unknown (no mark price yet)";
  let line = `Est. liquidation: ${word(pt.liquidationPx)}`;
  if (pt.resting > 0n && pt.liquidationIfFilled !== void 0) line += ` now; ${word(pt.liquidationIfFilled)} once the resting ${sz(pt.resting)} fill`;
  if (risk.approximate.length > 0) line += ` (approximate: ${risk.approximate.join("; ")})`;
  return line;
}

// src/forms/guards.ts
function checkGuards(pt, guards, collateral, priceScale) {
  const out = [];
  const max = truncDecimal(guards?.maxNotional, collateral.decimals);
  if (max !== void 0 && pt.notional > max) {
    out.push({
      guard: "maxNotional",
      message: `notional ${formatMoney(pt.notional, collateral, { symbol: true })} is above the ${formatMoney(max, collateral, { symbol: true })} guard (guards.maxNotional)`
    });
  }
  const pct = truncDecimal(guards?.maxDistancePct, PCT_SCALE);
  if (pct !== void 0 && pt.worstPx !== void 0) {
    if (pt.markPx === void 0 || pt.markPx <= 0n) {
      out.push({ guard: "maxDistancePct", message: `no mark price for ${pt.contractName}: the distance guard cannot be checked` });
    } else {
      const d = distancePct(pt.worstPx, pt.markPx);
      if (d > pct) {
        out.push({
          guard: "maxDistancePct",
          message: `price ${formatPrice(pt.worstPx, { priceScale })} is ${formatPct(d)} from the mark ${formatPrice(pt.markPx, { priceScale })} (guard ${formatPct(pct)}, guards.maxDistancePct)`
        });
      }
    }
  }
  return out;
}
var STALE_BOOK_MESSAGE = "the order book is stale (no fresh update): the prices and estimates above may be out of date; confirm once more to send anyway";
function staleBookConfirmation(bookStale) {
  return bookStale ? STALE_BOOK_MESSAGE : void 0;
}
function policyConfirms(settings, notional, collateral) {
  const policy = settings?.policy ?? "always";
  if (policy === "always") return true;
  if (policy === "never") return false;
  const threshold = truncDecimal(settings?.notional, collateral.decimals);
  if (threshold === void 0 || notional === void 0) return true;
  return notional > threshold;
}

// src/forms/blockers.ts
function pressKey(keyOf) {
  return (a) => {
    const key = keyOf(a.command);
    return key ? `press ${key} to ${a.text}` : void 0;
  };
}
function blockerText(b, remedy = () => void 0) {
  const todo = [];
  if (b.action) todo.push(remedy(b.action) ?? `${b.action.text} from the command palette`);
  if (b.advice) todo.push(b.advice);
  return todo.length > 0 ? `${b.reason}: ${todo.join(", or ")}` : b.reason;
}

// src/forms/confirmPlan.ts
var ORDER_ENTRY = /* @__PURE__ */ new Set(["order", "modify"]);
function blockerLines(plan, remedy) {
  return plan.blockers.map((b) => `${b.order !== void 0 ? `#${b.order} ` : ""}${blockerText(b.blocker, remedy)}`);
}
function needsOverride(plan) {
  return plan.blockers.length > 0 || plan.overrides.length > 0;
}
function confirmPlan(spec, evaluation, ctx) {
  const built = evaluation.built;
  if (!evaluation.ready || !built) return { show: false, lines: [], preTrades: [], blockers: [], overrides: [] };
  const collateral = collateralCoin(ctx.configs);
  const preTrades = preTradesOf(spec, evaluation, ctx);
  const lines = [...built.summary];
  const many = preTrades.length > 1;
  const blockers = [];
  preTrades.forEach((pt, i) => {
    for (const l of pt.lines) lines.push(many ? `#${i + 1} ${l}` : l);
    for (const n of pt.notes) lines.push(`${many ? `#${i + 1} ` : ""}note: ${n}`);
    for (const blocker of pt.blockers ?? []) blockers.push(many ? { blocker, order: i + 1 } : { blocker });
  });
  const overrides = [];
  const entry = ORDER_ENTRY.has(spec.actionType);
  if (entry && ctx.contract) {
    preTrades.forEach((pt, i) => {
      for (const v2 of checkGuards(pt, ctx.settings.guards, collateral, ctx.contract.priceScale)) {
        overrides.push(many ? { ...v2, message: `#${i + 1} ${v2.message}` } : v2);
      }
    });
  }
  const staleBook = entry ? staleBookConfirmation(ctx.bookStale) : void 0;
  const notional = preTrades.length > 0 ? preTrades.reduce((sum, p) => sum + p.notional, 0n) : built.notional;
  const show = built.alwaysConfirm === true || policyConfirms(ctx.settings.confirm, notional, collateral) || blockers.length > 0 || overrides.length > 0 || staleBook !== void 0;
  const plan = { show, lines, preTrades, blockers, overrides };
  if (staleBook !== void 0) plan.staleBook = staleBook;
  return plan;
}

// src/forms/defaultSize.ts
var FALLBACK_MIN_NOTIONAL = 10n;
function defaultSizeRaw(contract, settings, markRaw2) {
  const configured = settings.defaultSize?.[contract.name];
  if (configured !== void 0) {
    try {
      return parseSize(configured, contract);
    } catch {
    }
  }
  const step = BigInt(contract.stepSize) > 0n ? BigInt(contract.stepSize) : 1n;
  if (markRaw2 === void 0 || markRaw2 <= 0n) return step;
  const steps = divRound(FALLBACK_MIN_NOTIONAL * pow10(contract.priceScale + contract.qtyScale), step * markRaw2, "up");
  return (steps < 1n ? 1n : steps) * step;
}
function defaultSizeText(contract, settings, markRaw2) {
  return formatDecimal(defaultSizeRaw(contract, settings, markRaw2), contract.qtyScale);
}

// src/forms/poolView.ts
function poolRefOf(account, contract) {
  if (account?.marginShareType === "PORTFOLIO" && contract.shareGroupId !== void 0) return { kind: "group", id: contract.shareGroupId };
  return { kind: "md", id: contract.marketDeployerId };
}
function samePool(a, b) {
  return a.kind === b.kind && a.id === b.id;
}
var int2 = (s) => s !== void 0 && /^-?\d+$/.test(s) ? BigInt(s) : void 0;
function atPar(ctx, entries) {
  const coll = collateralCoin(ctx.configs);
  let all = 0n;
  let collateral = 0n;
  for (const e of entries) {
    all += rescale(e.raw, coinById(ctx.configs, e.coinId).decimals, coll.decimals, "down");
    if (e.coinId === coll.coinId) collateral += e.raw;
  }
  return { all, collateral };
}
function poolPositions(ctx, ref) {
  const out = [];
  for (const md of ctx.account?.marketDeployers ?? []) {
    for (const position of md.positions) {
      const contract = contractById(ctx.configs, position.contractId);
      if (contract && samePool(poolRefOf(ctx.account, contract), ref)) out.push({ position, contract });
    }
  }
  return out;
}
function poolLabel(ref, ctx) {
  if (ref.kind === "md") return `deployer ${ref.id}`;
  const md = ctx.configs?.contracts.find((c) => c.shareGroupId === ref.id)?.marketDeployerId;
  return md === void 0 ? `share group ${ref.id}` : `share group ${ref.id} (deployer ${md})`;
}
function poolView(ctx, contract) {
  const account = ctx.account;
  const ref = poolRefOf(account, contract);
  const md = account?.marketDeployers.find((m) => m.marketDeployerId === contract.marketDeployerId);
  const view = {
    ref,
    label: poolLabel(ref, ctx),
    enrolled: md !== void 0,
    balance: 0n,
    collateralBalance: 0n,
    availableDerived: false,
    frozen: false,
    positions: poolPositions(ctx, ref)
  };
  if (!account) return view;
  if (ref.kind === "md") {
    if (!md) return { ...view, available: 0n };
    const bal2 = atPar(ctx, md.balances.map((b) => ({ coinId: b.coinId, raw: int2(b.total) ?? 0n })));
    view.balance = bal2.all;
    view.collateralBalance = bal2.collateral;
    const equity2 = int2(md.equity);
    const available2 = int2(md.available);
    const used2 = int2(md.marginUsed);
    if (equity2 !== void 0) view.equity = equity2;
    if (used2 !== void 0) view.marginUsed = used2;
    if (available2 !== void 0) view.available = available2;
    return view;
  }
  const entries = account.shareGroups.filter((g) => g.groupId === ref.id);
  const bal = atPar(ctx, entries.map((g) => ({ coinId: g.coinId, raw: int2(g.balance) ?? 0n })));
  view.balance = bal.all;
  view.collateralBalance = bal.collateral;
  view.frozen = entries.some((g) => g.frozen) || ctx.shareGroupDefs.some((g) => g.groupId === ref.id && g.frozen);
  if (!md) return { ...view, available: 0n };
  const main = entries.find((g) => g.maintenanceMargin !== void 0) ?? entries.find((g) => g.coinId === collateralCoin(ctx.configs).coinId);
  const equity = int2(main?.equity);
  if (equity !== void 0) view.equity = equity;
  const used = int2(main?.marginUsed);
  if (used !== void 0) view.marginUsed = used;
  const available = int2(main?.available);
  if (available !== void 0) view.available = available;
  else view.availableDerived = true;
  return view;
}

// src/forms/orderContext.ts
function markRaw(ctx, contract) {
  if (ctx.contract?.contractId !== contract.contractId) return void 0;
  const m = tryDecimal(ctx.markPx ?? void 0, contract.priceScale);
  return m !== void 0 && m > 0n ? m : void 0;
}
function indexRaw(ctx, contract) {
  if (ctx.contract?.contractId !== contract.contractId) return void 0;
  const m = tryDecimal(ctx.indexPx ?? void 0, contract.priceScale);
  return m !== void 0 && m > 0n ? m : void 0;
}
function bookOf(ctx, contract) {
  return ctx.book && ctx.book.contractId === contract.contractId ? ctx.book : void 0;
}
function bookSides(ctx, contract) {
  const b = bookOf(ctx, contract);
  return b ? { bids: b.levels[0], asks: b.levels[1] } : void 0;
}
function marginPool(ctx, contract) {
  if (!ctx.account) return { source: "account not loaded" };
  const pool = poolWithAvailable(ctx, contract);
  const out = { source: pool.enrolled ? pool.label : `${pool.label} (not enrolled)` };
  if (pool.available !== void 0) out.available = pool.available;
  if (pool.equity !== void 0) out.equity = pool.equity;
  return out;
}
function positionSize(p, contract) {
  try {
    return absBig(parseDecimal(p.size, contract.qtyScale, "size", { signed: true }));
  } catch {
    return 0n;
  }
}
var int3 = (s) => s !== void 0 && /^-?\d+$/.test(s) ? BigInt(s) : void 0;
function figuresAtEntry(ctx, p, contract) {
  const math = marginMathOf(contract, collateralCoin(ctx.configs).decimals);
  const h = holdingOf({ ...ctx, positions: [p], openOrders: [] }, contract);
  const pos = h.long ?? h.short;
  if (!pos) return { im: 0n, mm: 0n };
  const f = positionFigures(math, p.leverage, pos, void 0);
  return { im: f.im, mm: f.mm };
}
function othersInPool(ctx, pool, contract) {
  const out = { upnl: 0n, mm: 0n, mmDerived: false };
  for (const { position: p, contract: c } of pool.positions) {
    if (c.contractId === contract.contractId || p.marginMode !== "cross") continue;
    out.upnl += int3(p.unrealizedPnl) ?? 0n;
    const mm = int3(p.maintenanceMargin);
    if (mm !== void 0) out.mm += mm;
    else {
      out.mm += figuresAtEntry(ctx, p, c).mm;
      out.mmDerived = true;
    }
  }
  return out;
}
function poolWithAvailable(ctx, contract) {
  const pool = poolView(ctx, contract);
  if (!pool.availableDerived || pool.equity === void 0) return pool;
  const coin = collateralCoin(ctx.configs);
  let available = pool.equity;
  const contracts = /* @__PURE__ */ new Map();
  for (const { position: p, contract: c } of pool.positions) {
    contracts.set(c.contractId, c);
    if (p.marginMode === "isolated") available -= (int3(p.isolatedMargin) ?? 0n) + (int3(p.unrealizedPnl) ?? 0n);
    else available -= int3(p.marginUsed) ?? figuresAtEntry(ctx, p, c).im;
  }
  for (const o of ctx.openOrders) {
    const c = contractById(ctx.configs, o.asset);
    if (c && samePool(poolRefOf(ctx.account, c), pool.ref)) contracts.set(c.contractId, c);
  }
  for (const c of contracts.values()) {
    const h = holdingOf(ctx, c);
    available -= restingOrderMargin(marginMathOf(c, coin.decimals), restingOf(h), h.leverage, isHedge(ctx.account));
  }
  return { ...pool, available: available > 0n ? available : 0n };
}
function riskOf(ctx, contract, replaces) {
  if (!ctx.account) return void 0;
  const pool = poolWithAvailable(ctx, contract);
  const holding = holdingOf(ctx, contract);
  const others = othersInPool(ctx, pool, contract);
  const approximate = [];
  if ((holding.long || holding.short) && !holding.costExact) approximate.push("the exchange did not report the exact entry value");
  if (!holding.modeKnown) approximate.push("margin mode assumed cross (no read shows it)");
  if (others.mmDerived) approximate.push("other positions' maintenance margin taken at entry");
  const risk = { pool, holding, hedge: isHedge(ctx.account), others, approximate };
  if (replaces) {
    const px = tryDecimal(replaces.limitPx, contract.priceScale);
    const remaining = tryDecimal(replaces.sz, contract.qtyScale);
    if (px !== void 0 && remaining !== void 0) risk.replaces = { isBuy: replaces.isBuy, reduceOnly: replaces.reduceOnly, remaining, px };
  }
  return risk;
}
function preTradeFor(ctx, o) {
  const risk = riskOf(ctx, o.contract, o.replaces);
  const pt = preTrade({
    contract: o.contract,
    collateral: collateralCoin(ctx.configs),
    isBuy: o.isBuy,
    kind: o.kind,
    price: o.price,
    size: o.size,
    reduceOnly: o.reduceOnly,
    book: bookSides(ctx, o.contract),
    markPx: markRaw(ctx, o.contract),
    indexPx: indexRaw(ctx, o.contract),
    feeRates: ctx.feeRates,
    risk
  });
  pt.blockers = orderBlockers(ctx, o, pt, risk);
  return pt;
}
function orderBlockers(ctx, o, pt, risk) {
  const c = o.contract;
  const out = [];
  const coin = collateralCoin(ctx.configs);
  const money3 = (raw) => formatMoney(raw, coin, { symbol: true });
  const locked = (raw) => formatMoney(raw, coin, { exact: true, symbol: true });
  const modify = o.replaces !== void 0;
  const grows = !modify || risk?.replaces !== void 0 && (o.size > risk.replaces.remaining || o.price !== risk.replaces.px);
  if (!modify && c.status !== "Active") out.push({ kind: "inactive", reason: `${c.name} is not active (${c.status})`, action: { command: "contract.pick", text: "pick an active contract" } });
  if (!risk) return out;
  if (!risk.pool.enrolled && !modify) {
    out.push({ kind: "notEnrolled", reason: `not enrolled in deployer ${c.marketDeployerId}`, action: { command: "deployer.enroll", text: "enroll", params: { deployer: String(c.marketDeployerId) } } });
    return out;
  }
  if (o.reduceOnly && !modify) {
    const room = reduceOnlyRoom(risk.holding, o.isBuy);
    const side = o.isBuy ? "short" : "long";
    if (room <= 0n) {
      const has = risk.holding[side] !== void 0;
      out.push({
        kind: "reduceOnly",
        reason: has ? `reduce-only: the ${side} position is already covered by resting reduce-only orders` : `reduce-only with no ${side} position to reduce`,
        advice: has ? "cancel a resting reduce-only order first" : "turn reduce-only off"
      });
    }
  }
  if (!o.reduceOnly && grows && risk.pool.ref.kind === "group" && risk.pool.frozen) {
    out.push({
      kind: "frozen",
      reason: `share group ${risk.pool.ref.id} is FROZEN, so only reduce-only orders are accepted on ${c.name}`,
      action: { command: "collateral.move", text: "add collateral to the group" },
      advice: "make the order reduce-only"
    });
  }
  if (pt.postOnlyCrossesAt !== void 0 && !modify) {
    const px = (raw) => formatPrice(raw, c);
    out.push({
      kind: "postOnly",
      reason: `post-only (Alo) at ${px(o.price ?? 0n)} would cross the book at ${px(pt.postOnlyCrossesAt)}, and the exchange rejects it whole`,
      advice: "choose Gtc, or a price that does not cross"
    });
  }
  if (pt.risk?.beyondTiers && !modify) {
    out.push({ kind: "beyondTiers", reason: `the position would exceed ${c.name}'s largest leverage tier`, advice: "lower the size" });
  }
  if (pt.risk?.insufficient && grows) {
    out.push({
      kind: "margin",
      reason: `margin required ${locked(pt.risk.marginRequired)} is above the ${money3(risk.pool.available ?? 0n)} available in ${risk.pool.label}`,
      action: { command: "collateral.move", text: `move collateral into ${risk.pool.label}` },
      advice: "lower the size or raise the leverage"
    });
  }
  return out;
}
function orderContract(ctx) {
  const o = ctx.selectedOrder;
  if (!o) return void 0;
  return ctx.contract?.contractId === o.asset ? ctx.contract : contractById(ctx.configs, o.asset);
}
function contractUnavailable(ctx) {
  return ctx.contract ? void 0 : "select a contract first";
}

// src/forms/bookActions.ts
var PROTECT_PCT = 5n;
function texts(c, o) {
  return {
    side: o.isBuy ? "Buy" : "Sell",
    type: o.kind,
    price: o.price === void 0 ? "" : formatDecimal(o.price, c.priceScale),
    size: formatDecimal(o.size, c.qtyScale),
    reduceOnly: o.reduceOnly ? "yes" : "no",
    cloid: ""
  };
}
function contractOf(ctx) {
  const why = contractUnavailable(ctx);
  return why ? { ok: false, error: why } : { ok: true, c: ctx.contract };
}
function atCursor(ctx, isBuy, cursorRaw) {
  const r = contractOf(ctx);
  if (!r.ok) return r;
  if (cursorRaw === null) return { ok: false, error: "move the book cursor to a price level first (j/k)" };
  const price = typeof cursorRaw === "bigint" ? cursorRaw : /^\d+$/.test(cursorRaw) ? BigInt(cursorRaw) : void 0;
  if (price === void 0 || price <= 0n) return { ok: false, error: "the book cursor is not on a price" };
  const size = defaultSizeRaw(r.c, ctx.settings, markRaw(ctx, r.c));
  const o = { isBuy, kind: "Gtc", price, size, reduceOnly: false };
  return { ok: true, form: "order", values: texts(r.c, o), note: `${isBuy ? "Buy" : "Sell"} at the cursor ${formatPrice(price, r.c)}` };
}
function joinBest(ctx, isBuy) {
  const r = contractOf(ctx);
  if (!r.ok) return r;
  const best = bestPrices(bookSides(ctx, r.c), r.c.priceScale);
  const price = isBuy ? best.bid : best.ask;
  if (price === void 0) return { ok: false, error: `no ${isBuy ? "bid" : "ask"} to join: that side of the book is empty` };
  const size = defaultSizeRaw(r.c, ctx.settings, markRaw(ctx, r.c));
  const o = { isBuy, kind: "Alo", price, size, reduceOnly: false };
  return { ok: true, form: "order", values: texts(r.c, o), note: `Join the best ${isBuy ? "bid" : "ask"} ${formatPrice(price, r.c)} (post-only)` };
}
function protectivePrice(ctx, c, isBuy) {
  const best = bestPrices(bookSides(ctx, c), c.priceScale);
  const ref = markRaw(ctx, c) ?? (isBuy ? best.ask : best.bid);
  if (ref === void 0) return void 0;
  const tick = BigInt(c.tickSize) > 0n ? BigInt(c.tickSize) : 1n;
  const top = BigInt(c.maxTicks) * tick;
  if (isBuy) {
    const p2 = roundToTick(divRound(ref * (100n + PROTECT_PCT), 100n, "down"), tick, "down");
    return p2 > top ? top : p2;
  }
  const p = roundToTick(divRound(ref * (100n - PROTECT_PCT), 100n, "up"), tick, "up");
  return p < tick ? tick : p;
}
function closingOrder(ctx, what) {
  const r = contractOf(ctx);
  if (!r.ok) return r;
  const c = r.c;
  const p = targetPosition(ctx);
  if (!p || p.contractId !== c.contractId) return { ok: false, error: `no ${c.name} position (select one in the account pane)` };
  const size = positionSize(p, c);
  if (size === 0n) return { ok: false, error: `the ${c.name} position is empty` };
  if (what === "reverse" && isHedge(ctx.account)) {
    return { ok: false, error: "reverse needs one-way position mode: in hedge mode, flatten this side and open the other" };
  }
  const isBuy = !p.isBuy;
  const price = protectivePrice(ctx, c, isBuy);
  if (price === void 0) return { ok: false, error: `no mark or book price for ${c.name} to bound the Ioc order` };
  let qty = size;
  if (what === "reverse") qty = size * 2n;
  if (what === "closeHalf") {
    const step = BigInt(c.stepSize) > 0n ? BigInt(c.stepSize) : 1n;
    qty = size / 2n / step * step;
    if (qty === 0n) return { ok: false, error: `the position (${formatSize(p.size, c)}) is too small to halve on a step of ${formatSize(step, c)}` };
  }
  const o = { isBuy, kind: "Ioc", price, size: qty, reduceOnly: what !== "reverse" };
  const px = formatPrice(price, c);
  const sz = formatSize(qty, c);
  const label = what === "flatten" ? "Flatten" : what === "reverse" ? "Reverse" : "Close half";
  return { ok: true, form: "order", values: texts(c, o), note: `${label}: ${isBuy ? "buy" : "sell"} ${sz} Ioc at ${px} or better (${PROTECT_PCT}% bound)${o.reduceOnly ? ", reduce-only" : ""}` };
}
var flatten = (ctx) => closingOrder(ctx, "flatten");
var reverse = (ctx) => closingOrder(ctx, "reverse");
var closeHalf = (ctx) => closingOrder(ctx, "closeHalf");
function ladder(ctx, isBuy, fromText, stepTicks, count, sizeText) {
  const r = contractOf(ctx);
  if (!r.ok) return r;
  const c = r.c;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_ORDERS_PER_REQUEST) return { ok: false, error: `Count: 1 to ${MAX_ORDERS_PER_REQUEST}` };
  if (!Number.isSafeInteger(stepTicks) || stepTicks < 1) return { ok: false, error: "Step: at least one tick" };
  let from;
  try {
    from = parseDecimal(fromText, c.priceScale, "From");
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : "From: not a price" };
  }
  const size = sizeText ?? formatDecimal(defaultSizeRaw(c, ctx.settings, markRaw(ctx, c)), c.qtyScale);
  const delta = BigInt(stepTicks) * BigInt(c.tickSize);
  const lines = [];
  for (let i = 0; i < count; i++) {
    const px = isBuy ? from - delta * BigInt(i) : from + delta * BigInt(i);
    lines.push(`${isBuy ? "buy" : "sell"} ${size} @ ${formatDecimal(px, c.priceScale)}`);
  }
  return { ok: true, form: "orderBatch", values: { lines: lines.join("\n") }, note: `Ladder of ${count} ${isBuy ? "buys" : "sells"} from ${fromText}, ${stepTicks} tick${stepTicks === 1 ? "" : "s"} apart` };
}

// src/forms/result.ts
var req = (id) => id ? ` [${id}]` : "";
var pxText = (v2, c) => c ? formatPrice(v2, c) : v2;
var szText = (v2, c) => c ? formatSize(v2, c) : v2;
function describeFailure(e) {
  switch (e.kind) {
    case "business":
      return `${e.message}${e.code !== void 0 ? ` (code ${e.code})` : ""}${req(e.requestId)}`;
    case "http":
    case "signature":
    case "nonce":
      if (e.httpStatus !== void 0 && e.code !== void 0) return `${e.code} (HTTP ${e.httpStatus}): ${e.message}${req(e.requestId)}`;
      return `${e.message}${e.httpStatus !== void 0 && !e.message.includes(`HTTP ${e.httpStatus}`) ? ` (HTTP ${e.httpStatus})` : ""}${req(e.requestId)}`;
    case "validation":
      return `not sent, refused before signing: ${e.message}`;
    default:
      return `${e.message}${req(e.requestId)}`;
  }
}
function failureView(e, outcomeUnknown, what) {
  const lines = [describeFailure(e)];
  if (outcomeUnknown) lines.push(`outcome unknown: the ${what} may or may not have been applied; check before retrying`);
  else if (e.kind === "network" || e.kind === "timeout") lines.push(`not sent: the ${what} did not reach the exchange`);
  return { tone: outcomeUnknown ? "warning" : "error", lines };
}
function reconciledText(r, c) {
  const ids = [r.oid !== void 0 ? `oid ${r.oid}` : "", r.cloid !== void 0 ? `cloid ${r.cloid}` : ""].filter(Boolean).join(", ");
  const status = r.status === "absent" ? "absent, the exchange has no record of it" : r.status;
  const order = r.order ? ` (${r.order.isBuy ? "buy" : "sell"} ${szText(r.order.sz, c)} left of ${szText(r.order.origSz, c)} @ ${pxText(r.order.limitPx, c)})` : "";
  const applied = r.applied === void 0 ? "" : r.applied ? "; the change applied" : "; the change did not apply";
  return `${ids ? `${ids}: ` : ""}${status}${order}${applied}`;
}
var lostHeader = (e) => `response lost (${describeFailure(e)}); the exchange's records show:`;
function orderItem(s, c) {
  if ("reconciled" in s) return { text: reconciledText(s.reconciled, c), bad: s.reconciled.status === "absent" || s.reconciled.status === "rejected" };
  if ("resting" in s) return { text: `resting oid ${s.resting.oid}`, bad: false };
  if ("filled" in s) return { text: `filled ${szText(s.filled.totalSz, c)} @ ${pxText(s.filled.avgPx, c)} (oid ${s.filled.oid})`, bad: false };
  return { text: `error: ${s.error}`, bad: true };
}
function cancelItem(s, c) {
  if (s === "success") return { text: "cancelled", bad: false };
  if ("reconciled" in s) return { text: reconciledText(s.reconciled, c), bad: s.reconciled.status === "open" };
  return { text: `error: ${s.error}`, bad: true };
}
function itemsView(statuses, item, head) {
  const rendered = statuses.map(item);
  const bad = rendered.filter((r) => r.bad).length;
  const tone = bad === 0 ? "success" : bad === rendered.length ? "error" : "warning";
  return { tone, lines: [...head, ...rendered.map((r, i) => `#${i + 1} ${r.text}`)] };
}
function renderOrderResult(r, opts = {}) {
  if (!r.ok) {
    const v2 = failureView(r.error, r.outcomeUnknown, "order");
    if (r.outcomeUnknown && r.cloids.length > 0) v2.lines.push(`cloids to look for: ${r.cloids.join(", ")}`);
    return v2;
  }
  const head = r.reconciledBecause ? [lostHeader(r.reconciledBecause)] : [`order answered${req(r.requestId)}:`];
  return itemsView(r.statuses, (s) => orderItem(s, opts.contract), head);
}
function renderCancelResult(r, opts = {}) {
  if (!r.ok) return failureView(r.error, r.outcomeUnknown, "cancel");
  const head = r.reconciledBecause ? [lostHeader(r.reconciledBecause)] : [`cancel answered${req(r.requestId)}:`];
  return itemsView(r.statuses, (s) => cancelItem(s, opts.contract), head);
}
function renderModifyResult(r, opts = {}) {
  if (!r.ok) return failureView(r.error, r.outcomeUnknown, "modify");
  if (r.reconciled) return { tone: r.reconciled.applied === false ? "warning" : "success", lines: [lostHeader(r.reconciledBecause), reconciledText(r.reconciled, opts.contract)] };
  const d = r.data;
  const c = opts.contract;
  const px = (n) => c && Number.isSafeInteger(n) ? formatPrice(BigInt(n), c) : String(n);
  const sz = (n) => c && Number.isSafeInteger(n) ? formatSize(BigInt(n), c) : String(n);
  const cloid = d.clientOrderId ? `, cloid ${d.clientOrderId}` : "";
  return { tone: "success", lines: [`modified oid ${d.orderId}: price ${px(d.limitPrice)}, total size ${sz(d.totalSize)}, ${sz(d.leavesSize)} left${cloid}${req(r.requestId)}`] };
}
function renderCancelAllResult(r) {
  if (!r.ok) return failureView(r.error, r.outcomeUnknown, "cancel-all");
  if (r.reconciled) return { tone: "warning", lines: [lostHeader(r.reconciledBecause), `${r.reconciled.openOrdersLeft} open orders left on the contract`] };
  const d = r.data;
  return { tone: "success", lines: [`cancelled ${d.cancelledOrders} order${d.cancelledOrders === 1 ? "" : "s"} and ${d.cancelledConditionals} conditional order${d.cancelledConditionals === 1 ? "" : "s"}${req(r.requestId)}`] };
}
function money(n, coin, moved = false) {
  if (n === void 0) return "?";
  const raw = typeof n === "number" ? Number.isSafeInteger(n) ? BigInt(n) : void 0 : /^-?\d+$/.test(n) ? BigInt(n) : void 0;
  if (raw === void 0) return String(n);
  return coin ? formatMoney(raw, coin, { exact: moved, symbol: true }) : `${raw} smallest units`;
}
function dataLine(type, data, opts) {
  const d = data;
  switch (type) {
    case "registerAccount":
      return `registered: account id ${d["accountId"]}`;
    case "enrollUserToMarketDeployer":
      return `enrolled in market deployer ${d["marketDeployerId"]}`;
    case "updateIsolatedMargin":
      return `isolated margin ${money(d["isoBefore"], opts.coin)} -> ${money(d["isoAfter"], opts.coin)}`;
    case "updateLeverage":
      return `leverage set to ${d["leverage"]}x on contract ${d["asset"]}`;
    case "updateMarginMode":
      return `margin mode set to ${d["marginMode"]} on contract ${d["asset"]}`;
    case "tpSl":
      return [d["tpId"] !== void 0 ? `TP id ${d["tpId"]}` : "", d["slId"] !== void 0 ? `SL id ${d["slId"]}` : ""].filter(Boolean).join(", ") || "no trigger created";
    case "cancelTpSl":
      return `cancelled ${d["cancelled"]} TP/SL trigger${d["cancelled"] === 1 ? "" : "s"}`;
    case "cancelConditional":
      return `cancelled ${d["cancelled"]} conditional order${d["cancelled"] === 1 ? "" : "s"}`;
    case "setMarginShareType":
      return `margin share type is now ${d["marginShareType"] === 1 ? "PORTFOLIO" : "UNIFIED"} (${d["marginShareType"]})`;
    case "updateFeeSetting":
      return `fees of ${d["user"]} in deployer ${d["marketDeployerId"]}: taker ${d["takerFeeRate"]}, maker ${d["makerFeeRate"]}`;
    case "approveAgent": {
      const until = d["validUntil"] === 0 ? "no expiry" : `valid until ${isoTime(Number(d["validUntil"]))}`;
      return `approved agent ${d["agentAddress"]} ${d["agentName"] === "" ? "(anonymous)" : `'${d["agentName"]}'`}, ${d["slot"]} slot, ${until}`;
    }
    case "revokeAgent":
      return `revoked agent ${d["agentAddress"]}`;
    case "lockCollateral":
    case "unlockCollateral":
    case "transferBetweenDeployers":
    case "transferMdToShareGroup":
    case "transferShareGroupToMd":
    case "lockIntoShareGroup":
    case "unlockFromShareGroup":
      return `moved ${money(d["amount"], opts.coin, true)} (coin ${d["coinId"]}); source balance after: ${money(d["fromBalanceAfter"], opts.coin)}; destination balance after: ${money(d["toBalanceAfter"], opts.coin)}`;
    default:
      return canonicalJsonSafe(data);
  }
}
function canonicalJsonSafe(data) {
  try {
    return canonicalJson(data);
  } catch {
    return JSON.stringify(data);
  }
}
function renderActionOutcome(type, r, opts = {}) {
  if (!r.ok) return failureView(r.error, r.outcomeUnknown, type);
  const data = r.data;
  if (Array.isArray(data["statuses"])) {
    const statuses = data["statuses"];
    return itemsView(statuses, (s) => s === "success" || typeof s === "object" && "error" in s && type !== "order" ? cancelItem(s, opts.contract) : orderItem(s, opts.contract), [`${type} answered${req(r.requestId)}:`]);
  }
  return { tone: "success", lines: [`${dataLine(type, data, opts)}${req(r.requestId)}`] };
}

// src/forms/specs/modifyForm.ts
function queuePriorityNote(order, newPx, newSize, other = {}) {
  const priceChanges = newPx !== void 0 && compareDecimal(newPx, order.limitPx) !== 0;
  const sizeCmp = newSize === void 0 ? 0 : compareDecimal(newSize, order.origSz) ?? 1;
  const reasons = [];
  if (priceChanges) reasons.push("the price changes");
  if (sizeCmp > 0) reasons.push("the size grows");
  if (other.tif !== void 0) reasons.push("the tif changes");
  if (other.cloid !== void 0) reasons.push("the cloid changes");
  if (reasons.length === 0 && sizeCmp < 0) return "keeps queue priority (same price, smaller size)";
  if (reasons.length === 0) reasons.push("the size does not shrink");
  return `goes to the back of the level (${reasons.join(", ")})`;
}
var KEEP = "keep";
var TIF_CHOICES = [{ text: KEEP, label: "keep the current tif" }, { text: "Gtc" }, { text: "Alo" }];
var orderScales = (ctx) => orderContract(ctx);
function filledRaw(order, c) {
  try {
    return parseDecimal(order.origSz, c.qtyScale, "origSz") - parseDecimal(order.sz, c.qtyScale, "sz");
  } catch {
    return void 0;
  }
}
var modifyForm = defineForm({
  id: "modify",
  title: "Modify order",
  actionType: "modify",
  needs: needsFor("modify"),
  fields: {
    price: priceField({ label: "Price", help: "new limit price; unchanged keeps it", scales: orderScales, default: (ctx) => ctx.selectedOrder?.limitPx ?? "" }),
    size: sizeField({
      label: "Size",
      help: "new TOTAL size, including what already filled",
      scales: orderScales,
      default: (ctx) => ctx.selectedOrder?.origSz ?? ""
    }),
    tif: choiceField({ label: "Tif", help: "only Gtc or Alo can rest", choices: () => TIF_CHOICES, map: (t) => t === KEEP ? void 0 : t, default: () => KEEP }),
    cloid: cloidField({ label: "New cloid", help: "optional new client order id", optional: true })
  },
  unavailable(ctx) {
    if (!ctx.selectedOrder) return "select an open order in the orders pane first";
    if (!orderContract(ctx)) return `contract ${ctx.selectedOrder.asset} of order ${ctx.selectedOrder.oid} is not in configs`;
    return void 0;
  },
  build(v2, ctx) {
    const order = ctx.selectedOrder;
    const c = orderContract(ctx);
    const newPx = formatDecimal(v2.price, c.priceScale);
    const newSz = formatDecimal(v2.size, c.qtyScale);
    const p = compareDecimal(newPx, order.limitPx) === 0 ? void 0 : newPx;
    const s = compareDecimal(newSz, order.origSz) === 0 ? void 0 : newSz;
    const tif = v2.tif !== void 0 && v2.tif !== order.tif ? v2.tif : void 0;
    if (p === void 0 && s === void 0 && tif === void 0 && v2.cloid === void 0) {
      return { ok: false, error: "nothing to change: edit the price, size, tif or cloid" };
    }
    const filled = filledRaw(order, c);
    if (s !== void 0 && filled !== void 0 && v2.size <= filled) {
      return { ok: false, error: `Size: must exceed the already-filled ${formatSize(filled, c)}` };
    }
    if (p !== void 0) {
      const at = wouldCross(bookSides(ctx, c), order.isBuy, v2.price, c.priceScale);
      if (at !== void 0) {
        return {
          ok: false,
          error: `Price: ${formatPrice(v2.price, c)} would cross the best ${order.isBuy ? "ask" : "bid"} ${formatPrice(at, c)}; a modify cannot take liquidity (cancel and place a new order instead)`
        };
      }
    }
    if (v2.cloid !== void 0) {
      const other = ctx.openOrders.find((o) => o.cloid === v2.cloid && o.oid !== order.oid);
      if (other) return { ok: false, error: `New cloid: already used by open order ${other.oid}` };
    }
    const params = { contractId: c.contractId, oid: order.oid };
    if (p !== void 0) params.price = p;
    if (s !== void 0) params.size = s;
    if (tif !== void 0) params.tif = tif;
    if (v2.cloid !== void 0) params.newCloid = v2.cloid;
    const changes = [
      p !== void 0 ? `price ${formatPrice(order.limitPx, c)} -> ${formatPrice(v2.price, c)}` : void 0,
      s !== void 0 ? `size ${formatSize(order.origSz, c)} -> ${formatSize(v2.size, c)}` : void 0,
      tif !== void 0 ? `tif ${order.tif} -> ${tif}` : void 0,
      v2.cloid !== void 0 ? `cloid -> ${v2.cloid}` : void 0
    ].filter((x) => x !== void 0);
    const summary = [
      `Modify ${order.isBuy ? "buy" : "sell"} order ${order.oid} on ${c.name}: ${changes.join(", ")}`,
      `Queue: ${queuePriorityNote(order, p, s, { tif, cloid: v2.cloid })}`
    ];
    const notional = notionalRaw(v2.price, v2.size, c.priceScale, c.qtyScale, collateralCoin(ctx.configs).decimals);
    return { ok: true, value: { action: build.modify(params), call: { kind: "modify", params }, summary, notional } };
  },
  confirm(v2, ctx) {
    const order = ctx.selectedOrder;
    const c = orderContract(ctx);
    const filled = filledRaw(order, c) ?? 0n;
    const leaves = v2.size > filled ? v2.size - filled : 0n;
    const kind = (v2.tif ?? order.tif) === "Alo" ? "Alo" : "Gtc";
    return [preTradeFor(ctx, { contract: c, isBuy: order.isBuy, kind, price: v2.price, size: leaves, reduceOnly: order.reduceOnly, replaces: order })];
  }
});

// src/forms/specs/orderForm.ts
var SIDES = [{ text: "Buy" }, { text: "Sell" }];
var ORDER_KINDS = [
  { text: "Gtc", label: "limit, good till cancelled" },
  { text: "Ioc", label: "limit, immediate or cancel" },
  { text: "Alo", label: "limit, post-only" },
  { text: "Market", label: "market" }
];
var isMarket = (texts2) => (texts2["type"] ?? "").trim().toLowerCase() === "market";
function orderSpecOf(contract, o) {
  const spec = {
    contractId: contract.contractId,
    isBuy: o.isBuy,
    size: formatDecimal(o.size, contract.qtyScale),
    reduceOnly: o.reduceOnly,
    tif: o.kind
  };
  if (o.kind !== "Market" && o.price !== void 0) spec.price = formatDecimal(o.price, contract.priceScale);
  if (o.cloid !== void 0) spec.cloid = o.cloid;
  return spec;
}
function describeOrder(contract, s) {
  const side = s.isBuy ? "Buy" : "Sell";
  const where = s.price === void 0 ? "at market" : `@ ${formatPrice(s.price, contract)} ${s.tif ?? "Gtc"}`;
  return `${side} ${formatSize(s.size, contract)} ${contract.name} ${where}${s.reduceOnly ? ", reduce-only" : ""}${s.cloid ? `, cloid ${s.cloid}` : ""}`;
}
function cloidClash(ctx, cloid) {
  if (cloid === void 0) return void 0;
  const o = ctx.openOrders.find((x) => x.cloid === cloid);
  return o ? `Cloid: already used by open order ${o.oid}` : void 0;
}
var orderForm = defineForm({
  id: "order",
  title: "New order",
  actionType: "order",
  needs: needsFor("order"),
  fields: {
    side: choiceField({ label: "Side", help: "Buy (long) or Sell (short)", choices: () => SIDES, map: (t) => t === "Buy", default: () => "Buy" }),
    type: choiceField({
      label: "Type",
      help: "Gtc rests until filled or cancelled; Ioc cancels what does not fill at once; Alo is post-only; Market takes the book",
      choices: () => ORDER_KINDS,
      map: (t) => t,
      default: () => "Gtc"
    }),
    price: when(priceField({ label: "Price", help: "limit price, a multiple of the tick size" }), (texts2) => !isMarket(texts2)),
    size: sizeField({
      label: "Size",
      help: "a multiple of the step size",
      default: (ctx) => ctx.contract ? defaultSizeText(ctx.contract, ctx.settings, markRaw(ctx, ctx.contract)) : ""
    }),
    reduceOnly: toggleField({ label: "Reduce-only", help: "only ever reduces the position", default: () => "no" }),
    cloid: cloidField({ label: "Cloid", help: "optional client order id (digits); one is generated when empty", optional: true })
  },
  unavailable: contractUnavailable,
  build(v2, ctx) {
    const contract = ctx.contract;
    const clash = cloidClash(ctx, v2.cloid);
    if (clash) return { ok: false, error: clash };
    const spec = orderSpecOf(contract, { isBuy: v2.side, kind: v2.type, price: v2.price, size: v2.size, reduceOnly: v2.reduceOnly, cloid: v2.cloid });
    const summary = [describeOrder(contract, spec)];
    if (v2.type === "Market") summary.push("a market order takes whatever the book offers; an Ioc limit bounds the price");
    return { ok: true, value: { action: build.order([spec]), call: { kind: "order", specs: [spec] }, summary } };
  },
  confirm(v2, ctx) {
    return [preTradeFor(ctx, { contract: ctx.contract, isBuy: v2.side, kind: v2.type, price: v2.price, size: v2.size, reduceOnly: v2.reduceOnly })];
  }
});

// src/forms/specs/orderBatchForm.ts
var BUY = /* @__PURE__ */ new Set(["buy", "b", "long"]);
var SELL = /* @__PURE__ */ new Set(["sell", "s", "short"]);
var TIFS = { gtc: "Gtc", ioc: "Ioc", alo: "Alo" };
function parseLine(text, line, contract) {
  const fail = (problem) => ({ line, ok: false, error: `line ${line}: ${problem}` });
  const tokens = text.trim().split(/\s+/);
  const sideWord = (tokens.shift() ?? "").toLowerCase();
  if (!BUY.has(sideWord) && !SELL.has(sideWord)) return fail(`Side: start with buy or sell, not "${sideWord.slice(0, 12)}"`);
  const sizeText = tokens.shift();
  if (sizeText === void 0) return fail("Size: missing");
  const order = { line, isBuy: BUY.has(sideWord), kind: "Gtc", size: 0n, reduceOnly: false };
  try {
    order.size = parseSize(sizeText, contract, "Size");
  } catch (e) {
    if (e instanceof DecimalError) return fail(e.message);
    throw e;
  }
  let market = false;
  let tifSeen = false;
  while (tokens.length > 0) {
    const t = tokens.shift();
    const low = t.toLowerCase();
    if (t === "@") {
      const p = tokens.shift();
      if (p === void 0) return fail("Price: missing after @");
      try {
        order.price = parsePrice(p, contract, "Price");
      } catch (e) {
        if (e instanceof DecimalError) return fail(e.message);
        throw e;
      }
    } else if (low === "market") market = true;
    else if (TIFS[low] !== void 0) {
      if (tifSeen) return fail("Type: more than one of gtc/ioc/alo");
      tifSeen = true;
      order.kind = TIFS[low];
    } else if (low === "ro") order.reduceOnly = true;
    else if (low.startsWith("c=")) {
      const c = t.slice(2);
      if (!/^[1-9]\d{0,18}$/.test(c) || BigInt(c) > (1n << 63n) - 1n) return fail("Cloid: int64 digits without leading zeros");
      order.cloid = c;
    } else return fail(`unexpected "${t.slice(0, 16)}" (expected @ <price>, market, gtc, ioc, alo, ro or c=<cloid>)`);
  }
  if (market && order.price !== void 0) return fail("Price: a market order takes no price");
  if (market && tifSeen) return fail("Type: a market order takes no gtc/ioc/alo");
  if (market) order.kind = "Market";
  else if (order.price === void 0) return fail("Price: missing (write '@ <price>' or 'market')");
  return { line, ok: true, order };
}
function parseBatchLines(text, contract) {
  const out = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === "" || raw.trim().startsWith("#")) return;
    out.push(parseLine(raw, i + 1, contract));
  });
  return out;
}
var linesField = {
  kind: "text",
  label: "Orders",
  help: 'one order a line: "buy 2 @ 150", "sell 1 @ 151 ioc ro", "b 1 market", "s 1 @ 160 alo c=42"',
  parse: (text, ctx) => {
    if (!ctx.contract) return err("Orders", "no contract selected");
    const results = parseBatchLines(text, ctx.contract);
    if (results.length === 0) return err("Orders", "write at least one order");
    if (results.length > MAX_ORDERS_PER_REQUEST) return err("Orders", `at most ${MAX_ORDERS_PER_REQUEST} per request (${results.length} lines)`);
    const errors = results.filter((r) => !r.ok).map((r) => r.error);
    if (errors.length > 0) return err("Orders", errors.join("; "));
    return ok(results.map((r) => r.order));
  }
};
var orderBatchForm = defineForm({
  id: "orderBatch",
  title: "Batch of orders",
  actionType: "order",
  needs: needsFor("order"),
  fields: { lines: linesField },
  unavailable: contractUnavailable,
  build(v2, ctx) {
    const contract = ctx.contract;
    const seen = /* @__PURE__ */ new Set();
    for (const o of v2.lines) {
      const clash = cloidClash(ctx, o.cloid);
      if (clash) return { ok: false, error: `Orders line ${o.line}: ${clash}` };
      if (o.cloid !== void 0) {
        if (seen.has(o.cloid)) return { ok: false, error: `Orders line ${o.line}: Cloid: ${o.cloid} appears twice in this batch` };
        seen.add(o.cloid);
      }
    }
    const specs = v2.lines.map((o) => orderSpecOf(contract, o));
    const summary = specs.map((s, i) => `#${i + 1} ${describeOrder(contract, s)}`);
    return { ok: true, value: { action: build.order(specs), call: { kind: "order", specs }, summary } };
  },
  confirm(v2, ctx) {
    return v2.lines.map((o) => preTradeFor(ctx, { contract: ctx.contract, isBuy: o.isBuy, kind: o.kind, price: o.price, size: o.size, reduceOnly: o.reduceOnly }));
  }
});

// src/forms/specs/marginForms.ts
function money2(raw, coin, exact = false) {
  return formatMoney(raw, coin, { exact, symbol: true });
}
function tiersText(c, ctx) {
  const coin = collateralCoin(ctx.configs);
  return c.leverageTiers.map((t) => `${t.maxLeverage}x up to ${money2(t.maxNotional, coin)}`).join(", ");
}
var leverageForm = defineForm({
  id: "leverage",
  title: "Leverage",
  actionType: "updateLeverage",
  needs: needsFor("updateLeverage"),
  fields: {
    leverage: integerField({
      label: "Leverage",
      help: "a whole multiple within the contract tiers",
      min: 1,
      max: (ctx) => ctx.contract ? maxLeverage(ctx.contract) : void 0,
      default: (ctx) => {
        if (!ctx.contract) return "";
        const p = positionsOf(ctx, ctx.contract.contractId)[0];
        const lev = p?.leverage ?? ctx.leverageOf?.[ctx.contract.contractId];
        return lev === void 0 ? "" : String(lev);
      }
    })
  },
  unavailable: (ctx) => ctx.contract ? void 0 : "select a contract first",
  build(v2, ctx) {
    const c = ctx.contract;
    const coin = collateralCoin(ctx.configs);
    const summary = [`Set ${c.name} leverage to ${v2.leverage}x`, `tiers: ${tiersText(c, ctx)}`];
    for (const p of positionsOf(ctx, c.contractId)) {
      const px = markRaw(ctx, c) ?? tryDecimal(p.entryPx, c.priceScale);
      if (px === void 0) continue;
      const notional = notionalRaw(px, positionSize(p, c), c.priceScale, c.qtyScale, coin.decimals);
      const cap = tierLeverage(c, notional);
      if (cap !== void 0 && v2.leverage > cap) {
        return { ok: false, error: `Leverage: at most ${cap}x for the position's notional ${money2(notional, coin)} (tiers: ${tiersText(c, ctx)})` };
      }
      if (v2.leverage < p.leverage) summary.push(`lower than the position's ${p.leverage}x: the exchange checks the position's margin and refuses if it falls short`);
    }
    const action = build.updateLeverage(c.contractId, v2.leverage);
    return { ok: true, value: { action, call: { kind: "send", action }, summary } };
  }
});
var MODES = [
  { text: "cross", label: "shared pool" },
  { text: "isolated", label: "per-position margin" }
];
function marginModeRefusal(ctx, contractId) {
  const positions = positionsOf(ctx, contractId).length;
  const orders = ctx.openOrders.filter((o) => o.asset === contractId).length;
  if (positions === 0 && orders === 0) return void 0;
  const name = contractById(ctx.configs, contractId)?.name ?? `contract ${contractId}`;
  const what = [positions > 0 ? `${positions} open position${positions === 1 ? "" : "s"}` : "", orders > 0 ? `${orders} open order${orders === 1 ? "" : "s"}` : ""].filter(Boolean).join(" and ");
  return `Margin mode: ${name} has ${what}; the exchange switches margin mode only with no open positions or orders on the contract (close the position and cancel the orders first)`;
}
var marginModeForm = defineForm({
  id: "marginMode",
  title: "Margin mode",
  actionType: "updateMarginMode",
  needs: needsFor("updateMarginMode"),
  fields: {
    mode: choiceField({
      label: "Margin mode",
      help: "cross shares the deployer pool; isolated gives the position its own margin",
      choices: () => MODES,
      map: (t) => t,
      default: () => "isolated"
    })
  },
  unavailable: (ctx) => ctx.contract ? void 0 : "select a contract first",
  build(v2, ctx) {
    const c = ctx.contract;
    const refusal = marginModeRefusal(ctx, c.contractId);
    if (refusal) return { ok: false, error: refusal };
    const action = build.updateMarginMode(c.contractId, v2.mode);
    return { ok: true, value: { action, call: { kind: "send", action }, summary: [`Switch ${c.name} to ${v2.mode} margin`], alwaysConfirm: true } };
  }
});
var DIRECTIONS = [
  { text: "Add", label: "cross pool -> position" },
  { text: "Remove", label: "position -> cross pool" }
];
var isolatedMarginForm = defineForm({
  id: "isolatedMargin",
  title: "Isolated margin",
  actionType: "updateIsolatedMargin",
  needs: needsFor("updateIsolatedMargin"),
  fields: {
    direction: choiceField({ label: "Direction", help: "Add takes from the cross pool; Remove returns to it", choices: () => DIRECTIONS, map: (t) => t === "Add", default: () => "Add" }),
    amount: amountField({ label: "Amount", help: "in collateral coins, e.g. 25.5", decimals: (ctx) => collateralCoin(ctx.configs).decimals })
  },
  unavailable(ctx) {
    const p = targetPosition(ctx);
    if (!p) return "select a position first (or hold exactly one on the selected contract)";
    if (p.marginMode !== "isolated") return `the position is in ${p.marginMode} margin: isolated margin applies to isolated positions only`;
    return void 0;
  },
  build(v2, ctx) {
    const p = targetPosition(ctx);
    const c = contractById(ctx.configs, p.contractId) ?? ctx.contract;
    const coin = collateralCoin(ctx.configs);
    const amount = (raw) => money2(raw, coin);
    const most = BigInt(Number.MAX_SAFE_INTEGER);
    if (v2.amount > most) return { ok: false, error: `Amount: at most ${money2(most, coin, true)} in one change` };
    const iso = /^-?\d+$/.test(p.isolatedMargin) ? BigInt(p.isolatedMargin) : 0n;
    const pool = c ? marginPool(ctx, c) : { source: "" };
    if (v2.direction && pool.available !== void 0 && v2.amount > pool.available) {
      return { ok: false, error: `Amount: exceeds the cross pool's available ${amount(pool.available)}` };
    }
    if (!v2.direction && v2.amount > iso) return { ok: false, error: `Amount: exceeds the position's isolated margin ${amount(iso)}` };
    const ntli = Number(v2.direction ? v2.amount : -v2.amount);
    const action = build.updateIsolatedMargin(p.contractId, ntli, isHedge(ctx.account) ? p.isBuy : void 0);
    const delta = v2.direction ? v2.amount : -v2.amount;
    const which = `the ${p.isBuy ? "long" : "short"} ${c?.name ?? `contract ${p.contractId}`} position`;
    const summary = [
      `${v2.direction ? "Add" : "Remove"} ${money2(v2.amount, coin, true)} ${v2.direction ? "to" : "from"} the isolated margin of ${which}`,
      `isolated margin: ${amount(iso)} -> ${amount(iso + delta)}`
    ];
    if (pool.available !== void 0) summary.push(`cross available: ${amount(pool.available)} -> ${amount(pool.available - delta)}`);
    if (!v2.direction) summary.push("the exchange refuses a removal that leaves less than the initial margin");
    return { ok: true, value: { action, call: { kind: "send", action }, summary, notional: v2.amount } };
  }
});

// src/forms/specs/agentForms.ts
var ANONYMOUS_SLOTS = 1;
var NAMED_SLOTS = 3;
var MAX_EXPIRY_DAYS = 3650;
var MAX_AGENT_NAME = 64;
var DAY_MS = 864e5;
function slotUsage(agents) {
  const anonymous = agents.filter((a) => a.slot === "anonymous").length;
  const named = [...new Set(agents.filter((a) => a.slot === "named").map((a) => a.name))];
  return { anonymous, named, text: `slots: anonymous ${anonymous}/${ANONYMOUS_SLOTS}, named ${named.length}/${NAMED_SLOTS}${named.length ? ` (${named.join(", ")})` : ""}` };
}
var short = (a) => `${a.slice(0, 6)}\u2026${a.slice(-4)}`;
function approvalEffect(agents, address, name) {
  const same = agents.find((a) => a.address.toLowerCase() === address);
  if (same) {
    return { ok: true, effect: `${short(address)} is already an agent ('${same.name}', ${same.slot}): its expiry is refreshed, no extra slot is used` };
  }
  if (name === "") {
    const anon = agents.find((a) => a.slot === "anonymous");
    return { ok: true, effect: anon ? `takes the anonymous slot, replacing ${short(anon.address)}` : "takes the free anonymous slot" };
  }
  const byName = agents.find((a) => a.slot === "named" && a.name === name);
  if (byName) return { ok: true, effect: `replaces the named entry '${name}' (${short(byName.address)})` };
  const usage = slotUsage(agents);
  if (usage.named.length >= NAMED_SLOTS) {
    return { ok: false, error: `Name: the ${NAMED_SLOTS} named slots are full (${usage.named.join(", ")}); reuse one of those names to replace it, or revoke one first` };
  }
  return { ok: true, effect: `takes named slot ${usage.named.length + 1}/${NAMED_SLOTS}` };
}
function expiryText(validUntil, days) {
  return validUntil === 0 ? "never expires" : `expires ${isoTime(validUntil)} (in ${days} day${days === 1 ? "" : "s"})`;
}
var approveAgentForm = defineForm({
  id: "approveAgent",
  title: "Approve agent wallet",
  actionType: "approveAgent",
  needs: needsFor("approveAgent"),
  fields: {
    address: addressField({ label: "Agent address", help: "the agent wallet (generate one to have its key stored encrypted)" }),
    name: textField({ label: "Name", help: "empty = the anonymous slot; a name already used replaces that entry", optional: true, maxLength: MAX_AGENT_NAME }),
    days: integerField({ label: "Expiry (days)", help: "0 = never expires", min: 0, max: () => MAX_EXPIRY_DAYS, default: () => "30" })
  },
  build(v2, ctx) {
    const master = ctx.keys.masterAddress?.toLowerCase() ?? ctx.account?.address.toLowerCase();
    if (master !== void 0 && v2.address === master) return { ok: false, error: "Agent address: that is the master account's own address" };
    const name = v2.name ?? "";
    const effect = approvalEffect(ctx.agents, v2.address, name);
    if (!effect.ok) return effect;
    const validUntil = v2.days === 0 ? 0 : ctx.now + v2.days * DAY_MS;
    if (!Number.isSafeInteger(validUntil)) return { ok: false, error: "Expiry (days): too far in the future" };
    const action = build.approveAgent(v2.address, name, validUntil);
    const summary = [
      `Approve ${v2.address} as ${name === "" ? "the anonymous agent" : `agent '${name}'`}; ${expiryText(validUntil, v2.days)}`,
      effect.effect,
      slotUsage(ctx.agents).text,
      "an agent may trade (orders, cancels, modify, TP/SL, leverage, margin) but never move collateral or manage agents"
    ];
    return { ok: true, value: { action, call: { kind: "send", action }, summary, alwaysConfirm: true } };
  }
});
var revokeAgentForm = defineForm({
  id: "revokeAgent",
  title: "Revoke agent wallet",
  actionType: "revokeAgent",
  needs: needsFor("revokeAgent"),
  fields: {
    address: addressField({ label: "Agent address", help: "the agent to revoke", default: (ctx) => ctx.selectedAgent?.address ?? "" })
  },
  build(v2, ctx) {
    const known = ctx.agents.find((a) => a.address.toLowerCase() === v2.address);
    const summary = [
      known ? `Revoke ${v2.address} ('${known.name}', ${known.slot}${known.expired ? ", expired" : ""}): frees its slot` : `Revoke ${v2.address}: not in this account's agent list as last read; the exchange will answer for it`,
      "effective when recorded: a request already in flight may still be accepted",
      slotUsage(ctx.agents).text
    ];
    if (ctx.keys.agentAddress?.toLowerCase() === v2.address) summary.push("this is the agent key this session signs with: trading will need the master key afterwards");
    const action = build.revokeAgent(v2.address);
    return { ok: true, value: { action, call: { kind: "send", action }, summary, alwaysConfirm: true } };
  }
});

// src/forms/specs/cancelForms.ts
var cancelForm = defineForm({
  id: "cancel",
  title: "Cancel order",
  actionType: "cancel",
  needs: needsFor("cancel"),
  fields: {},
  unavailable: (ctx) => ctx.selectedOrder ? void 0 : "select an open order in the orders pane first",
  build(_v, ctx) {
    const o = ctx.selectedOrder;
    const c = orderContract(ctx);
    const name = c?.name ?? `contract ${o.asset}`;
    const cancels = [{ contractId: o.asset, oid: o.oid }];
    const order = c ? `${formatSize(o.sz, c)} ${name} @ ${formatPrice(o.limitPx, c)}` : `${o.sz} ${name} @ ${o.limitPx}`;
    const summary = [`Cancel ${o.isBuy ? "buy" : "sell"} ${order} (oid ${o.oid}${o.cloid ? `, cloid ${o.cloid}` : ""})`];
    const built = { action: build.cancel(cancels), call: { kind: "cancel", cancels }, summary };
    if (c) {
      const px = tryDecimal(o.limitPx, c.priceScale);
      const sz = tryDecimal(o.sz, c.qtyScale);
      if (px !== void 0 && sz !== void 0) built.notional = notionalRaw(px, sz, c.priceScale, c.qtyScale, collateralCoin(ctx.configs).decimals);
    }
    return { ok: true, value: built };
  }
});
var cancelByCloidForm = defineForm({
  id: "cancelByCloid",
  title: "Cancel by cloid",
  actionType: "cancelByCloid",
  needs: needsFor("cancelByCloid"),
  fields: {
    cloid: cloidField({ label: "Cloid", help: "the client order id given at placement", default: (ctx) => ctx.selectedOrder?.cloid ?? "" })
  },
  unavailable: (ctx) => ctx.contract ? void 0 : "select a contract first",
  build(v2, ctx) {
    const c = ctx.contract;
    const cancels = [{ contractId: c.contractId, cloid: v2.cloid }];
    const known = ctx.openOrders.find((o) => o.asset === c.contractId && o.cloid === v2.cloid);
    const summary = [`Cancel the ${c.name} order with cloid ${v2.cloid}`];
    summary.push(known ? `that is ${known.isBuy ? "buy" : "sell"} ${formatSize(known.sz, c)} @ ${formatPrice(known.limitPx, c)} (oid ${known.oid})` : "no open order with that cloid is shown; the exchange will answer for it");
    return { ok: true, value: { action: build.cancelByCloid(cancels), call: { kind: "cancelByCloid", cancels }, summary } };
  }
});
var cancelAllForm = defineForm({
  id: "cancelAll",
  title: "Cancel all orders",
  actionType: "cancelAll",
  needs: needsFor("cancelAll"),
  fields: {},
  unavailable: (ctx) => ctx.contract ? void 0 : "select a contract first",
  build(_v, ctx) {
    const c = ctx.contract;
    const orders = ctx.openOrders.filter((o) => o.asset === c.contractId);
    const conditionals = positionsOf(ctx, c.contractId).reduce((n, p) => n + (p.tp ? 1 : 0) + (p.sl ? 1 : 0), 0);
    const buys = orders.filter((o) => o.isBuy).length;
    const summary = [
      `Cancel ALL open orders on ${c.name}: ${orders.length} shown (${buys} buy, ${orders.length - buys} sell) and ${conditionals} TP/SL trigger${conditionals === 1 ? "" : "s"}`,
      "the exchange answers with the counts it removed"
    ];
    return { ok: true, value: { action: build.cancelAll(c.contractId), call: { kind: "cancelAll", contractId: c.contractId }, summary, alwaysConfirm: true } };
  }
});

// src/forms/movement.ts
function placeName(ctx, p) {
  if (p.kind === "chain") return "chain balance";
  if (p.kind === "md") return `deployer ${deployerName(ctx.configs, p.id)} pool`;
  return `share group ${p.id} pool`;
}
function balanceAt(ctx, p, coinId) {
  const a = ctx.account;
  if (!a) return void 0;
  if (p.kind === "chain") return balanceOf(a.chainBalances, coinId);
  if (p.kind === "md") return balanceOf(poolOf(a, p.id)?.balances, coinId);
  return groupBalance(a, p.id, coinId);
}
function coinField() {
  return choiceField({
    label: "Coin",
    help: "the coin to move",
    choices: (ctx) => (ctx.configs?.coins ?? []).map((c) => ({ text: c.name, label: `coin ${c.coinId}` })),
    map: (t, ctx) => ctx.configs?.coins.find((c) => c.name === t)?.coinId ?? 0,
    default: (ctx) => collateralCoin(ctx.configs).name
  });
}
function amountOfCoinField() {
  return amountField({
    label: "Amount",
    help: "in coins, e.g. 250.5 (sent as the coin's smallest units)",
    decimals: (ctx, texts2) => ctx.configs?.coins.find((c) => c.name.toLowerCase() === (texts2["coin"] ?? "").trim().toLowerCase())?.decimals
  });
}
function deployerField(label, help, fallback) {
  return choiceField({
    label,
    help,
    choices: (ctx) => (ctx.configs?.marketDeployers ?? []).map((m) => ({ text: String(m.marketDeployerId), label: m.name })),
    map: (t) => Number(t),
    default: (ctx) => {
      const id = fallback(ctx);
      return id === void 0 ? "" : String(id);
    }
  });
}
function groupField() {
  return choiceField({
    label: "Share group",
    help: "a portfolio share group",
    choices: (ctx) => shareGroupIds(ctx).map((id) => ({ text: String(id) })),
    map: (t) => Number(t),
    default: (ctx) => {
      const id = ctx.contract?.shareGroupId ?? shareGroupIds(ctx)[0];
      return id === void 0 ? "" : String(id);
    }
  });
}
var currentDeployer = (ctx) => ctx.contract?.marketDeployerId ?? ctx.configs?.marketDeployers[0]?.marketDeployerId;
function isEnrolled(ctx, md) {
  return ctx.account ? ctx.account.marketDeployers.some((p) => p.marketDeployerId === md) : void 0;
}
function planMovement(ctx, from, to, coinId, amount) {
  const coin = coinById(ctx.configs, coinId);
  const money3 = (raw) => formatMoney(raw, coin, { symbol: true });
  const moved = (raw) => formatMoney(raw, coin, { exact: true, symbol: true });
  if (to.kind === "md" && isEnrolled(ctx, to.id) === false) {
    return { ok: false, error: `Deployer: not enrolled in ${deployerName(ctx.configs, to.id)}; enroll first (money enters a deployer only after enrolment)` };
  }
  if (to.kind === "group" && ctx.account && ctx.account.marginShareType !== "PORTFOLIO") {
    return { ok: false, error: "Share group: money enters a share group only in PORTFOLIO mode; switch the margin share type first" };
  }
  const before = balanceAt(ctx, from, coinId);
  if (before !== void 0 && amount > before) return { ok: false, error: `Amount: exceeds the ${placeName(ctx, from)} of ${money3(before)}` };
  if (from.kind === "md" && ctx.account && coinId === collateralCoin(ctx.configs).coinId) {
    const pool = poolOf(ctx.account, from.id);
    if (pool && /^\d+$/.test(pool.withdrawable) && amount > BigInt(pool.withdrawable)) {
      return { ok: false, error: `Amount: exceeds what ${placeName(ctx, from)} can release now, ${money3(BigInt(pool.withdrawable))} (positions and orders hold the rest)` };
    }
  }
  const lines = [`Move ${moved(amount)} from the ${placeName(ctx, from)} to the ${placeName(ctx, to)}`];
  const toBefore = balanceAt(ctx, to, coinId);
  if (before === void 0 || toBefore === void 0) lines.push("balances unknown (account not loaded yet)");
  else {
    lines.push(`${placeName(ctx, from)}: ${money3(before)} -> ${money3(before - amount)}`);
    lines.push(`${placeName(ctx, to)}: ${money3(toBefore)} -> ${money3(toBefore + amount)}`);
  }
  return { ok: true, lines };
}
function groupDeployerMismatch(ctx, md, groupId) {
  const owner = groupDeployer(ctx.configs, groupId);
  if (owner === void 0 || owner === md) return void 0;
  return `Deployer: share group ${groupId} belongs to ${deployerName(ctx.configs, owner)}`;
}

// src/forms/specs/collateralForms.ts
var noConfigs = (ctx) => ctx.configs ? void 0 : "contract configuration not loaded yet";
var lockCollateralForm = defineForm({
  id: "lockCollateral",
  title: "Lock collateral (chain -> deployer)",
  actionType: "lockCollateral",
  needs: needsFor("lockCollateral"),
  fields: {
    deployer: deployerField("Deployer", "the market deployer whose cross pool receives the funds", currentDeployer),
    coin: coinField(),
    amount: amountOfCoinField()
  },
  unavailable: noConfigs,
  build(v2, ctx) {
    const plan = planMovement(ctx, { kind: "chain" }, { kind: "md", id: v2.deployer }, v2.coin, v2.amount);
    if (!plan.ok) return plan;
    const action = build.lockCollateral(v2.deployer, v2.coin, v2.amount.toString());
    return { ok: true, value: { action, call: { kind: "send", action }, summary: plan.lines, alwaysConfirm: true } };
  }
});
var unlockCollateralForm = defineForm({
  id: "unlockCollateral",
  title: "Unlock collateral (deployer -> chain)",
  actionType: "unlockCollateral",
  needs: needsFor("unlockCollateral"),
  fields: {
    deployer: deployerField("Deployer", "the market deployer whose cross pool releases the funds", currentDeployer),
    coin: coinField(),
    amount: amountOfCoinField()
  },
  unavailable: noConfigs,
  build(v2, ctx) {
    const plan = planMovement(ctx, { kind: "md", id: v2.deployer }, { kind: "chain" }, v2.coin, v2.amount);
    if (!plan.ok) return plan;
    const action = build.unlockCollateral(v2.deployer, v2.coin, v2.amount.toString());
    return { ok: true, value: { action, call: { kind: "send", action }, summary: plan.lines, alwaysConfirm: true } };
  }
});
var transferBetweenDeployersForm = defineForm({
  id: "transferBetweenDeployers",
  title: "Transfer between deployers",
  actionType: "transferBetweenDeployers",
  needs: needsFor("transferBetweenDeployers"),
  fields: {
    from: deployerField("From", "the deployer pool the funds leave", currentDeployer),
    to: deployerField("To", "the deployer pool the funds enter", (ctx) => ctx.configs?.marketDeployers.find((m) => m.marketDeployerId !== currentDeployer(ctx))?.marketDeployerId),
    coin: coinField(),
    amount: amountOfCoinField()
  },
  unavailable: noConfigs,
  build(v2, ctx) {
    if (v2.from === v2.to) return { ok: false, error: "To: the same deployer as From; nothing would move" };
    const plan = planMovement(ctx, { kind: "md", id: v2.from }, { kind: "md", id: v2.to }, v2.coin, v2.amount);
    if (!plan.ok) return plan;
    const action = build.transferBetweenDeployers(v2.from, v2.to, v2.coin, v2.amount.toString());
    return { ok: true, value: { action, call: { kind: "send", action }, summary: [...plan.lines, "the chain balance is unaffected"], alwaysConfirm: true } };
  }
});

// src/forms/specs/deployerForms.ts
var noConfigs2 = (ctx) => ctx.configs ? void 0 : "contract configuration not loaded yet";
var enrollForm = defineForm({
  id: "enroll",
  title: "Enroll in a market deployer",
  actionType: "enrollUserToMarketDeployer",
  needs: needsFor("enrollUserToMarketDeployer"),
  fields: {
    deployer: deployerField("Deployer", "the market deployer whose contracts you want to trade", (ctx) => {
      const free = ctx.configs?.marketDeployers.find((m) => isEnrolled(ctx, m.marketDeployerId) === false);
      return (free ?? ctx.configs?.marketDeployers[0])?.marketDeployerId;
    })
  },
  unavailable: noConfigs2,
  build(v2, ctx) {
    if (isEnrolled(ctx, v2.deployer) === true) return { ok: false, error: `Deployer: already enrolled in ${deployerName(ctx.configs, v2.deployer)}` };
    const contracts = (ctx.configs?.contracts ?? []).filter((c) => c.marketDeployerId === v2.deployer && c.status === "Active").map((c) => c.name);
    const summary = [
      `Enroll in ${deployerName(ctx.configs, v2.deployer)}`,
      `its active contracts: ${contracts.length ? contracts.join(", ") : "none listed"}; lock collateral into its pool to trade them`
    ];
    const action = build.enroll(v2.deployer);
    return { ok: true, value: { action, call: { kind: "send", action }, summary, alwaysConfirm: true } };
  }
});
function rateField(label, signed) {
  return decimalField({
    label,
    help: `a fraction with up to ${RATE_SCALE} decimals, e.g. 0.0005 for 0.05 %${signed ? "; negative is a rebate" : ""}`,
    scale: () => RATE_SCALE,
    signed
  });
}
var updateFeeSettingForm = defineForm({
  id: "updateFeeSetting",
  title: "Fee setting (deployer operator)",
  actionType: "updateFeeSetting",
  needs: needsFor("updateFeeSetting"),
  fields: {
    deployer: deployerField("Deployer", "the deployer whose fees to set (you must be its operator)", (ctx) => {
      const me = ctx.keys.masterAddress?.toLowerCase();
      return ctx.configs?.marketDeployers.find((m) => me !== void 0 && m.operator?.toLowerCase() === me)?.marketDeployerId ?? ctx.contract?.marketDeployerId;
    }),
    user: addressField({ label: "User", help: "the account whose taker and maker rates to override" }),
    taker: rateField("Taker fee rate", false),
    maker: rateField("Maker fee rate", true)
  },
  unavailable: noConfigs2,
  build(v2, ctx) {
    const md = ctx.configs?.marketDeployers.find((m) => m.marketDeployerId === v2.deployer);
    const me = ctx.keys.masterAddress?.toLowerCase();
    if (md?.operator !== void 0 && me !== void 0 && md.operator.toLowerCase() !== me) {
      return { ok: false, error: `Deployer: only its operator ${md.operator} may set fees; this session's master key is ${me}` };
    }
    for (const [label, r] of [["Taker fee rate", v2.taker], ["Maker fee rate", v2.maker]]) {
      if (r > RATE_ONE || r < -RATE_ONE) return { ok: false, error: `${label}: a fraction between -1 and 1 (0.0005 = 0.05 %)` };
    }
    const taker = formatDecimal(v2.taker, RATE_SCALE);
    const maker = formatDecimal(v2.maker, RATE_SCALE);
    const action = build.updateFeeSetting(v2.deployer, v2.user, taker, maker);
    const summary = [
      `Set ${v2.user}'s fees in ${deployerName(ctx.configs, v2.deployer)}: taker ${taker}, maker ${maker}`,
      "user-level overrides take priority over the contract and deployer rates"
    ];
    return { ok: true, value: { action, call: { kind: "send", action }, summary, alwaysConfirm: true } };
  }
});

// src/forms/specs/shareGroupForms.ts
var noGroups = (ctx) => !ctx.configs ? "contract configuration not loaded yet" : void 0;
var groupOwner = (ctx) => {
  const g = ctx.contract?.shareGroupId ?? ctx.shareGroupDefs[0]?.groupId;
  return (g === void 0 ? void 0 : groupDeployer(ctx.configs, g)) ?? currentDeployer(ctx);
};
var transferMdToShareGroupForm = defineForm({
  id: "transferMdToShareGroup",
  title: "Deployer pool -> share group",
  actionType: "transferMdToShareGroup",
  needs: needsFor("transferMdToShareGroup"),
  fields: {
    group: groupField(),
    deployer: deployerField("Deployer", "the deployer pool the funds leave (the group's own deployer)", groupOwner),
    coin: coinField(),
    amount: amountOfCoinField()
  },
  unavailable: noGroups,
  build(v2, ctx) {
    const mismatch = groupDeployerMismatch(ctx, v2.deployer, v2.group);
    if (mismatch) return { ok: false, error: mismatch };
    const plan = planMovement(ctx, { kind: "md", id: v2.deployer }, { kind: "group", id: v2.group }, v2.coin, v2.amount);
    if (!plan.ok) return plan;
    const action = build.transferMdToShareGroup(v2.deployer, v2.group, v2.coin, v2.amount.toString());
    return { ok: true, value: { action, call: { kind: "send", action }, summary: plan.lines, alwaysConfirm: true } };
  }
});
var transferShareGroupToMdForm = defineForm({
  id: "transferShareGroupToMd",
  title: "Share group -> deployer pool",
  actionType: "transferShareGroupToMd",
  needs: needsFor("transferShareGroupToMd"),
  fields: {
    group: groupField(),
    deployer: deployerField("Deployer", "the deployer pool the funds enter (the group's own deployer)", groupOwner),
    coin: coinField(),
    amount: amountOfCoinField()
  },
  unavailable: noGroups,
  build(v2, ctx) {
    const mismatch = groupDeployerMismatch(ctx, v2.deployer, v2.group);
    if (mismatch) return { ok: false, error: mismatch };
    const plan = planMovement(ctx, { kind: "group", id: v2.group }, { kind: "md", id: v2.deployer }, v2.coin, v2.amount);
    if (!plan.ok) return plan;
    const action = build.transferShareGroupToMd(v2.deployer, v2.group, v2.coin, v2.amount.toString());
    return { ok: true, value: { action, call: { kind: "send", action }, summary: plan.lines, alwaysConfirm: true } };
  }
});
var lockIntoShareGroupForm = defineForm({
  id: "lockIntoShareGroup",
  title: "Lock into share group (chain -> group)",
  actionType: "lockIntoShareGroup",
  needs: needsFor("lockIntoShareGroup"),
  fields: { group: groupField(), coin: coinField(), amount: amountOfCoinField() },
  unavailable: noGroups,
  build(v2, ctx) {
    const plan = planMovement(ctx, { kind: "chain" }, { kind: "group", id: v2.group }, v2.coin, v2.amount);
    if (!plan.ok) return plan;
    const action = build.lockIntoShareGroup(v2.group, v2.coin, v2.amount.toString());
    return { ok: true, value: { action, call: { kind: "send", action }, summary: plan.lines, alwaysConfirm: true } };
  }
});
var unlockFromShareGroupForm = defineForm({
  id: "unlockFromShareGroup",
  title: "Unlock from share group (group -> chain)",
  actionType: "unlockFromShareGroup",
  needs: needsFor("unlockFromShareGroup"),
  fields: { group: groupField(), coin: coinField(), amount: amountOfCoinField() },
  unavailable: noGroups,
  build(v2, ctx) {
    const plan = planMovement(ctx, { kind: "group", id: v2.group }, { kind: "chain" }, v2.coin, v2.amount);
    if (!plan.ok) return plan;
    const action = build.unlockFromShareGroup(v2.group, v2.coin, v2.amount.toString());
    const summary = [...plan.lines, "subject to the group's equity and margin requirements"];
    return { ok: true, value: { action, call: { kind: "send", action }, summary, alwaysConfirm: true } };
  }
});
var SHARE_TYPES = [
  { text: "UNIFIED", label: "margin per market deployer" },
  { text: "PORTFOLIO", label: "shared share-group pools" }
];
var setMarginShareTypeForm = defineForm({
  id: "setMarginShareType",
  title: "Margin share type",
  actionType: "setMarginShareType",
  needs: needsFor("setMarginShareType"),
  fields: {
    shareType: choiceField({
      label: "Share type",
      help: "UNIFIED: per-deployer margin; PORTFOLIO: orders of group members draw on the group pool",
      choices: () => SHARE_TYPES,
      map: (t) => t === "PORTFOLIO" ? 1 : 0,
      default: (ctx) => ctx.account?.marginShareType === "PORTFOLIO" ? "UNIFIED" : "PORTFOLIO"
    })
  },
  build(v2, ctx) {
    const target = v2.shareType === 1 ? "PORTFOLIO" : "UNIFIED";
    const current = ctx.account?.marginShareType;
    if (current === target) return { ok: false, error: `Share type: the account is already ${target}` };
    const coin = collateralCoin(ctx.configs);
    const summary = [`Switch the account from ${current ?? "its current type"} to ${target}; no balance moves`];
    for (const p of ctx.account?.marketDeployers ?? []) {
      summary.push(`${deployerName(ctx.configs, p.marketDeployerId)} pool: equity ${formatMoney(p.equity, coin, { symbol: true })} (unchanged)`);
    }
    for (const g of ctx.account?.shareGroups ?? []) {
      summary.push(`share group ${g.groupId}: balance ${formatMoney(g.balance, coinById(ctx.configs, g.coinId), { symbol: true })} (unchanged)`);
    }
    summary.push(
      target === "PORTFOLIO" ? "orders on share-group members will draw on the group pool: move funds into it with the share-group forms" : "share-group funds stay in the group until moved out"
    );
    const action = build.setMarginShareType(v2.shareType);
    return { ok: true, value: { action, call: { kind: "send", action }, summary, alwaysConfirm: true } };
  }
});

// src/forms/specs/tpSlForms.ts
function positionContract(ctx) {
  const p = targetPosition(ctx);
  return p ? ctx.contract?.contractId === p.contractId ? ctx.contract : contractById(ctx.configs, p.contractId) : void 0;
}
function noPosition(ctx) {
  const p = targetPosition(ctx);
  if (!p) return "select a position first (or hold exactly one on the selected contract)";
  if (!positionContract(ctx)) return `contract ${p.contractId} of the position is not in configs`;
  return void 0;
}
function describePosition(p, c) {
  return `${p.isBuy ? "long" : "short"} ${formatSize(p.size, c)} ${c.name} (entry ${formatPrice(p.entryPx, c)})`;
}
function legs(p, c) {
  const out = [];
  if (p.tp) out.push(`TP #${p.tp.id} @ ${formatPrice(p.tp.triggerPx, c)}${p.tp.sz ? ` for ${formatSize(p.tp.sz, c)}` : ""}`);
  if (p.sl) out.push(`SL #${p.sl.id} @ ${formatPrice(p.sl.triggerPx, c)}${p.sl.sz ? ` for ${formatSize(p.sl.sz, c)}` : ""}`);
  return out.length > 0 ? out.join(", ") : "none";
}
var tpSlForm = defineForm({
  id: "tpSl",
  title: "Take-profit / stop-loss",
  actionType: "tpSl",
  needs: needsFor("tpSl"),
  fields: {
    tpPx: priceField({ label: "TP price", help: "take-profit trigger; empty for none", optional: true, scales: positionContract }),
    tpSz: sizeField({ label: "TP size", help: "empty = the whole position", optional: true, scales: positionContract }),
    slPx: priceField({ label: "SL price", help: "stop-loss trigger; empty for none", optional: true, scales: positionContract }),
    slSz: sizeField({ label: "SL size", help: "empty = the whole position", optional: true, scales: positionContract })
  },
  unavailable: noPosition,
  build(v2, ctx) {
    const p = targetPosition(ctx);
    const c = positionContract(ctx);
    if (v2.tpPx === void 0 && v2.tpSz !== void 0) return { ok: false, error: "TP size: needs a TP price" };
    if (v2.slPx === void 0 && v2.slSz !== void 0) return { ok: false, error: "SL size: needs an SL price" };
    if (v2.tpPx === void 0 && v2.slPx === void 0) return { ok: false, error: "TP price: set a take-profit or a stop-loss trigger (or both)" };
    const size = positionSize(p, c);
    for (const [label, sz] of [["TP size", v2.tpSz], ["SL size", v2.slSz]]) {
      if (sz !== void 0 && sz > size) return { ok: false, error: `${label}: at most the position size ${formatSize(size, c)}` };
    }
    const mark = markRaw(ctx, c);
    const ref = mark ?? tryDecimal(p.entryPx, c.priceScale);
    const refName = mark !== void 0 ? "the mark" : "the entry";
    const long = p.isBuy;
    if (ref !== void 0) {
      const refText = formatPrice(ref, c);
      if (v2.tpPx !== void 0 && (long ? v2.tpPx <= ref : v2.tpPx >= ref)) {
        return { ok: false, error: `TP price: must be ${long ? "above" : "below"} ${refName} ${refText} for a ${long ? "long" : "short"} position` };
      }
      if (v2.slPx !== void 0 && (long ? v2.slPx >= ref : v2.slPx <= ref)) {
        return { ok: false, error: `SL price: must be ${long ? "below" : "above"} ${refName} ${refText} for a ${long ? "long" : "short"} position` };
      }
    }
    const leg = (px, sz) => {
      if (px === void 0) return void 0;
      const l = { triggerPx: formatDecimal(px, c.priceScale) };
      if (sz !== void 0) l.sz = formatDecimal(sz, c.qtyScale);
      return l;
    };
    const t = { asset: c.contractId };
    if (isHedge(ctx.account)) t.isBuy = p.isBuy;
    const tp = leg(v2.tpPx, v2.tpSz);
    const sl = leg(v2.slPx, v2.slSz);
    if (tp) t.tp = tp;
    if (sl) t.sl = sl;
    const action = build.tpSl(t);
    const summary = [`TP/SL on ${describePosition(p, c)}; triggers consume no margin`];
    if (tp) summary.push(`TP: trigger ${formatPrice(tp.triggerPx, c)}, ${tp.sz === void 0 ? "whole position" : formatSize(tp.sz, c)}`);
    if (sl) summary.push(`SL: trigger ${formatPrice(sl.triggerPx, c)}, ${sl.sz === void 0 ? "whole position" : formatSize(sl.sz, c)}`);
    summary.push(`existing triggers: ${legs(p, c)}`);
    return { ok: true, value: { action, call: { kind: "send", action }, summary } };
  }
});
var cancelTpSlForm = defineForm({
  id: "cancelTpSl",
  title: "Cancel TP/SL of the position",
  actionType: "cancelTpSl",
  needs: needsFor("cancelTpSl"),
  fields: {},
  unavailable: noPosition,
  build(_v, ctx) {
    const p = targetPosition(ctx);
    const c = positionContract(ctx);
    const action = build.cancelTpSl(c.contractId, isHedge(ctx.account) ? p.isBuy : void 0);
    const summary = [`Cancel every TP/SL trigger of the ${describePosition(p, c)}`, `shown now: ${legs(p, c)} (the exchange answers with the count; 0 is not an error)`];
    return { ok: true, value: { action, call: { kind: "send", action }, summary } };
  }
});
var cancelConditionalForm = defineForm({
  id: "cancelConditional",
  title: "Cancel one conditional order",
  actionType: "cancelConditional",
  needs: needsFor("cancelConditional"),
  fields: {
    id: integerField({
      label: "Conditional id",
      help: "the TP or SL trigger id",
      default: (ctx) => {
        const p = targetPosition(ctx);
        const id = p?.tp?.id ?? p?.sl?.id;
        return id === void 0 ? "" : String(id);
      }
    })
  },
  unavailable: (ctx) => ctx.contract || targetPosition(ctx) ? void 0 : "select a contract or a position first",
  build(v2, ctx) {
    const p = targetPosition(ctx);
    const c = p ? positionContract(ctx) : ctx.contract;
    if (!c) return { ok: false, error: "select a contract or a position first" };
    const action = build.cancelConditional(c.contractId, v2.id);
    const leg = p?.tp?.id === v2.id ? `the TP @ ${formatPrice(p.tp.triggerPx, c)}` : p?.sl?.id === v2.id ? `the SL @ ${formatPrice(p.sl.triggerPx, c)}` : "not among the triggers shown";
    const summary = [`Cancel conditional order ${v2.id} on ${c.name} (${leg})`];
    return { ok: true, value: { action, call: { kind: "send", action }, summary } };
  }
});

// src/forms/registry.ts
var FORMS = {
  order: orderForm,
  orderBatch: orderBatchForm,
  modify: modifyForm,
  cancel: cancelForm,
  cancelByCloid: cancelByCloidForm,
  cancelAll: cancelAllForm,
  tpSl: tpSlForm,
  cancelTpSl: cancelTpSlForm,
  cancelConditional: cancelConditionalForm,
  leverage: leverageForm,
  marginMode: marginModeForm,
  isolatedMargin: isolatedMarginForm,
  lockCollateral: lockCollateralForm,
  unlockCollateral: unlockCollateralForm,
  transferBetweenDeployers: transferBetweenDeployersForm,
  transferMdToShareGroup: transferMdToShareGroupForm,
  transferShareGroupToMd: transferShareGroupToMdForm,
  lockIntoShareGroup: lockIntoShareGroupForm,
  unlockFromShareGroup: unlockFromShareGroupForm,
  setMarginShareType: setMarginShareTypeForm,
  approveAgent: approveAgentForm,
  revokeAgent: revokeAgentForm,
  enroll: enrollForm,
  updateFeeSetting: updateFeeSettingForm
};
var FORM_IDS = Object.keys(FORMS);
function formById(id) {
  return Object.prototype.hasOwnProperty.call(FORMS, id) ? FORMS[id] : void 0;
}

// src/session/agentKeystore.ts
import path2 from "node:path";
var MIN_PASSWORD = 8;
function agentKeyDir(stateDir) {
  return path2.join(stateDir, "agents");
}
async function generateAgentKeystore(stateDir, password) {
  const key = PrivateKey.generate();
  try {
    const address = key.address.toLowerCase();
    const file = path2.join(agentKeyDir(stateDir), `${address}.json`);
    await saveKeystoreFile(file, key, password);
    return { address, file };
  } finally {
    key.wipe();
  }
}

// src/session/keysLoaded.ts
function keysLoaded(signers) {
  const keys = { master: signers.has("master"), agent: signers.has("agent") };
  if (signers.masterAddress) keys.masterAddress = signers.masterAddress;
  if (signers.agentAddress) keys.agentAddress = signers.agentAddress;
  return keys;
}

// src/session/sendCall.ts
async function sendCall(client, call, opts = {}) {
  switch (call.kind) {
    case "order": {
      const outcome = await client.order(call.specs);
      return { outcome, view: renderOrderResult(outcome, opts) };
    }
    case "cancel": {
      const outcome = await client.cancel(call.cancels);
      return { outcome, view: renderCancelResult(outcome, opts) };
    }
    case "cancelByCloid": {
      const outcome = await client.cancelByCloid(call.cancels);
      return { outcome, view: renderCancelResult(outcome, opts) };
    }
    case "modify": {
      const outcome = await client.modify(call.params);
      return { outcome, view: renderModifyResult(outcome, opts) };
    }
    case "cancelAll": {
      const outcome = await client.cancelAll(call.contractId);
      return { outcome, view: renderCancelAllResult(outcome) };
    }
    case "send": {
      const outcome = await client.send(call.action);
      return { outcome, view: renderActionOutcome(call.action.type, outcome, opts) };
    }
  }
}
function renderOptionsFor(configs, call) {
  const opts = { coin: collateralCoin(configs) };
  const ids = call.kind === "modify" ? [call.params.contractId] : call.kind === "order" ? call.specs.map((s) => s.contractId) : call.kind === "cancel" || call.kind === "cancelByCloid" ? call.cancels.map((c) => c.contractId) : [];
  if (ids.length > 0 && ids.every((id) => id === ids[0])) opts.contract = contractById(configs, ids[0]);
  return opts;
}

export {
  MIN_PASSWORD,
  agentKeyDir,
  generateAgentKeystore,
  textField,
  keyRequirement,
  initialTexts,
  evaluateForm,
  collateralCoin,
  coinById,
  deployerName,
  contextFromState,
  MISSING,
  parseLooseDecimal,
  toRaw,
  MINUS,
  formatPrice,
  formatSize,
  DEFAULT_COIN_DECIMALS,
  formatMoney,
  formatCompact,
  priceAxis,
  axisPrices,
  bestPrices,
  pressKey,
  blockerLines,
  needsOverride,
  confirmPlan,
  poolView,
  atCursor,
  joinBest,
  flatten,
  reverse,
  closeHalf,
  ladder,
  createAlertState,
  snapshotOf,
  detectAlerts,
  renderActionOutcome,
  slotUsage,
  formById,
  WsClient,
  defaultWsUrl,
  selectContract,
  createSession,
  keysLoaded,
  sendCall,
  renderOptionsFor,
  StartupError,
  openTarget,
  loadDeploymentKeys,
  resolveContract
};
