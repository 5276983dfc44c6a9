import { askedBy } from './askedBy.js';
import { isAddress, NonceManager, type SecretKeyInput } from '../protocol/index.js';
import { CANDLE_INTERVAL_MS, type CandleInterval, type ContractConfig } from '../protocol/wire/index.js';
import { Backoff } from '../client/backoff.js';
import { ClockOffset } from '../client/clockOffset.js';
import { RecentMedian } from '../client/recentMedian.js';
import { clientError, type ClientError, type Result } from '../client/errors.js';
import { ExchangeClient } from '../client/exchangeClient.js';
import { HttpTransport, type HttpOptions } from '../client/http.js';
import { InfoClient } from '../client/infoClient.js';
import { NonceFileStore } from '../client/nonceFileStore.js';
import { Poller } from '../client/poller.js';
import type { LookupPolicy } from '../client/reconcile.js';
import { SignerSet } from '../client/signers.js';
import { WsClient, type WsClientOptions } from '../client/wsClient.js';
import { defaultWsUrl } from '../client/wsUrl.js';
import { Coalescer } from '../feed/coalescer.js';
import { selectContract } from '../state/actions.js';
import { createAppStore, storeSink, type AppStore } from '../state/store.js';
import { askedWords } from './askedWords.js';
import { AttachedTpSl } from './attachedTpSl.js';
import { CandleWatch } from './candleWatch.js';
import { ContractWatch } from './contractWatch.js';
import { JournalFile, journalScopeFilter } from './journalFile.js';
import { HistoryRecorder } from './historyRecorder.js';
import { MarketRecorder } from './marketRecorder.js';
import type { ReplayFeed } from './replayFeed.js';
import type { RecordingLimits } from '../record/recordingFiles.js';
import { EMBEDDED_VENUE, venueOfUrl } from '../history/historyPath.js';
import { forgetTrades, setJournalScope } from '../state/actions.js';
import { startJournalSettling } from './settleJournal.js';
import { keysLoaded } from './keysLoaded.js';
import { prepareStateDir } from './stateDir.js';
import type { EmbeddedExchange } from './embedded.js';
import { EMBEDDED_HTTP } from './embeddedHttp.js';
import type { InitialMarket } from './initialMarket.js';

export type { InitialMarket };
import { DEFAULT_POLL, type PollCadence } from './pollCadence.js';
import { pollTasks } from './pollTasks.js';

/** Where a session connects: a deployment's REST base, or an embedded exchange it then owns. */
export interface SessionTarget {
  /** REST base, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Defaults to the REST base as ws(s):// plus /ws. */
  wsUrl?: string;
  /** The in-process exchange this session runs on: closed with the session, onboarded in the background. */
  embedded?: EmbeddedExchange;
  /**
   * Which venue this is, for the journal and the history store: `embedded` for the state
   * directory's embedded exchange (a command reaching a dashboard's through its loopback
   * address says so), else the REST base (the default).
   */
  venue?: string;
}

/** The venue a target names: `embedded`, or the deployment's REST base. */
export function venueOf(target: SessionTarget): string {
  return target.venue ?? (target.embedded ? EMBEDDED_VENUE : venueOfUrl(target.url));
}

/** Whose account and which keys sign. No key at all: read-only (monitor mode). */
export interface SessionKeys {
  master?: SecretKeyInput;
  agent?: SecretKeyInput;
  /** The master account's address; derived from the master key when that is loaded. */
  address?: string;
}

export interface SessionOptions {
  contractName: string;
  /** Where nonces.json lives; without it nonces are kept in memory only. */
  stateDir?: string;
  /** Share one nonce sequence with other signers of the same keys (start-up onboarding). */
  nonces?: NonceManager;
  http?: Partial<Omit<HttpOptions, 'baseUrl'>>;
  ws?: Partial<Omit<WsClientOptions, 'url' | 'auth' | 'resync'>>;
  poll?: Partial<PollCadence>;
  flushMs?: number;
  /** The candle interval subscribed with the contract; others are watched on demand. */
  candleInterval?: CandleInterval;
  /** How many bars of history to load for the chart. */
  candleBars?: number;
  /** How long a contract stays subscribed after the last screen showing it lets go (default 5 s). */
  contractReleaseMs?: number;
  lookup?: LookupPolicy;
  store?: AppStore;
  /**
   * Read from the exchange just before the session (start-up): the store starts with it, so
   * the first frame already shows the market; the streams replace it as they come live.
   */
  initial?: InitialMarket;
  /**
   * False: no WebSocket and no polling timers; the store fills only on `refresh()`. A
   * command that reads the account once and signs one action needs nothing more.
   */
  live?: boolean;
  /** Which face signs through this session, written beside each journal line ('dashboard', 'cli'). */
  face?: string;
  /**
   * How many of the newest journal lines in the state directory (earlier sessions, other
   * faces) the store starts with. Default: 500 for a live session, none for a one-off command.
   */
  journalHistory?: number;
  /**
   * The vault this session acts for as one of its agents (issue 22): the account watched is
   * the vault's, every non-trade action goes out with this as its vaultAddress (trade actions
   * without it: the exchange client decides, see ExchangeClient.vaultFor) and its journal
   * entries name the vault. With only the agent key loaded, the agent signs those too.
   */
  vaultAddress?: string;
  /**
   * The history store (issue 35, docs/history.md): on by default for a live session with a
   * key and a state directory; `false` turns it off, `everyMs` sets the sampling period.
   * `stream`: a session that is not live (a command) records too, opening the WebSocket for
   * the account's fills and order updates only (an algo run in the foreground).
   */
  history?: false | { everyMs?: number; stream?: boolean };
  /**
   * Record the market as received (issue 36, docs/recording.md): every WebSocket message and
   * `/info` answer, to `<stateDir>/recordings/`, within these limits. Needs a state directory.
   */
  record?: { limits?: Partial<RecordingLimits> };
  /**
   * A recording played into the store instead of the network (issue 36, docs/recording.md):
   * implies `live: false` (no WebSocket, no polls); give the recording's configs as `initial`
   * and no keys (monitor mode). The session closes it.
   */
  replay?: ReplayFeed;
}

const JOURNAL_HISTORY = 500;
const CONTRACT_RELEASE_MS = 5_000;
/** The most contracts a market list (the picker's figures) reads the state of, a poll. */
const MARKET_LIST_MAX = 60;

/** A contract held in view (holdContract): its config as held, and the way to let go. */
export interface ContractHold {
  contract: ContractConfig;
  /** Lets go of the contract (once; later calls do nothing). */
  release(): void;
}

/** Something every face of the session should tell its user once (a toast, a stderr line). */
/**
 * What the session tells a face. A notice with `agent` speaks about that agent wallet: it
 * stops being true once the agent is revoked, and a face should stop showing it then.
 */
export type SessionEvent = { type: 'notice'; text: string; tone: 'success' | 'error'; agent?: string } | { type: 'progress'; step: string | null };

export interface Session {
  store: AppStore;
  info: InfoClient;
  exchange: ExchangeClient;
  ws: WsClient;
  poller: Poller;
  coalescer: Coalescer;
  clock: ClockOffset;
  /** The watched account's address, lowercase. */
  address: string;
  /** Lowercase; set when the session acts for a vault as its agent (then equal to `address`). */
  vaultAddress?: string;
  /** Which key signs trading actions; 'none' in monitor mode. */
  signer: 'agent' | 'master' | 'none';
  readOnly: boolean;
  /** True when the session runs on its own in-process exchange. */
  embedded: boolean;
  /**
   * Settles once configs are loaded and the start contract (`contractName`) is chosen, or
   * failed to be. The start contract is the store's `market.selected`: the command line's
   * contract, and the one a screen shows until it picks its own. A live session keeps it
   * subscribed until the first holdContract, so its market is live before any screen is up.
   */
  ready: Promise<Result<ContractConfig>>;
  /**
   * Shows an Active contract's market for as long as the hold is kept: book, bbo and trades
   * subscribed, candles at the session's interval watched, market state polled. Counted per
   * contract over every holder (each screen holds the contract it shows and the one its open
   * form is on): subscribed on the first hold, dropped a short while (`contractReleaseMs`)
   * after the last release. Refused, in words, for a name that is not an Active contract.
   * Changes nothing any other holder sees.
   */
  holdContract(name: string): Result<ContractHold>;
  /**
   * While held, the market-state poll reads every Active contract (at most 60), not only
   * those shown: the contract picker's mark, 24 h change, volume and funding. Returns its release.
   */
  watchMarkets(): () => void;
  /**
   * Reads everything the polling plan reads, open orders included, and the books of the
   * contracts shown (the start contract's without a screen), once, into the store: what a
   * form's checks need, as of now.
   */
  refresh(): Promise<Result<void>>;
  /**
   * Candles of a contract at an interval for as long as someone watches them (the
   * subscription's resync loads the history); the returned function stops watching. A held
   * contract at the session's interval is watched with it.
   */
  watchCandles(contractId: number, interval: CandleInterval): () => void;
  /** TP/SL set on the order form, placed once their order fills. */
  attached: AttachedTpSl;
  /** `embedded`, or the deployment's REST base: what journal lines and the history store name. */
  venue: string;
  /** The history store's writer, when this session records one (live, with a key and a state directory). */
  history?: HistoryRecorder;
  /** The market recording, when this session makes one (`record` in the options, or `setRecording(true)`). */
  readonly recorder?: MarketRecorder | undefined;
  /** Starts or stops recording the market (the palette's `record.toggle`); resolves with words for the user. */
  setRecording(on: boolean): Promise<string>;
  /** Told when a recording starts or stops; returns the unsubscribe. */
  onRecording(listener: () => void): () => void;
  /** The recording this session plays, when it replays one (`replay` in the options). */
  replay?: ReplayFeed;
  onEvent(listener: (e: SessionEvent) => void): () => void;
  close(): Promise<void>;
}


/**
 * A running perpdesk without a screen: the clients, the subscriptions (public, private,
 * chart), the polling plan, the coalescer and the store, the journal and the nonces of one
 * account on one target. Every face (dashboard, command line, SSH viewers) reads its store
 * and sends through its exchange client.
 */
export function createSession(target: SessionTarget, keys: SessionKeys, o: SessionOptions): Session {
  if (o.stateDir) prepareStateDir(o.stateDir);
  const signers = new SignerSet({ master: keys.master, agent: keys.agent });
  if (o.vaultAddress !== undefined && !isAddress(o.vaultAddress)) {
    throw new Error(`createSession: vaultAddress ${JSON.stringify(o.vaultAddress)} is not a 0x address of 40 hex digits`);
  }
  const vault = o.vaultAddress?.toLowerCase();
  // Acting for a vault means watching it: its agent's orders and balances are the vault's.
  const address = (keys.address ?? vault ?? signers.masterAddress)?.toLowerCase();
  if (!address) throw new Error('createSession: the master account address is needed when only an agent key is loaded');
  if (vault !== undefined && address !== vault) {
    throw new Error(`createSession: a session acting for vault ${vault} watches that vault, but the account address given is ${address}`);
  }
  const readOnly = !signers.any;
  const live = o.replay ? false : (o.live ?? true);
  const cadence = { ...DEFAULT_POLL, ...o.poll };
  const interval = o.candleInterval ?? '1m';
  const store = o.store ?? createAppStore();
  // flushMs 0 is the benchmark's naive baseline: every message parsed and a store update of its own.
  const naive = o.flushMs === 0;
  const coalescer = new Coalescer({ sink: storeSink(store, undefined, naive ? 'new' : 'in-place'), intervalMs: o.flushMs ?? 100 });
  const now = () => Date.now();
  const error = (source: string, e: ClientError) => coalescer.error({ time: now(), source, kind: e.kind, message: e.message });
  const listeners = new Set<(e: SessionEvent) => void>();
  const emit = (e: SessionEvent) => {
    for (const l of listeners) l(e);
  };

  const http = new HttpTransport({ baseUrl: target.url, ...(target.embedded ? EMBEDDED_HTTP : {}), ...o.http });
  const info = new InfoClient(http);
  const venue = venueOf(target);
  const clock = new ClockOffset();
  const roundTrips = new RecentMedian();
  http.onResponse((r) => {
    if (r.serverDate !== undefined) clock.sampleDateHeader(r.sentAt, r.receivedAt, r.serverDate);
    const st = clock.status();
    coalescer.session({ latencyMs: roundTrips.push(r.receivedAt - r.sentAt), clockOffsetMs: st.offsetMs ?? null, clockWarning: st.warning ?? null });
  });

  const shared = o.nonces ?? target.embedded?.nonces;
  const nonceStore = shared || !o.stateDir ? undefined : new NonceFileStore(o.stateDir);
  if (nonceStore?.warning) error('nonces', clientError('validation', nonceStore.warning));
  const nonces = shared ?? new NonceManager(nonceStore ? { store: nonceStore } : {});

  let contract: ContractConfig | undefined;
  // The history store's writer, made once the WebSocket is (below); the exchange client tells it what it signs.
  let history: HistoryRecorder | undefined;
  const exchange = new ExchangeClient({
    http,
    info,
    signers,
    address,
    nonces,
    ...(o.lookup ? { lookup: o.lookup } : {}),
    marketDeployerOf: (cid) => Object.values(store.getState().market.contracts).find((c) => c.contractId === cid)?.marketDeployerId,
    // Each signed action in trader words, from the store as it is when it is signed, for its journal entry.
    describe: (action) => {
      history?.noteAction(action);
      return askedWords(action, store.getState());
    },
    ...(vault !== undefined ? { vaultAddress: vault } : {}),
  });

  const ws = new WsClient({
    url: target.wsUrl ?? defaultWsUrl(target.url),
    ...(naive ? { repeats: false } : {}),
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
      if (sub.type === 'trades') {
        // After a reconnect what traded while the stream was down never arrives: the tape starts
        // again rather than join the trades before the gap to those after it (the first
        // subscription finds none: a contract's trades go when it is dropped).
        coalescer.flush();
        forgetTrades(store, sub.contractId);
      }
      return false;
    },
  });
  // Made before the first request and the first frame, so the recording misses none.
  let recorder: MarketRecorder | undefined;
  const recordingListeners = new Set<() => void>();
  const startRecorder = (): void => {
    if (!o.stateDir) return;
    try {
      recorder = new MarketRecorder({
        stateDir: o.stateDir,
        ...(o.record?.limits ? { limits: o.record.limits } : {}),
        ws,
        http,
        store,
        venue,
        account: address,
        ...(o.face !== undefined ? { face: o.face } : {}),
        onError: (m) => error('record', clientError('validation', m)),
      });
    } catch (e) {
      error('record', clientError('validation', `market not recorded: ${e instanceof Error ? e.message : String(e)}`));
    }
    for (const l of recordingListeners) l();
  };
  if (o.record) startRecorder();
  ws.onMessage((m) => coalescer.push(m));
  ws.onError((e) => error('ws', e));
  // A replay's connection and channels are the recording's (replayFeed.ts), not this idle client's.
  if (!o.replay) ws.onState((s) => coalescer.session({ connection: s.connection, reconnects: s.reconnects, channels: s.subscriptions }));
  const candles = new CandleWatch(ws);

  async function loadCandles(contractId: number, iv: CandleInterval): Promise<boolean> {
    const end = now();
    const r = await info.candleSnapshot(contractId, iv, end - CANDLE_INTERVAL_MS[iv] * (o.candleBars ?? 200), end);
    if (!r.ok) throw new Error(r.error.message);
    coalescer.candles(contractId, iv, r.value);
    return true;
  }

  // Balances and positions are not pushed; without a key neither are open orders.
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
    tasks: pollTasks({ info, coalescer, store, address, cadence, contracts: () => shown(), openOrders: readOnly }),
  });
  setJournalScope(store, { venue, account: address });
  let journalFile: JournalFile | undefined;
  let stopJournalAppends = (): void => {};
  if (o.stateDir) {
    try {
      journalFile = new JournalFile(o.stateDir);
      // Earlier sessions' entries are in the store before createSession returns: the first
      // frame shows them. Only this venue's and account's (and lines from before they were named).
      const loaded = journalFile.load(o.journalHistory ?? (live ? JOURNAL_HISTORY : 0), journalScopeFilter(venue, address));
      for (const entry of loaded.entries) coalescer.journal(entry);
      if (loaded.malformed > 0) error('journal', clientError('validation', `${loaded.malformed} unreadable line(s) in ${journalFile.path} skipped`));
      coalescer.flush();
      // And what other writers of this process append from now on (the embedded exchange's
      // onboarding answers its last request after the session has read the file).
      const inScope = journalScopeFilter(venue, address);
      stopJournalAppends = journalFile.onAppend((r) => {
        if (inScope(r)) coalescer.journal(r);
      });
    } catch (e) {
      error('journal', clientError('validation', e instanceof Error ? e.message : String(e)));
    }
  }
  // Called once as a signed request leaves (outcome 'sent': written before it goes out) and
  // once with its answer; the store and the file pair the two by signer and nonce.
  exchange.onJournal((heard) => {
    const face = askedBy() ?? o.face;
    const scoped = { ...heard, venue, account: address };
    const entry = face === undefined ? scoped : { ...scoped, face };
    coalescer.journal(entry);
    history?.noteAnswer(entry);
    // Only an answer can have changed the account.
    if (entry.outcome !== 'sent') poller.burst();
    try {
      journalFile?.append(entry, face);
    } catch (e) {
      // One refusal is enough: the file stays as it is and the screen says why.
      journalFile = undefined;
      error('journal', clientError('validation', e instanceof Error ? e.message : String(e)));
    }
  });

  // The union of the contracts the screens show, counted per contract.
  const watch = new ContractWatch({
    ws,
    watchCandles: (cid, iv) => candles.watch(cid, iv),
    interval,
    onFirst: () => poller.runNow('marketState'),
    releaseMs: o.contractReleaseMs ?? CONTRACT_RELEASE_MS,
    // Trades already in the coalescer's batch would come back at its next flush: in first, then gone.
    onDrop: (c) => {
      coalescer.flush();
      forgetTrades(store, c.contractId);
    },
  });
  // The start contract, held by the session itself until the first holder comes.
  let startHold: (() => void) | undefined;
  /** The contracts whose market is read: those held, or the start contract without a live stream. */
  function shown(): ContractConfig[] {
    const held = watch.contracts();
    const base = held.length > 0 || live ? held : contract ? [contract] : [];
    if (marketList === 0) return base;
    // A market list is open (the contract picker): every Active contract's state, bounded.
    const all = Object.values(store.getState().market.contracts).slice(0, MARKET_LIST_MAX);
    return [...base, ...all.filter((c) => !base.some((b) => b.contractId === c.contractId))];
  }
  /** How many faces show the market list (watchMarkets). */
  let marketList = 0;
  function watchMarkets(): () => void {
    marketList += 1;
    poller.runNow('marketState');
    let done = false;
    return () => {
      if (done) return;
      done = true;
      marketList -= 1;
    };
  }

  // Unknown outcomes (a lost answer, a process ended mid-request) settled by cloid: now and after each reconnect.
  const settling = startJournalSettling({ info, address, ws, file: () => journalFile, coalescer });
  settling.onError((m) => error('journal', clientError('network', m)));
  for (const a of [signers.masterAddress, signers.agentAddress]) if (a) settling.signers.push(a);

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

  function activeContract(name: string): Result<ContractConfig> {
    const next = store.getState().market.contracts[name];
    if (next) return { ok: true, value: next };
    const names = Object.keys(store.getState().market.contracts).join(', ') || 'none';
    return { ok: false, error: clientError('validation', `no active contract named ${name} (active: ${names})`) };
  }

  function startContract(name: string): Result<ContractConfig> {
    const r = activeContract(name);
    if (!r.ok) {
      error('session', r.error);
      return r;
    }
    contract = r.value;
    selectContract(store, name);
    if (live && !closed) startHold = watch.hold(r.value);
    return r;
  }

  function holdContract(name: string): Result<ContractHold> {
    const r = activeContract(name);
    if (!r.ok) return r;
    const release = live ? watch.hold(r.value) : () => {};
    // A holder is here: the session's own hold of the start contract is no longer needed.
    startHold?.();
    startHold = undefined;
    return { ok: true, value: { contract: r.value, release } };
  }

  // Open orders included: a one-off read has no private stream to bring them.
  const readOnce = pollTasks({ info, coalescer, store, address, cadence, contracts: () => shown(), openOrders: true });
  async function refresh(): Promise<Result<void>> {
    // userAgents needs the account id that userAccount brings, so the account goes first.
    for (const task of readOnce) {
      const r = await task.run();
      if (!r.ok) return { ok: false, error: r.error };
      coalescer.flush();
    }
    for (const c of shown()) {
      const r = await info.l2Book(c.contractId);
      if (!r.ok) return { ok: false, error: r.error };
      coalescer.book(r.value);
      coalescer.flush();
    }
    return { ok: true, value: undefined };
  }

  const initial = o.initial ?? target.embedded?.initial;
  const ready = (async (): Promise<Result<ContractConfig>> => {
    if (live) {
      ws.subscribe({ type: 'config' });
      if (signers.any) for (const type of ['openOrders', 'orderUpdates', 'userFills'] as const) ws.subscribe({ type });
      ws.start();
      poller.start();
    }
    if (initial) {
      // Synchronous up to here, so the store holds the market before createSession returns.
      coalescer.configs(initial.configs);
      for (const b of initial.books) coalescer.book(b);
      coalescer.flush();
    } else {
      const loaded = await loadConfigs();
      if (!loaded.ok) return loaded;
    }
    return startContract(o.contractName);
  })();

  // Said once every face listens (a face subscribes right after createSession returns): the dashboard's status bar shows it.
  if (recorder) {
    const folder = recorder.status().folder;
    void ready.then(() => {
      if (!closed) emit({ type: 'notice', text: `recording the market to ${folder}`, tone: 'success' });
    });
  }

  // The embedded exchange onboards the demo account in the background: once it is done, the
  // WebSocket signs in again if its sign-in came before the agent was approved and was refused
  // (one in flight is retried only if refused), and the account is read at once.
  target.embedded?.ready.then(
    () => {
      if (closed || !live) return;
      emit({ type: 'progress', step: null });
      // The client logs the reconnect as an error entry, so the success notice goes after it to stay on screen.
      if (!readOnly) ws.signInAgain('websocket: signing in again now that the agent is approved');
      const agent = signers.agentAddress;
      // Without an agent (the demo agent revoked) the master signs: nothing was approved.
      emit({ type: 'notice', text: `embedded exchange: account funded, collateral locked${agent ? ', agent approved' : ''}`, tone: 'success', ...(agent ? { agent } : {}) });
      poller.runNow('userAccount');
      poller.runNow('userAgents');
    },
    (e: unknown) => {
      if (closed) return;
      emit({ type: 'progress', step: null });
      emit({ type: 'notice', text: `embedded exchange setup failed: ${e instanceof Error ? e.message : String(e)}`, tone: 'error' });
    },
  );

  const recording = o.history === false ? undefined : (o.history ?? {});
  if (o.stateDir && recording && (live || recording.stream === true) && !readOnly) {
    try {
      history = new HistoryRecorder({
        stateDir: o.stateDir,
        scope: { venue, account: address },
        info,
        ws,
        store,
        ...(o.face !== undefined ? { face: o.face } : {}),
        ...(recording.everyMs !== undefined ? { everyMs: recording.everyMs } : {}),
        onError: (m) => error('history', clientError('validation', m)),
      });
    } catch (e) {
      error('history', clientError('validation', `history store not recorded: ${e instanceof Error ? e.message : String(e)}`));
    }
    if (history && !live) {
      // Not live, but recording: the account's private streams alone, for the history store.
      for (const type of ['orderUpdates', 'userFills'] as const) ws.subscribe({ type });
      ws.start();
    }
  }

  const attached = new AttachedTpSl({
    store,
    exchange,
    keys: () => keysLoaded(signers, vault),
    // A live session polls the account; a one-off (a command) reads it again itself.
    refreshAccount: () => (live ? poller.runNow('userAccount') : refresh()),
    notify: (text, tone) => emit({ type: 'notice', text, tone }),
  });

  return {
    store,
    info,
    exchange,
    ws,
    poller,
    coalescer,
    clock,
    address,
    ...(vault !== undefined ? { vaultAddress: vault } : {}),
    signer: signers.agentAddress ? 'agent' : signers.masterAddress ? 'master' : 'none',
    readOnly,
    embedded: target.embedded !== undefined,
    ready,
    holdContract,
    watchMarkets,
    refresh,
    watchCandles: (contractId, iv) => candles.watch(contractId, iv),
    attached,
    venue,
    ...(history ? { history } : {}),
    get recorder() {
      return recorder;
    },
    async setRecording(on) {
      if (o.replay) return 'a replay is not recorded again: the recording is the one played';
      if (!o.stateDir) return 'nothing is recorded without a state directory';
      if (on === (recorder !== undefined)) return recorder ? `already recording the market to ${recorder.status().folder}` : 'not recording';
      if (on) {
        startRecorder();
        // A recording made mid-session starts with what the market is now: the next answers and snapshots.
        if (recorder) poller.runNow('marketState');
        return recorder ? `recording the market to ${recorder.status().folder}` : 'the market is not recorded (see the error)';
      }
      const stopping = recorder!;
      recorder = undefined;
      for (const l of recordingListeners) l();
      await stopping.stop();
      const st = stopping.status();
      return `recording stopped: ${st.lines} lines in ${st.folder}`;
    },
    onRecording(listener) {
      recordingListeners.add(listener);
      return () => recordingListeners.delete(listener);
    },
    ...(o.replay ? { replay: o.replay } : {}),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      stopJournalAppends();
      o.replay?.close();
      watch.close();
      settling.stop();
      attached.close();
      listeners.clear();
      poller.stop();
      // Its last sample needs the network, and the run ends cleanly before the stream closes.
      await history?.close();
      ws.close();
      coalescer.stop();
      lastPollError = {};
      await http.close();
      await recorder?.stop();
      await target.embedded?.close();
    },
  };
}
