import {
  attachedTpSlTexts,
  contextFromState,
  contractById,
  evaluateForm,
  formById,
  type AttachedLegs,
  type KeysLoaded,
  type ResultView,
} from '../forms/index.js';
import type { OrderItem } from '../model/actionOutcome.js';
import type { Position } from '../protocol/wire/index.js';
import type { AppStore } from '../state/store.js';
import type { AppState } from '../state/types.js';
import { renderOptionsFor, sendCall, type CallOutcome, type FormSender } from './sendCall.js';

/**
 * TP/SL typed on the order form, placed once the order fills. The exchange's tpSl acts on a
 * position, so it cannot go with the order: the entry's cloid is watched in the store's
 * fills and order updates, and on its first fill the position's tpSl action is built by the
 * tpSl form (the same checks as pressing `t`) and sent, its journal line naming the entry
 * (`parentCloid`). An entry cancelled or rejected before any fill is forgotten. At most
 * `maxWatched` entries wait at once; beyond that the oldest is dropped, with a notice.
 */
export interface AttachedEntry extends AttachedLegs {
  /** The entry order's client order id. */
  cloid: string;
}

export type Placement =
  /** Sent: `ok` when the exchange accepted it. */
  | { kind: 'placed'; ok: boolean; view: ResultView; outcome: CallOutcome }
  /** Not sent: no position to put it on, or a trigger the market has passed. */
  | { kind: 'notPlaced'; reason: string }
  /** The entry rests: placed on its first fill. */
  | { kind: 'watching' }
  /** The entry was refused or is gone: nothing to place. */
  | { kind: 'none' };

export interface AttachedTpSlOptions {
  store: AppStore;
  exchange: FormSender;
  keys: () => KeysLoaded;
  /** Reads the account now, so that the position the fill opened reaches the store. */
  refreshAccount: () => unknown;
  notify: (text: string, tone: 'success' | 'error') => void;
  /** How long a fill's position may take to show in the account reads. */
  positionWaitMs?: number;
  maxWatched?: number;
}

const DEFAULT_MAX_WATCHED = 64;
const DEFAULT_POSITION_WAIT_MS = 10_000;

/** The cloids the store shows as filled (in part or whole) and as ended without a fill. */
function cloidStates(s: AppState): { filled: Set<string>; ended: Set<string> } {
  const filled = new Set<string>();
  const ended = new Set<string>();
  for (const f of s.orders.fills) if (f.cloid !== undefined) filled.add(f.cloid);
  for (const u of s.orders.history) {
    const cloid = u.order.cloid;
    if (cloid === undefined) continue;
    if (u.event === 'fill' || u.event === 'partialFill' || u.status === 'filled') filled.add(cloid);
    else if (u.status === 'canceled' || u.status === 'rejected') ended.add(cloid);
  }
  return { filled, ended };
}

export class AttachedTpSl {
  /** Entries waiting for their first fill, oldest first. */
  private readonly watched = new Map<string, AttachedEntry>();
  private unsubscribe: (() => void) | undefined;
  private closed = false;

  constructor(private readonly o: AttachedTpSlOptions) {}

  /**
   * After the entry's answer: a fill places the TP/SL now (the promise settles with what
   * happened), a resting order is watched, a refused one places nothing.
   */
  track(entry: AttachedEntry, status: OrderItem | undefined): Promise<Placement> {
    if (this.closed) return Promise.resolve({ kind: 'none' });
    const state = status === undefined ? 'open' : 'error' in status ? 'refused' : 'filled' in status ? 'filled' : 'resting' in status ? 'open' : status.reconciled.status;
    if (state === 'filled') return this.placeAndTell(entry);
    if (state !== 'open') return Promise.resolve({ kind: 'none' });
    this.watch(entry);
    // The fill may have reached the store before the order's answer did.
    this.check(this.o.store.getState());
    return Promise.resolve({ kind: 'watching' });
  }

  /** Cloids of the entries waiting for a fill. */
  pending(): string[] {
    return [...this.watched.keys()];
  }

  close(): void {
    this.closed = true;
    this.watched.clear();
    this.stop();
  }

  private watch(entry: AttachedEntry): void {
    const max = this.o.maxWatched ?? DEFAULT_MAX_WATCHED;
    while (this.watched.size >= max) {
      const oldest = this.watched.keys().next().value as string;
      this.watched.delete(oldest);
      this.o.notify(`TP/SL of order cloid ${oldest} forgotten: more than ${max} orders with a TP/SL are waiting for a fill`, 'error');
    }
    this.watched.set(entry.cloid, entry);
    this.unsubscribe ??= this.o.store.subscribe((s, prev) => {
      if (s.orders.fills !== prev.orders.fills || s.orders.history !== prev.orders.history) this.check(s);
    });
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private check(s: AppState): void {
    if (this.watched.size === 0) return;
    const { filled, ended } = cloidStates(s);
    for (const [cloid, entry] of [...this.watched]) {
      if (filled.has(cloid)) {
        this.watched.delete(cloid);
        void this.placeAndTell(entry);
      } else if (ended.has(cloid)) {
        this.watched.delete(cloid);
      }
    }
    if (this.watched.size === 0) this.stop();
  }

  private async placeAndTell(entry: AttachedEntry): Promise<Placement> {
    const p = await this.place(entry).catch((e: unknown): Placement => ({ kind: 'notPlaced', reason: e instanceof Error ? e.message : String(e) }));
    // What happened first: the status bar cuts a long line at its end, where the cloid is.
    const of = `(order cloid ${entry.cloid})`;
    if (p.kind === 'placed') this.o.notify(`TP/SL ${p.ok ? 'set' : 'refused'}: ${p.view.lines.join(' ')} ${of}`, p.ok ? 'success' : 'error');
    else if (p.kind === 'notPlaced') this.o.notify(`TP/SL not placed: ${p.reason} ${of}`, 'error');
    return p;
  }

  private async place(entry: AttachedEntry): Promise<Placement> {
    await this.o.refreshAccount();
    const position = await this.positionOf(entry);
    if (this.closed) return { kind: 'none' };
    if (!position) return { kind: 'notPlaced', reason: `no ${entry.isBuy ? 'long' : 'short'} ${contractById(this.o.store.getState().market.configs, entry.contractId)?.name ?? `contract ${entry.contractId}`} position showed after the fill` };
    const spec = formById('tpSl');
    if (!spec) return { kind: 'notPlaced', reason: 'the tpSl form is missing' };
    const s = this.o.store.getState();
    const ctx = contextFromState(s, { keys: this.o.keys(), settings: {}, selectedPosition: position });
    const ev = evaluateForm(spec, attachedTpSlTexts(entry), ctx);
    if (!ev.ready || !ev.built) return { kind: 'notPlaced', reason: ev.errors.join('; ') };
    const sent = await sendCall(this.o.exchange, ev.built.action, renderOptionsFor(s.market.configs, ev.built.action), { parentCloid: entry.cloid });
    return { kind: 'placed', ok: sent.view.tone === 'success', view: sent.view, outcome: sent.outcome };
  }

  /** The position the entry opened or added to, once the account reads show it. */
  private positionOf(entry: AttachedEntry): Promise<Position | undefined> {
    const find = (s: AppState) => s.account.positions.find((p) => p.contractId === entry.contractId && p.isBuy === entry.isBuy && p.size !== '0' && !/^0(\.0*)?$/.test(p.size));
    const now = find(this.o.store.getState());
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stop();
        resolve(undefined);
      }, this.o.positionWaitMs ?? DEFAULT_POSITION_WAIT_MS);
      const stop = this.o.store.subscribe((s) => {
        const p = find(s);
        if (!p) return;
        clearTimeout(timer);
        stop();
        resolve(p);
      });
    });
  }
}
