import { closeSync, constants } from 'node:fs';
import { join } from 'node:path';
import type { InfoClient } from '../client/infoClient.js';
import type { WsClient } from '../client/wsClient.js';
import { collateralCoin } from '../forms/context.js';
import { historyFileSegments } from '../history/historyPath.js';
import { HistoryStore, type FundingContract, type HistoryScope, type Sample } from '../history/historyStore.js';
import type { JournalEntry } from '../model/journalEntry.js';
import type { Action, MarketState, OpenOrder, OrderWire, UserAccount } from '../protocol/wire/index.js';
import type { AppStore } from '../state/store.js';
import { O_NOFOLLOW } from '../wallet/fsutil.js';
import { PrivateStateFile } from './privateStateFile.js';
import { prepareStateDir } from './stateDir.js';
import { sqliteAddon } from '../exchange/persist/sqliteAddon.js';

/** Equity and funding are sampled this often while perpdesk runs (and at each fill, start and close). */
export const HISTORY_SAMPLE_MS = 60_000;
/**
 * Up to this many Active contracts, a sample reads the market state of every one; past it
 * (a large market), only those the account holds, held at the last sample, has orders on,
 * or the session started on.
 */
const SAMPLE_ALL_UP_TO = 16;
/** How long a clean close waits for the last fills snapshot. */
const CLOSE_SNAPSHOT_MS = 2_000;
/** A burst of fills is sampled once, this long after the first. */
const FILL_SAMPLE_DELAY_MS = 200;
/** ordersByCloids takes at most this many per request. */
const LOOKUP_BATCH = 1_000;
/** Orders asked for, by cloid, kept until their answer (a rejected order is known only from what was asked). */
const ASKED_KEPT = 1_000;

export interface HistoryRecorderOptions {
  stateDir: string;
  scope: HistoryScope;
  info: InfoClient;
  ws: WsClient;
  store: AppStore;
  face?: string;
  everyMs?: number;
  onError(message: string): void;
}

/** Opens the store file of `scope`, created 0600 and checked as every private file of the state directory is. */
export function openHistoryFile(stateDir: string, scope: HistoryScope, o: { readonly?: boolean } = {}): HistoryStore {
  const [dir, venue, name] = historyFileSegments(scope);
  const venueDir = join(stateDir, dir, venue);
  const file = join(venueDir, name);
  const checked = new PrivateStateFile(file, 'history file');
  if (!o.readonly) {
    prepareStateDir(join(stateDir, dir));
    prepareStateDir(venueDir);
    const fd = checked.open(constants.O_RDWR | constants.O_CREAT | O_NOFOLLOW);
    try {
      checked.checkOpen(fd);
    } finally {
      closeSync(fd);
    }
  } else checked.checkExisting();
  for (const suffix of ['-wal', '-shm']) new PrivateStateFile(file + suffix, 'history write-ahead log').checkExisting();
  const addon = sqliteAddon();
  return HistoryStore.open(file, scope, addon !== undefined ? { ...o, sqliteAddon: addon } : o);
}

/** The sum over deployers and share groups of the collateral coin's balance, isolated margins included, and of equity. */
function accountTotals(a: UserAccount, coinId: number): { balance: bigint; equity: bigint } {
  let balance = 0n;
  let equity = 0n;
  for (const md of a.marketDeployers) {
    for (const b of md.balances) if (b.coinId === coinId) balance += BigInt(b.total);
    for (const p of md.positions) if (p.marginMode === 'isolated') balance += BigInt(p.isolatedMargin);
    equity += BigInt(md.equity);
  }
  for (const g of a.shareGroups) {
    if (g.coinId !== coinId) continue;
    balance += BigInt(g.balance);
    equity += BigInt(g.equity);
  }
  return { balance, equity };
}

/**
 * What a running session writes to its account's history store: the fills and order updates
 * its private streams bring (the subscribe snapshot filling what happened while no perpdesk
 * ran), the open orders and the journal's orders looked up by cloid at the start, and a
 * sample of the account and the markets at the start, every minute, after fills and at the
 * close, from which the store derives funding. The run is recorded from its first sample
 * (taken once the fills snapshot has arrived) to its last: the store's gaps are the rest.
 */
export class HistoryRecorder {
  readonly store: HistoryStore;
  private sessionId: number | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private fillTimer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private readonly stops: (() => void)[] = [];
  private closed = false;
  /** close() has begun: only its own last sample is still taken. */
  private closing = false;
  private readonly asked = new Map<string, OrderWire>();
  /** The connection dropped since the run's last sample: nothing extends the run until the next snapshot. */
  private streamLost = false;
  /** The last sample's exchange time and the local time it was taken at: an estimate of exchange time now. */
  private lastLocal = 0;
  private markStarted: () => void = () => {};
  /** Resolves once the run's first sample is stored (the fills snapshot has arrived): the run is recorded from then on. */
  readonly started: Promise<void> = new Promise((resolve) => (this.markStarted = resolve));

  constructor(private readonly o: HistoryRecorderOptions) {
    this.store = openHistoryFile(o.stateDir, o.scope);
    this.stops.push(
      o.ws.onMessage((m) => {
        if (this.closed) return;
        try {
          if (m.channel === 'userFills') {
            const added = this.store.addFills(m.data.fills, m.data.isSnapshot ? 'snapshot' : 'stream');
            if (!this.beginning && m.data.isSnapshot) void this.begin();
            else if (m.data.isSnapshot && this.streamLost && this.sessionId !== undefined) {
              // Back after the stream was lost: the run ended where it was last heard of, and a new one starts now.
              this.streamLost = false;
              this.sessionId = undefined;
              void this.begin();
            } else if (added.length > 0) this.sampleSoon();
          } else if (m.channel === 'orderUpdates') this.store.addOrderEvents(m.data, 'stream');
        } catch (e) {
          this.report(e);
        }
      }),
      // While the connection is down fills are not heard: the run is not extended, and the
      // next snapshot starts another (the gap between them is what the snapshot may not cover).
      o.ws.onState((st) => {
        if (this.sessionId !== undefined && (st.connection === 'reconnecting' || st.connection === 'closed')) this.streamLost = true;
      }),
    );
  }

  /** Takes a sample now (after any under way); resolves once it is stored. */
  sample(reason = 'manual'): Promise<void> {
    const next = this.chain.then(() => this.take(reason));
    this.chain = next.catch(() => {});
    return next;
  }

  /** The last sample, the end of the run, the file closed. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.timer);
    clearTimeout(this.fillTimer);
    for (const stop of this.stops.splice(0)) stop();
    if (this.sessionId !== undefined && !this.streamLost) await this.lastSnapshot();
    if (this.sessionId !== undefined) await this.sample('close').catch((e: unknown) => this.report(e));
    await this.chain;
    this.closed = true;
    if (this.sessionId !== undefined && this.lastTime !== undefined && !this.streamLost) this.store.endSession(this.sessionId, this.lastTime);
    this.store.close();
  }

  private lastTime: number | undefined;

  /**
   * A fill made just before the close may still be on its way on the stream (the exchange
   * publishes a block's events at its end): the fills snapshot is asked for once more, so
   * nothing made inside the run is left for the next run to find. At most CLOSE_SNAPSHOT_MS.
   */
  private async lastSnapshot(): Promise<void> {
    const { ws } = this.o;
    if (ws.snapshot().connection !== 'open') return;
    await new Promise<void>((resolve) => {
      let stop = () => {};
      const done = () => {
        clearTimeout(timer);
        stop();
        stopState();
        resolve();
      };
      // A connection lost meanwhile brings no snapshot: no reason to wait.
      const stopState = ws.onState((st) => {
        if (st.connection !== 'open') done();
      });
      const timer = setTimeout(done, CLOSE_SNAPSHOT_MS);
      stop = ws.onMessage((m) => {
        if (m.channel !== 'userFills' || !m.data.isSnapshot) return;
        try {
          this.store.addFills(m.data.fills, 'snapshot');
        } catch (e) {
          this.report(e);
        }
        done();
      });
      ws.unsubscribe({ type: 'userFills' });
      ws.subscribe({ type: 'userFills' });
    });
  }

  /** Told of every action as it is signed: the orders it asks for, by cloid. */
  noteAction(action: Action): void {
    if (action.type !== 'order') return;
    for (const o of action.orders) {
      if (o.c === undefined) continue;
      this.asked.set(o.c, o);
      if (this.asked.size > ASKED_KEPT) this.asked.delete(this.asked.keys().next().value!);
    }
  }

  /**
   * Told of every journal answer. The exchange keeps no record of an order it refused (no
   * oid, no update on the stream): an order answer with refusals is looked up by cloid, and
   * each cloid the exchange does not know is stored as rejected, with what was asked, at the
   * exchange time estimated from the last sample.
   */
  noteAnswer(entry: JournalEntry): void {
    if (this.closed || entry.action !== 'order' || (entry.outcome !== 'rejected' && entry.outcome !== 'partial') || !entry.cloids?.length) return;
    const cloids = entry.cloids;
    const at = this.lastTime === undefined ? entry.time : this.lastTime + (Date.now() - this.lastLocal);
    void this.o.info.ordersByCloids(this.o.scope.account, cloids).then((r) => {
      if (!r.ok || this.closed) return;
      const known = new Set(r.value.map((l) => l.order.cloid));
      const refused = cloids.flatMap((cloid) => {
        const o = this.asked.get(cloid);
        if (known.has(cloid) || !o) return [];
        const tif = 'limit' in o.t ? o.t.limit.tif : 'Market';
        const order: OpenOrder = { oid: 0, asset: o.a, isBuy: o.b, limitPx: o.p ?? '', sz: o.s, tif, cloid, origSz: o.s, reduceOnly: o.r, timestamp: at };
        return [{ event: 'reject' as const, order, status: 'rejected' as const, statusTimestamp: at }];
      });
      try {
        this.store.addOrderEvents(refused, 'answer');
      } catch (e) {
        this.report(e);
      }
    });
  }

  private beginning = false;

  private async begin(): Promise<void> {
    this.beginning = true;
    try {
      // The snapshot may come before the configs (the scales a sample needs); a failed read is
      // tried again, less and less often, and said once per distinct reason.
      let wait = 100;
      let said = '';
      while (!this.closing && this.sessionId === undefined) {
        if (this.o.store.getState().market.configs) {
          await this.sample('start').catch((e: unknown) => {
            const text = e instanceof Error ? e.message : String(e);
            if (text !== said) this.report(e);
            said = text;
          });
        }
        if (this.sessionId !== undefined || this.closing) break;
        await new Promise((r) => setTimeout(r, wait));
        wait = Math.min(wait * 2, 5_000);
      }
      if (this.closing) return;
      this.markStarted();
      clearInterval(this.timer);
      this.timer = setInterval(() => void this.sample('minute').catch((e: unknown) => this.report(e)), this.o.everyMs ?? HISTORY_SAMPLE_MS);
      this.timer.unref?.();
      await this.backfillOrders();
    } catch (e) {
      this.report(e);
    }
  }

  private report(e: unknown): void {
    this.o.onError(`history: ${e instanceof Error ? e.message : String(e)}`);
  }

  private sampleSoon(): void {
    if (this.fillTimer !== undefined || this.sessionId === undefined) return;
    this.fillTimer = setTimeout(() => {
      this.fillTimer = undefined;
      this.sample('fill').catch((e: unknown) => this.report(e));
    }, FILL_SAMPLE_DELAY_MS);
  }

  /** Orders the exchange still knows: the open ones, and the journal's (by cloid) in their last state. */
  private async backfillOrders(): Promise<void> {
    const { info, scope, store } = this.o;
    const state = store.getState();
    const open: OpenOrder[] = [];
    for (const d of state.market.configs?.marketDeployers ?? []) {
      const r = await info.userOrders(scope.account, d.marketDeployerId);
      if (r.ok) open.push(...r.value);
    }
    this.store.addOrderEvents(
      open.map((order) => ({ event: 'new', order, status: 'open', statusTimestamp: order.timestamp })),
      'open',
    );
    const cloids = [...new Set(state.journal.entries.flatMap((e) => e.cloids ?? []))];
    for (let i = 0; i < cloids.length; i += LOOKUP_BATCH) {
      const r = await info.ordersByCloids(scope.account, cloids.slice(i, i + LOOKUP_BATCH));
      if (!r.ok) continue;
      this.store.addOrderEvents(
        r.value.map((l) => ({ event: 'new', order: l.order, status: l.status, statusTimestamp: l.statusTimestamp })),
        'lookup',
        'lookup',
      );
    }
  }

  /** In a large market: the contracts a funding payment could be on, and the start contract (for the time). */
  private contractsOfInterest(): Set<number> {
    const state = this.o.store.getState();
    const ids = new Set<number>(this.heldAtLastSample);
    for (const p of state.account.positions) ids.add(p.contractId);
    for (const o of Object.values(state.orders.open)) ids.add(o.asset);
    const start = state.market.selected === null ? undefined : state.market.contracts[state.market.selected];
    if (start) ids.add(start.contractId);
    return ids;
  }

  private heldAtLastSample: number[] = [];

  private async take(reason: string): Promise<void> {
    // Nothing is recorded before the run starts: its start is its first sample.
    if (this.closed || (this.closing && reason !== 'close') || (this.sessionId === undefined && reason !== 'start')) return;
    const { info, scope, store } = this.o;
    const state = store.getState();
    const configs = state.market.configs;
    if (!configs) return;
    const coin = collateralCoin(configs);
    const contracts = new Map<number, FundingContract>();
    const states: MarketState[] = [];
    const active = configs.contracts.filter((c) => c.status === 'Active');
    const wanted = active.length <= SAMPLE_ALL_UP_TO ? undefined : this.contractsOfInterest();
    for (const c of active) {
      if (wanted && !wanted.has(c.contractId)) continue;
      contracts.set(c.contractId, { priceScale: c.priceScale, qtyScale: c.qtyScale, collateralDecimals: coin.decimals, fundingIntervalMs: c.fundingIntervalMs ?? 3_600_000 });
      const r = await info.marketState(c.contractId);
      if (!r.ok) throw new Error(`marketState: ${r.error.message}`);
      states.push(r.value);
    }
    const account = await info.userAccount(scope.account);
    if (!account.ok) throw new Error(`userAccount: ${account.error.message}`);
    if (this.closed) return;
    const positions = account.value.marketDeployers.flatMap((md) => md.positions);
    this.heldAtLastSample = positions.map((p) => p.contractId);
    const totals = accountTotals(account.value, coin.coinId);
    const time = Math.max(0, ...states.map((s) => s.time));
    if (time === 0) return;
    const sample: Sample = {
      time,
      equity: totals.equity.toString(),
      balance: totals.balance.toString(),
      markets: states.map((s) => ({
        contractId: s.contractId,
        markPx: s.markPx,
        fundingIndex: s.fundingIndex,
        nextFundingTime: s.nextFundingTime ?? null,
        positions: positions.filter((p) => p.contractId === s.contractId).map((p) => ({ isBuy: p.isBuy, size: p.size })),
      })),
    };
    if (this.sessionId === undefined) {
      this.store.saveConfigs(configs);
      this.sessionId = this.store.beginSession(this.o.face, time);
    }
    this.store.addSample(sample, reason, this.sessionId, contracts);
    if (!this.streamLost) this.store.touchSession(this.sessionId, time);
    this.lastTime = time;
    this.lastLocal = Date.now();
  }
}
