import { NonceManager, type SecretKeyInput } from '../protocol/index.js';
import type { CandleInterval, Configs, ContractConfig, L2Book, Subscription } from '../protocol/wire/index.js';
import { Coalescer } from '../feed/coalescer.js';
import { createAppStore, storeSink, type AppStore } from '../state/store.js';
import { selectContract } from '../state/actions.js';
import { Backoff } from './backoff.js';
import { ClockOffset } from './clockOffset.js';
import { clientError, type ClientError, type Result } from './errors.js';
import { ExchangeClient } from './exchangeClient.js';
import { HttpTransport, type HttpOptions } from './http.js';
import { InfoClient } from './infoClient.js';
import { NonceFileStore } from './nonceFileStore.js';
import { Poller } from './poller.js';
import type { LookupPolicy } from './reconcile.js';
import { SignerSet } from './signers.js';
import { WsClient, type WsClientOptions } from './wsClient.js';

export interface PollCadence {
  accountMs: number;
  agentsMs: number;
  shareGroupsMs: number;
  marketStateMs: number;
  /** After the user's own action: poll account and market state this often... */
  burstIntervalMs: number;
  /** ...for this long. */
  burstMs: number;
}

export const DEFAULT_POLL: PollCadence = { accountMs: 2_000, agentsMs: 15_000, shareGroupsMs: 15_000, marketStateMs: 1_000, burstIntervalMs: 250, burstMs: 5_000 };

export interface SessionOptions {
  /** REST base, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Defaults to the REST base as ws(s):// plus /ws (open-points "Addresses"). */
  wsUrl?: string;
  master?: SecretKeyInput;
  agent?: SecretKeyInput;
  /** The master account's address; derived from the master key when that is loaded. */
  address?: string;
  contractName: string;
  /** Where nonces.json lives; without it nonces are kept in memory only. */
  stateDir?: string;
  /** Share one nonce sequence with other signers of the same keys (start-up onboarding). */
  nonces?: NonceManager;
  http?: Partial<Omit<HttpOptions, 'baseUrl'>>;
  ws?: Partial<Omit<WsClientOptions, 'url' | 'auth' | 'resync'>>;
  poll?: Partial<PollCadence>;
  flushMs?: number;
  candleInterval?: CandleInterval;
  /** How many bars of history to load for the chart. */
  candleBars?: number;
  lookup?: LookupPolicy;
  store?: AppStore;
  /**
   * Read from the exchange just before the session (start-up): the store starts with it, so
   * the first frame already shows the market; the streams replace it as they come live.
   */
  initial?: InitialMarket;
}

export interface InitialMarket {
  configs: Configs;
  books: L2Book[];
}

export interface Session {
  store: AppStore;
  info: InfoClient;
  exchange: ExchangeClient;
  ws: WsClient;
  poller: Poller;
  coalescer: Coalescer;
  clock: ClockOffset;
  /** Settles once configs are loaded and the contract is chosen (or failed to be). */
  ready: Promise<Result<ContractConfig>>;
  switchContract(name: string): Promise<Result<ContractConfig>>;
  close(): Promise<void>;
}

const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
  '1M': 2_592_000_000,
};

export function defaultWsUrl(base: string): string {
  const u = new URL(base);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/ws`;
  return u.toString();
}

/** Wires info, exchange, WebSocket, poller, coalescer and store for one account and contract. */
export function createSession(o: SessionOptions): Session {
  const signers = new SignerSet({ master: o.master, agent: o.agent });
  const address = (o.address ?? signers.masterAddress)?.toLowerCase();
  if (!address) throw new Error('createSession: the master account address is needed when only an agent key is loaded');
  const cadence = { ...DEFAULT_POLL, ...o.poll };
  const interval = o.candleInterval ?? '1m';
  const store = o.store ?? createAppStore();
  const coalescer = new Coalescer({ sink: storeSink(store), intervalMs: o.flushMs ?? 100 });
  const now = () => Date.now();
  const error = (source: string, e: ClientError) => coalescer.error({ time: now(), source, kind: e.kind, message: e.message });

  const http = new HttpTransport({ baseUrl: o.url, ...o.http });
  const info = new InfoClient(http);
  const clock = new ClockOffset();
  http.onResponse((r) => {
    if (r.serverDate !== undefined) clock.sampleDateHeader(r.sentAt, r.receivedAt, r.serverDate);
    const st = clock.status();
    coalescer.session({ latencyMs: r.receivedAt - r.sentAt, clockOffsetMs: st.offsetMs ?? null, clockWarning: st.warning ?? null });
  });

  const nonceStore = o.nonces || !o.stateDir ? undefined : new NonceFileStore(o.stateDir);
  if (nonceStore?.warning) error('nonces', clientError('validation', nonceStore.warning));
  const nonces = o.nonces ?? new NonceManager(nonceStore ? { store: nonceStore } : {});

  let contract: ContractConfig | undefined;
  const exchange = new ExchangeClient({
    http,
    info,
    signers,
    address,
    nonces,
    ...(o.lookup ? { lookup: o.lookup } : {}),
    marketDeployerOf: (cid) => Object.values(store.getState().market.contracts).find((c) => c.contractId === cid)?.marketDeployerId,
  });

  const ws = new WsClient({
    url: o.wsUrl ?? defaultWsUrl(o.url),
    ...o.ws,
    auth: () => {
      const signer = signers.pickForAuth();
      if (!signer) return undefined;
      const nonce = nonces.next(signer.address);
      const action = { type: 'wsAuth' as const, time: nonce };
      return { action, nonce, signature: signer.sign(action, nonce) };
    },
    resync: async (sub) => {
      if (sub.type === 'l2Book') {
        const r = await info.l2Book(sub.contractId);
        if (!r.ok) throw new Error(r.error.message);
        coalescer.book(r.value);
        // A snapshot after (re)subscribing is what an empty or stale pane waits for: no batching delay.
        coalescer.flush();
        return true;
      }
      if (sub.type === 'candle') return loadCandles(sub.contractId, sub.interval);
      return false;
    },
  });
  ws.onMessage((m) => coalescer.push(m));
  ws.onError((e) => error('ws', e));
  ws.onState((s) => coalescer.session({ connection: s.connection, reconnects: s.reconnects, channels: s.subscriptions }));

  async function loadCandles(contractId: number, iv: CandleInterval): Promise<boolean> {
    const end = now();
    const r = await info.candleSnapshot(contractId, iv, end - INTERVAL_MS[iv] * (o.candleBars ?? 200), end);
    if (!r.ok) throw new Error(r.error.message);
    coalescer.candles(contractId, iv, r.value);
    return true;
  }

  // ---- polling (spec 6 rule 1: balances and positions are not pushed) ----
  let lastPollError: Record<string, string> = {};
  const poller = new Poller({
    burstMs: cadence.burstMs,
    onSuccess: (name, at) => {
      delete lastPollError[name];
      coalescer.poll(name, { lastOk: at, lastError: null });
    },
    onError: (name, e) => {
      const prev = store.getState().session.polls[name];
      coalescer.poll(name, { lastOk: prev?.lastOk ?? null, lastError: e.message });
      // A down exchange fails every poll; one entry per distinct error is enough.
      if (lastPollError[name] !== e.message) error(`poll:${name}`, e);
      lastPollError[name] = e.message;
    },
    tasks: [
      {
        name: 'userAccount',
        intervalMs: cadence.accountMs,
        burstIntervalMs: cadence.burstIntervalMs,
        run: async () => {
          const r = await info.userAccount(address);
          if (r.ok) coalescer.account(r.value);
          return r;
        },
      },
      {
        name: 'userAgents',
        intervalMs: cadence.agentsMs,
        burstIntervalMs: cadence.burstIntervalMs,
        run: async () => {
          const id = store.getState().account.accountId;
          if (id === null) return { ok: true, value: undefined }; // known after the first userAccount
          const r = await info.userAgents(id);
          if (r.ok) coalescer.agents(r.value);
          return r;
        },
      },
      {
        name: 'shareGroupState',
        intervalMs: cadence.shareGroupsMs,
        run: async () => {
          const r = await info.shareGroupState();
          if (r.ok) coalescer.shareGroupDefs(r.value);
          return r;
        },
      },
      {
        name: 'marketState',
        intervalMs: cadence.marketStateMs,
        burstIntervalMs: cadence.burstIntervalMs,
        run: async () => {
          if (!contract) return { ok: true, value: undefined };
          const r = await info.marketState(contract.contractId);
          if (r.ok) coalescer.marketState(r.value);
          return r;
        },
      },
    ],
  });
  exchange.onJournal((entry) => {
    coalescer.journal(entry);
    poller.burst();
  });

  // ---- subscriptions ----
  const marketSubs = (c: ContractConfig): Subscription[] => [
    { type: 'l2Book', contractId: c.contractId },
    { type: 'bbo', contractId: c.contractId },
    { type: 'trades', contractId: c.contractId },
    { type: 'candle', contractId: c.contractId, interval },
  ];

  let closed = false;

  async function loadConfigs(): Promise<Result<void>> {
    const backoff = new Backoff({ baseMs: 250, capMs: 5_000 });
    for (;;) {
      const r = await info.configs();
      if (r.ok) {
        coalescer.configs(r.value);
        coalescer.flush(); // the contract lookup below reads the store
        return { ok: true, value: undefined };
      }
      error('info:configs', r.error);
      if (closed) return { ok: false, error: r.error };
      await new Promise((res) => setTimeout(res, backoff.next()));
      if (closed) return { ok: false, error: r.error };
    }
  }

  async function switchContract(name: string): Promise<Result<ContractConfig>> {
    const next = store.getState().market.contracts[name];
    if (!next) {
      const names = Object.keys(store.getState().market.contracts).join(', ') || 'none';
      const e = clientError('validation', `no active contract named ${name} (active: ${names})`);
      error('session', e);
      return { ok: false, error: e };
    }
    if (contract) for (const s of marketSubs(contract)) ws.unsubscribe(s);
    contract = next;
    selectContract(store, name);
    for (const s of marketSubs(next)) ws.subscribe(s);
    poller.runNow('marketState');
    return { ok: true, value: next };
  }

  const ready = (async (): Promise<Result<ContractConfig>> => {
    ws.subscribe({ type: 'config' });
    if (signers.any) for (const type of ['openOrders', 'orderUpdates', 'userFills'] as const) ws.subscribe({ type });
    ws.start();
    poller.start();
    if (o.initial) {
      // Synchronous up to here, so the store holds the market before createSession returns.
      coalescer.configs(o.initial.configs);
      for (const b of o.initial.books) coalescer.book(b);
      coalescer.flush();
    } else {
      const loaded = await loadConfigs();
      if (!loaded.ok) return loaded;
    }
    return switchContract(o.contractName);
  })();

  return {
    store,
    info,
    exchange,
    ws,
    poller,
    coalescer,
    clock,
    ready,
    switchContract,
    async close() {
      closed = true;
      poller.stop();
      ws.close();
      coalescer.stop();
      lastPollError = {};
      await http.close();
    },
  };
}
