import { collateralCoin, contractById } from '../forms/context.js';
import { truncDecimal } from '../forms/numbers.js';
import { formatDecimal, pow10 } from '../protocol/decimal.js';
import type { Configs, ContractConfig, Fill, OrderUpdate } from '../protocol/wire/index.js';
import type { JournalEntry } from '../model/journalEntry.js';
import { marginRatioBps, selectAccountSummary } from '../state/accountSummary.js';
import type { AppState } from '../state/types.js';
import { ruleContract, type Rule, type RuleKind, type StoredRule } from './rules.js';

/**
 * The alert evaluator: pure. `evaluate(rules, input, memory, now)` compares the store's state
 * (and the algos) with what the memory says was seen last, and returns the alerts that fire
 * now and the memory for the next call. A level rule fires on the crossing, not while beyond
 * (edge-triggered), and re-arms only once the value has come back past the level by the
 * rule's hysteresis, so a value wavering around a level fires once. A condition already true
 * at the first look is not a crossing: it fires after it has re-armed. Events (fills, order
 * updates, algos) fire once each; those from before the memory's `since` are history.
 */

/** One fired alert, as printed (NDJSON), posted (webhook) and piped (hook). docs/alerts.md. */
export interface Alert {
  /** Unique per firing: `${rule}-${time}-${seq}`. */
  id: string;
  /** The rule's id. */
  rule: string;
  kind: RuleKind;
  contract: string | null;
  /** What was seen, as a decimal string (a price, a rate, a percentage, money, ticks, seconds); null for an event without one. */
  value: string | null;
  /** The rule's level, as a decimal string; null for events. */
  threshold: string | null;
  /** Milliseconds since the epoch, the evaluator's clock. */
  time: number;
  message: string;
}

/** What the evaluator needs of an algo (src/algo's AlgoState is one). */
export interface AlgoView {
  plan: { id: string; contract?: string };
  status: string;
  reason?: string;
}

export interface AlertInput {
  app: AppState;
  algos?: readonly AlgoView[];
}

type LevelMemory = { armed?: boolean };
type MoveMemory = { samples: readonly (readonly [number, bigint])[] };
type StaleMemory = { since?: number; fired?: boolean };
type AlgoMemory = { seen?: Readonly<Record<string, string>> };
export type RuleMemory = LevelMemory & MoveMemory & StaleMemory & AlgoMemory & { spent?: boolean };

export interface AlertMemory {
  /** Events before this time (ms) are history: a snapshot on connect replays them. */
  since: number;
  seq: number;
  last: AlertInput | null;
  rules: Readonly<Record<string, Partial<RuleMemory>>>;
}

export function createAlertMemory(since: number): AlertMemory {
  return { since, seq: 0, last: null, rules: {} };
}

/** How many samples a move rule keeps over its window. */
const MOVE_SAMPLES = 256;
/** Percentages and rates are compared at this many decimals. */
const PCT_SCALE = 6;
const RATE_SCALE = 12;

/** A decimal string at `scale` as bigint, extra digits cut (toward zero); undefined when it is not one. */
const fixed = (text: string | null | undefined, scale: number): bigint | undefined => truncDecimal(text, scale, { signed: true });

const contractOf = (configs: Configs | null, name: string | undefined): ContractConfig | undefined =>
  name === undefined ? undefined : configs?.contracts.find((c) => c.name === name) ?? configs?.contracts.find((c) => c.name.toLowerCase() === name.toLowerCase());

/** A price of the contract at priceScale + 1 (a mid can fall between ticks). */
function priceOf(app: AppState, c: ContractConfig, source: 'mark' | 'last' | 'mid'): bigint | undefined {
  const scale = c.priceScale + 1;
  const ms = app.market.marketStates[c.contractId];
  if (source === 'mark') return fixed(ms?.markPx, scale);
  if (source === 'last') {
    const trades = app.market.trades[c.contractId];
    const t = trades?.[trades.length - 1];
    return fixed(t && (!ms || t.time >= ms.time) ? t.px : ms?.lastPx, scale);
  }
  const bbo = app.market.bbos[c.contractId];
  const bid = fixed(bbo?.bid?.px ?? app.market.books[c.contractId]?.levels[0][0]?.px, scale);
  const ask = fixed(bbo?.ask?.px ?? app.market.books[c.contractId]?.levels[1][0]?.px, scale);
  return bid === undefined || ask === undefined ? undefined : (bid + ask) / 2n;
}

/** Level logic: fires on the crossing; re-arms once strictly back past the level by `h`. */
function crossing(mem: LevelMemory, value: bigint, direction: 'above' | 'below', level: bigint, h: bigint): { fire: boolean; armed: boolean } {
  const beyond = direction === 'above' ? value >= level : value <= level;
  const back = direction === 'above' ? value < level - h : value > level + h;
  if (mem.armed === undefined) return { fire: false, armed: !beyond };
  if (mem.armed && beyond) return { fire: true, armed: false };
  if (!mem.armed && back) return { fire: false, armed: true };
  return { fire: false, armed: mem.armed };
}

const abs = (x: bigint) => (x < 0n ? -x : x);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

interface Fired {
  value: string | null;
  threshold: string | null;
  message: string;
  contract?: string | null;
}

interface Step {
  fired: Fired[];
  memory: Partial<RuleMemory>;
}

const none = (memory: Partial<RuleMemory>): Step => ({ fired: [], memory });

/** Default hysteresis of a price level: one tick, or 0.05% of the level when that is more, in whole ticks. */
function priceHysteresis(level: bigint, tick: bigint): bigint {
  const pct = ceilDiv(level, 2000n);
  return pct <= tick ? tick : ceilDiv(pct, tick) * tick;
}

function evaluateRule(rule: StoredRule, input: AlertInput, prev: AlertInput | null, mem: Partial<RuleMemory>, since: number, now: number): Step {
  const app = input.app;
  const configs = app.market.configs;
  const c = contractOf(configs, ruleContract(rule));
  switch (rule.kind) {
    case 'price': {
      if (!c) return none(mem);
      const scale = c.priceScale + 1;
      const value = priceOf(app, c, rule.source ?? 'mark');
      const level = fixed(rule.level, scale);
      if (value === undefined || level === undefined) return none(mem);
      const tick = BigInt(c.tickSize) * 10n;
      const h = rule.hysteresis !== undefined ? (fixed(rule.hysteresis, scale) ?? 0n) : priceHysteresis(level, tick);
      const x = crossing(mem, value, rule.direction, level, h);
      const text = formatDecimal(value, scale);
      return {
        memory: { ...mem, armed: x.armed },
        fired: x.fire ? [{ value: text, threshold: rule.level, message: `${c.name} ${rule.source ?? 'mark'} ${text} crossed ${rule.direction} ${rule.level}` }] : [],
      };
    }
    case 'move': {
      if (!c) return none(mem);
      const scale = c.priceScale + 1;
      const value = priceOf(app, c, rule.source ?? 'mark');
      const pct = fixed(rule.pct, PCT_SCALE);
      if (value === undefined || value <= 0n || pct === undefined) return none(mem);
      const from = now - rule.windowSec * 1000;
      const all = mem.samples ?? [];
      // The samples are changes: the last one before the window is the price as the window began.
      const first = all.findIndex(([t]) => t >= from);
      const kept = first < 0 ? all.slice(-1) : all.slice(Math.max(0, first - 1));
      let lo = value;
      let hi = value;
      for (const [, p] of kept) {
        if (p < lo) lo = p;
        if (p > hi) hi = p;
      }
      // (value - lo) / lo against pct / 100, in integers; up from the window's low, down from its high.
      const full = 100n * pow10(PCT_SCALE);
      const dir = rule.direction ?? 'either';
      const upBy = dir !== 'down' ? (value - lo) * full : 0n;
      const downBy = dir !== 'up' ? (hi - value) * full : 0n;
      const up = upBy >= pct * lo;
      const down = !up && downBy >= pct * hi;
      const last = kept[kept.length - 1];
      const samples = (last && last[1] === value ? kept : [...kept, [now, value] as const]).slice(-MOVE_SAMPLES);
      // Once fired, quiet until the move within the window is under half the rule's: a price
      // swinging back and forth inside the window is one move, not one per swing.
      if (mem.armed === false) {
        const calm = upBy * 2n < pct * lo && downBy * 2n < pct * hi;
        return none({ ...mem, samples, armed: calm });
      }
      if (!up && !down) return none({ ...mem, samples, armed: true });
      const base = up ? lo : hi;
      const moved = formatDecimal(((value - base) * full) / base, PCT_SCALE);
      const text = formatDecimal(value, scale);
      return {
        memory: { ...mem, samples, armed: false },
        fired: [{ value: moved, threshold: rule.pct, message: `${c.name} ${rule.source ?? 'mark'} moved ${moved}% to ${text} within ${rule.windowSec}s (from ${formatDecimal(base, scale)})` }],
      };
    }
    case 'funding': {
      if (!c) return none(mem);
      const value = fixed(app.market.marketStates[c.contractId]?.fundingRate, RATE_SCALE);
      const level = fixed(rule.rate, RATE_SCALE);
      if (value === undefined || level === undefined) return none(mem);
      const tenth = abs(level) / 10n;
      const h = rule.hysteresis !== undefined ? (fixed(rule.hysteresis, RATE_SCALE) ?? 0n) : tenth > 1_000_000n ? tenth : 1_000_000n;
      const x = crossing(mem, value, rule.direction, level, h);
      const text = formatDecimal(value, RATE_SCALE);
      return { memory: { ...mem, armed: x.armed }, fired: x.fire ? [{ value: text, threshold: rule.rate, message: `${c.name} funding rate ${text} crossed ${rule.direction} ${rule.rate}` }] : [] };
    }
    case 'spread': {
      if (!c) return none(mem);
      const bbo = app.market.bbos[c.contractId];
      const book = app.market.books[c.contractId];
      const bid = fixed(bbo?.bid?.px ?? book?.levels[0][0]?.px, c.priceScale);
      const ask = fixed(bbo?.ask?.px ?? book?.levels[1][0]?.px, c.priceScale);
      if (bid === undefined || ask === undefined || c.tickSize <= 0) return none(mem);
      const ticks = (ask - bid) / BigInt(c.tickSize);
      const n = BigInt(rule.ticks);
      // Wider than n ticks: at least n + 1; back when n - hysteresis or narrower.
      const x = crossing(mem, ticks, 'above', n + 1n, BigInt(rule.hysteresis ?? 0));
      return {
        memory: { ...mem, armed: x.armed },
        fired: x.fire ? [{ value: ticks.toString(), threshold: String(rule.ticks), message: `${c.name} spread ${ticks} ticks (bid ${formatDecimal(bid, c.priceScale)}, ask ${formatDecimal(ask, c.priceScale)}), wider than ${rule.ticks}` }] : [],
      };
    }
    case 'margin': {
      if (!app.account.raw) return none(mem);
      const summary = selectAccountSummary(app);
      const bps = summary?.riskiest ? marginRatioBps(summary.riskiest) : 0n;
      if (bps === undefined) return none(mem);
      // bps at scale 2 of a percentage.
      const value = bps * pow10(PCT_SCALE - 2);
      const level = fixed(rule.pct, PCT_SCALE)!;
      const h = fixed(rule.hysteresis ?? '1', PCT_SCALE) ?? 0n;
      // Above the level: fires when strictly over it.
      const x = crossing(mem, value, 'above', level + 1n, h);
      const text = formatDecimal(bps, 2);
      return { memory: { ...mem, armed: x.armed }, fired: x.fire ? [{ value: text, threshold: rule.pct, message: `margin ratio ${text}% is above ${rule.pct}%`, contract: null }] : [] };
    }
    case 'pnl': {
      if (!c || !app.account.raw) return none(mem);
      const positions = app.account.positions.filter((p) => p.contractId === c.contractId && /[1-9]/.test(p.size));
      if (positions.length === 0) return none(mem);
      const scale = collateralCoin(configs).decimals;
      let value = 0n;
      for (const p of positions) value += fixed(p.unrealizedPnl, 0) ?? 0n;
      const level = fixed(rule.amount, scale);
      if (level === undefined) return none(mem);
      const h = fixed(rule.hysteresis ?? '1', scale) ?? 0n;
      const x = crossing(mem, value, rule.direction, level, h);
      const text = formatDecimal(value, scale);
      return { memory: { ...mem, armed: x.armed }, fired: x.fire ? [{ value: text, threshold: rule.amount, message: `${c.name} PnL ${text} crossed ${rule.direction} ${rule.amount}` }] : [] };
    }
    case 'order':
      return { memory: mem, fired: orderEvents(rule, input, prev, since, c) };
    case 'stale': {
      const s = app.session;
      const stale = rule.stream === 'connection' ? s.connection !== 'open' : s.staleness[rule.stream];
      if (!stale) return none({ ...mem, since: undefined, fired: false });
      const from = mem.since ?? now;
      const secs = Math.floor((now - from) / 1000);
      if (mem.fired || now - from < rule.seconds * 1000) return none({ ...mem, since: from });
      return {
        memory: { ...mem, since: from, fired: true },
        fired: [{ value: String(secs), threshold: String(rule.seconds), message: `${rule.stream === 'connection' ? `connection ${s.connection}` : `${rule.stream} stale`} for ${secs}s (alert over ${rule.seconds}s)`, contract: null }],
      };
    }
    case 'algo': {
      const algos = input.algos;
      if (!algos) return none(mem);
      const seen: Record<string, string> = {};
      const fired: Fired[] = [];
      for (const a of algos) {
        seen[a.plan.id] = a.status;
        const before = mem.seen?.[a.plan.id];
        // The first look is history, as is an algo already in that state.
        if (mem.seen === undefined || before === a.status) continue;
        if (rule.algo !== undefined && rule.algo !== a.plan.id) continue;
        if (a.status !== rule.event) continue;
        fired.push({ value: null, threshold: null, contract: a.plan.contract ?? null, message: `algo ${a.plan.id} ${a.status}${a.reason ? `: ${a.reason}` : ''}` });
      }
      return { memory: { ...mem, seen }, fired };
    }
  }
}

function orderEvents(rule: Extract<Rule, { kind: 'order' }>, input: AlertInput, prev: AlertInput | null, since: number, c: ContractConfig | undefined): Fired[] {
  if (rule.contract !== undefined && !c) return [];
  const app = input.app;
  const configs = app.market.configs;
  const nameOf = (id: number) => contractById(configs, id)?.name ?? `contract ${id}`;
  const on = (id: number) => c === undefined || c.contractId === id;
  const out: Fired[] = [];
  if (rule.event === 'filled') {
    const before = prev?.app.orders.fills;
    if (before === app.orders.fills) return out;
    const seen = new Set((before ?? []).map((f: Fill) => `${f.tid}:${f.oid}`));
    for (const f of app.orders.fills) {
      if (seen.has(`${f.tid}:${f.oid}`) || f.time < since || !on(f.contractId)) continue;
      out.push({ value: f.px, threshold: null, contract: nameOf(f.contractId), message: `Filled: ${f.isBuy ? 'buy' : 'sell'} ${f.sz} ${nameOf(f.contractId)} @ ${f.px} (${f.liquidity})${f.liquidation ? ' LIQUIDATION' : ''}` });
    }
    return out;
  }
  const status = rule.event === 'rejected' ? 'rejected' : 'canceled';
  const event = rule.event === 'rejected' ? 'reject' : 'cancel';
  if (prev?.app.orders.history !== app.orders.history) {
    const seen = new Set<OrderUpdate>(prev?.app.orders.history ?? []);
    for (const u of app.orders.history) {
      if (seen.has(u) || u.statusTimestamp < since || !on(u.order.asset)) continue;
      if (u.event !== event && !(u.status === status && u.event !== 'modify')) continue;
      const o = u.order;
      out.push({ value: o.limitPx, threshold: null, contract: nameOf(o.asset), message: `Order ${rule.event}: ${o.isBuy ? 'buy' : 'sell'} ${o.sz} ${nameOf(o.asset)} @ ${o.limitPx} (oid ${o.oid})` });
    }
  }
  // A send the exchange refused never rests: its journal entry says so, in the exchange's words.
  if (rule.event === 'rejected' && rule.contract === undefined && prev?.app.journal.entries !== app.journal.entries) {
    const seen = new Set<JournalEntry>(prev?.app.journal.entries ?? []);
    for (const e of app.journal.entries) {
      if (seen.has(e) || e.time < since || e.outcome !== 'rejected') continue;
      out.push({ value: null, threshold: null, contract: null, message: `Rejected: ${e.asked ?? e.action}: ${e.detail}` });
    }
  }
  return out;
}

/**
 * One look at the state: the alerts that fire now, and the memory to pass next time. Paused
 * and done rules are skipped (their memory is dropped, so they start afresh when resumed).
 */
export function evaluate(rules: readonly StoredRule[], input: AlertInput, memory: AlertMemory, now: number): { fired: Alert[]; memory: AlertMemory } {
  const fired: Alert[] = [];
  const next: Record<string, Partial<RuleMemory>> = {};
  let seq = memory.seq;
  for (const rule of rules) {
    if (rule.paused || rule.done) continue;
    const mem = memory.rules[rule.id] ?? {};
    if (mem.spent) {
      next[rule.id] = mem;
      continue;
    }
    const step = evaluateRule(rule, input, memory.last, mem, memory.since, now);
    let out = step.fired;
    const spent = rule.rearm === 'once' && out.length > 0;
    if (rule.rearm === 'once') out = out.slice(0, 1);
    next[rule.id] = spent ? { ...step.memory, spent: true } : step.memory;
    for (const f of out) {
      seq += 1;
      fired.push({
        id: `${rule.id}-${now}-${seq}`,
        rule: rule.id,
        kind: rule.kind,
        contract: f.contract !== undefined ? f.contract : (ruleContract(rule) ?? null),
        value: f.value,
        threshold: f.threshold,
        time: now,
        message: `${rule.name ? `${rule.name}: ` : ''}${f.message}`,
      });
    }
  }
  return { fired, memory: { since: memory.since, seq, last: input, rules: next } };
}

