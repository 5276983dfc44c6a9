import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { recoverSigner } from '../../../src/protocol/index.js';
import { subscriptionKey, type Fill, type L2Book, type OpenOrder, type OrderLookup, type Subscription } from '../../../src/protocol/wire/index.js';
import { REAL_CONFIGS } from '../../support/realConfigs.js';

/**
 * A deliberately small, misbehaving-on-demand exchange for client tests that cannot use
 * the embedded one: it speaks the wire shapes, checks signatures, keeps orders by oid and
 * cloid, and injects faults the real control route does not offer (garbage, truncated,
 * oversized bodies and frames; muted streams; missing acks).
 */
export type HttpFault = 'dropAfterApply' | 'dropBeforeApply' | 'error500' | 'error500AfterApply' | 'delayAfterApply' | 'garbage' | 'truncated' | 'oversized';

interface Client {
  ws: WebSocket;
  subs: Map<string, Subscription>;
  user: string | undefined;
}

export interface FakeExchange {
  url: string;
  wsUrl: string;
  /** Register a master address (lowercase) and optional agents for it. */
  register(master: string, agents?: string[]): void;
  failNext(...faults: HttpFault[]): void;
  /** Orders ever applied per cloid: a value of 2 is a double order. */
  appliedPerCloid: Map<string, number>;
  orders: Map<number, OrderLookup>;
  book: L2Book;
  fills: Fill[];
  /** Publish the current book (and bbo) to subscribers; bumps book.time. */
  tick(): void;
  publishFill(f: Fill): void;
  dropConnections(): number;
  /** Stop sending channel data while keeping sockets, acks and pongs alive. */
  muteData(on: boolean): void;
  /** Stop answering pings too: the whole connection goes quiet. */
  muteAll(on: boolean): void;
  noAcks(on: boolean): void;
  sendRaw(data: string | Buffer, binary?: boolean): void;
  connections(): number;
  infoRequests: Map<string, number>;
  delayMs: number;
  close(): Promise<void>;
}

/** The market the fake answers to `configs`: the embedded exchange's own, so the two cannot drift. */
export const CONFIGS = REAL_CONFIGS;

export async function startFakeExchange(opts: { tickMs?: number } = {}): Promise<FakeExchange> {
  const masters = new Set<string>();
  const agentOf = new Map<string, string>();
  const faults: HttpFault[] = [];
  const seenNonces = new Set<string>();
  const appliedPerCloid = new Map<string, number>();
  const orders = new Map<number, OrderLookup>();
  const infoRequests = new Map<string, number>();
  const fills: Fill[] = [];
  const clients = new Set<Client>();
  let nextOid = 1;
  let requestSeq = 0;
  let mutedData = false;
  let mutedAll = false;
  let acks = true;
  const book: L2Book = { contractId: 1, time: 1, levels: [[{ px: '99', sz: '5', n: 1 }], [{ px: '101', sz: '5', n: 1 }]] };

  const reqId = () => `req-${++requestSeq}`;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const httpError = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { status: 'error', requestId: reqId(), code, message });

  function openOrdersOf(): OpenOrder[] {
    return [...orders.values()].filter((l) => l.status === 'open').map((l) => l.order);
  }

  function apply(action: { type: string } & Record<string, unknown>): unknown {
    switch (action.type) {
      case 'order': {
        const statuses = (action['orders'] as { a: number; b: boolean; p?: string; s: string; c?: string }[]).map((o) => {
          if (o.s === '0') return { error: 'size must be positive' };
          const oid = nextOid++;
          const order: OpenOrder = { oid, asset: o.a, isBuy: o.b, limitPx: o.p ?? '0', sz: o.s, tif: 'Gtc', origSz: o.s, reduceOnly: false, timestamp: Date.now() };
          if (o.c !== undefined) {
            order.cloid = o.c;
            appliedPerCloid.set(o.c, (appliedPerCloid.get(o.c) ?? 0) + 1);
          }
          orders.set(oid, { order, status: 'open', statusTimestamp: Date.now() });
          publishOrders([order], []);
          return { resting: { oid } };
        });
        return { statuses };
      }
      case 'cancel':
      case 'cancelByCloid': {
        const statuses = (action['cancels'] as { o?: number; cloid?: string }[]).map((c) => {
          const l = c.o !== undefined ? orders.get(c.o) : [...orders.values()].find((x) => x.order.cloid === c.cloid);
          if (!l || l.status !== 'open') return { error: 'order not found' };
          l.status = 'canceled';
          publishOrders([], [l.order.oid]);
          return 'success';
        });
        return { statuses };
      }
      case 'modify': {
        const l = orders.get(action['oid'] as number);
        if (!l || l.status !== 'open') return { orderId: 0, limitPrice: 0, totalSize: 0, leavesSize: 0, clientOrderId: 0, errorCode: 1001, errorMessage: 'orderId not found' };
        if (typeof action['p'] === 'string') l.order.limitPx = action['p'];
        return { orderId: l.order.oid, limitPrice: Number(l.order.limitPx), totalSize: Number(l.order.origSz), leavesSize: Number(l.order.sz), clientOrderId: Number(l.order.cloid ?? 0) };
      }
      case 'cancelAll':
        return { cancelledOrders: 0, cancelledConditionals: 0 };
      case 'approveAgent':
        agentOf.set((action['agentAddress'] as string).toLowerCase(), [...masters][0]!);
        return { agentAddress: action['agentAddress'], agentName: action['agentName'], validUntil: action['validUntil'], slot: 'named' };
      case 'lockCollateral':
        return { coinId: action['coinId'], amount: Number(action['amount']), fromBalanceAfter: 0, toBalanceAfter: Number(action['amount']) };
      default:
        return {};
    }
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  async function handle(req: IncomingMessage, res: ServerResponse, text: string) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
    } catch {
      return httpError(res, 400, 'BAD_REQUEST', 'body is not JSON');
    }
    if (req.url === '/info') return info(res, body);
    if (req.url !== '/exchange') return httpError(res, 404, 'NOT_FOUND', 'no such route');
    const action = body['action'] as { type: string } & Record<string, unknown>;
    const nonce = body['nonce'] as number;
    let signer: string;
    try {
      signer = recoverSigner(action, nonce, body['signature']);
    } catch (e) {
      return httpError(res, 401, 'SIGNATURE_INVALID', (e as Error).message);
    }
    const master = masters.has(signer) ? signer : agentOf.get(signer);
    if (!master) return httpError(res, 401, 'SIGNATURE_INVALID', `recovered ${signer} is not a registered account`);
    if (seenNonces.has(`${signer}:${nonce}`)) return httpError(res, 400, 'NONCE_INVALID', `nonce ${nonce} already used`);
    seenNonces.add(`${signer}:${nonce}`);
    const fault = faults.shift();
    if (fault === 'dropBeforeApply') return req.socket.destroy();
    if (fault === 'error500') return httpError(res, 500, 'INTERNAL', 'internal error');
    if (fault === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('\u0000\u00ff{{{ not json');
    }
    if (fault === 'truncated') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"status":"ok","requestId":"req-1","resp');
      return setTimeout(() => req.socket.destroy(), 20);
    }
    if (fault === 'oversized') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":"ok","pad":"');
      const chunk = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 80 && !res.destroyed; i++) res.write(chunk);
      return res.end('"}');
    }
    if (fault === 'delayAfterApply') await new Promise((r) => setTimeout(r, handle.delayMs));
    const data = apply(action);
    if (fault === 'dropAfterApply') return req.socket.destroy();
    if (fault === 'error500AfterApply') return httpError(res, 500, 'INTERNAL', 'internal error');
    const type = action.type === 'lockIntoShareGroup' ? 'shareGroupFund' : action.type;
    send(res, 200, { status: 'ok', requestId: reqId(), response: { type, data } });
  }
  handle.delayMs = 300;

  function info(res: ServerResponse, body: Record<string, unknown>) {
    const type = String(body['type']);
    infoRequests.set(type, (infoRequests.get(type) ?? 0) + 1);
    switch (type) {
      case 'l2Book':
        return send(res, 200, book);
      case 'ordersByCloids': {
        const cloids = new Set(body['cloids'] as string[]);
        return send(res, 200, [...orders.values()].filter((l) => l.order.cloid !== undefined && cloids.has(l.order.cloid)));
      }
      case 'ordersByIds': {
        const oids = new Set(body['oids'] as number[]);
        return send(res, 200, [...orders.values()].filter((l) => oids.has(l.order.oid)));
      }
      case 'userOrders':
        return send(res, 200, openOrdersOf());
      case 'configs':
        return send(res, 200, CONFIGS);
      case 'userAccount':
        return send(res, 200, {
          accountId: 1,
          address: String(body['user']),
          positionMode: 'ONE_WAY',
          marginShareType: 'UNIFIED',
          chainBalances: [{ coinId: 0, total: '10000000000' }],
          marketDeployers: [],
          shareGroups: [],
        });
      case 'candleSnapshot':
      case 'userAgents':
      case 'shareGroupState':
        return send(res, 200, []);
      case 'marketState':
        return send(res, 200, { contractId: 1, markPx: '100', indexPx: '100', lastPx: null, fundingRate: '0', fundingIndex: '0', time: Date.now() });
      default:
        return httpError(res, 400, 'UNKNOWN_QUERY', `unknown query ${type}`);
    }
  }

  // ---- WebSocket ----
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (ws) => {
    const c: Client = { ws, subs: new Map(), user: undefined };
    clients.add(c);
    ws.on('close', () => clients.delete(c));
    ws.on('message', (raw) => {
      if (mutedAll) return;
      let m: { method?: string; subscription?: Subscription; auth?: { action: { type: string }; nonce: number; signature: unknown } };
      try {
        m = JSON.parse(raw.toString());
      } catch {
        return out(c, { channel: 'error', data: { message: 'bad json' } });
      }
      if (m.method === 'ping') return out(c, { channel: 'pong' });
      if (m.method === 'auth' && m.auth) {
        let signer: string | undefined;
        try {
          signer = recoverSigner(m.auth.action, m.auth.nonce, m.auth.signature);
        } catch {
          signer = undefined;
        }
        const master = signer && (masters.has(signer) ? signer : agentOf.get(signer));
        c.user = master || undefined;
        return out(c, { channel: 'auth', data: master ? { ok: true, address: master } : { ok: false, message: 'unknown signer' } });
      }
      if (m.method === 'subscribe' && m.subscription) {
        const sub = m.subscription;
        if (['openOrders', 'orderUpdates', 'userFills'].includes(sub.type) && !c.user) {
          return out(c, { channel: 'error', data: { message: 'auth required', subscription: sub } });
        }
        c.subs.set(subscriptionKey(sub), sub);
        if (acks) out(c, { channel: 'subscriptionResponse', data: { method: 'subscribe', subscription: sub } });
        if (mutedData) return;
        if (sub.type === 'l2Book') out(c, { channel: 'l2Book', data: book });
        if (sub.type === 'openOrders') out(c, { channel: 'openOrders', data: { isSnapshot: true, orders: openOrdersOf() } });
        if (sub.type === 'userFills') out(c, { channel: 'userFills', data: { isSnapshot: true, fills: fills.slice(-50) } });
        return;
      }
      if (m.method === 'unsubscribe' && m.subscription) {
        c.subs.delete(subscriptionKey(m.subscription));
        return out(c, { channel: 'subscriptionResponse', data: { method: 'unsubscribe', subscription: m.subscription } });
      }
    });
  });

  function out(c: Client, msg: unknown) {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(JSON.stringify(msg));
  }
  function publish(key: string, msg: unknown) {
    if (mutedData || mutedAll) return;
    for (const c of clients) if (c.subs.has(key)) out(c, msg);
  }
  function publishOrders(upserts: OpenOrder[], removed: number[]) {
    publish('openOrders', { channel: 'openOrders', data: { isSnapshot: false, orders: upserts, removed } });
  }

  const tick = () => {
    book.time++;
    publish('l2Book:1', { channel: 'l2Book', data: book });
    const top = (side: 0 | 1) => book.levels[side][0] ?? null;
    publish('bbo:1', { channel: 'bbo', data: { contractId: 1, time: book.time, bid: top(0), ask: top(1) } });
  };
  const ticker = opts.tickMs ? setInterval(tick, opts.tickMs) : undefined;

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    register(master, agents = []) {
      masters.add(master.toLowerCase());
      for (const a of agents) agentOf.set(a.toLowerCase(), master.toLowerCase());
    },
    failNext: (...f) => void faults.push(...f),
    appliedPerCloid,
    orders,
    book,
    fills,
    tick,
    publishFill(f) {
      fills.push(f);
      publish('userFills', { channel: 'userFills', data: { isSnapshot: false, fills: [f] } });
    },
    dropConnections() {
      const n = clients.size;
      for (const c of clients) c.ws.terminate();
      return n;
    },
    muteData: (on) => void (mutedData = on),
    muteAll: (on) => void (mutedAll = on),
    noAcks: (on) => void (acks = !on),
    sendRaw(data, binary = false) {
      for (const c of clients) if (c.ws.readyState === c.ws.OPEN) c.ws.send(data, { binary });
    },
    connections: () => clients.size,
    infoRequests,
    get delayMs() {
      return handle.delayMs;
    },
    set delayMs(ms: number) {
      handle.delayMs = ms;
    },
    async close() {
      if (ticker) clearInterval(ticker);
      for (const c of clients) c.ws.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
    },
  };
}
