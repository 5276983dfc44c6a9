import { formatDecimal, parseDecimal } from '../protocol/index.js';
import type { AlgoPlan } from './algoPlan.js';
import type { AlgoStatus, ChildAnswer, ChildOrder, ChildStatus } from './algoState.js';

/**
 * One line of the algo file. Sizes and prices are decimal strings at the plan's scales, so
 * the file reads as the trader typed them; every line after a plan names it by `id`.
 * plan: an algo started. child: an order about to be sent (written before it is). answer:
 * what became of it. skip: a slice not sent, and why. state: running, paused, done or
 * cancelled, with the schedule's base when it (re)starts. move: a chase's order now rests at
 * `price` (its modify landed). best: a trailing stop's best mark so far, written each time it
 * improves, so a restart trails from there and not from the start. fired: a trailing stop
 * fired at `mark` on the position as it was then (`size`, closed by a buy when `isBuy`),
 * written before its first close is sent, so a restart goes on closing, never fires anew.
 */
export type AlgoRecord =
  | { type: 'plan'; time: number; plan: AlgoPlan }
  | { type: 'state'; id: string; time: number; status: AlgoStatus; reason?: string; interrupted?: boolean; base?: { at: number; slice: number } }
  | { type: 'child'; id: string; time: number; child: Omit<ChildOrder, 'answer'> }
  | { type: 'answer'; id: string; time: number; cloid: string; answer: ChildAnswer }
  | { type: 'skip'; id: string; time: number; slice: number; reason: string }
  | { type: 'move'; id: string; time: number; cloid: string; price: bigint }
  | { type: 'best'; id: string; time: number; mark: bigint }
  | { type: 'fired'; id: string; time: number; mark: bigint; size: bigint; isBuy: boolean };

interface Scales {
  priceScale: number;
  qtyScale: number;
}

const STATUSES: readonly AlgoStatus[] = ['running', 'paused', 'working', 'done', 'failed', 'cancelled'];
const CHILD_STATUSES: readonly ChildStatus[] = ['filled', 'partial', 'unfilled', 'resting', 'rejected', 'absent', 'unknown'];

/** The record as one JSON line; `scales` are its algo's (a plan line carries its own). */
export function recordLine(r: AlgoRecord, scales?: Scales): string {
  const px = (v: bigint) => formatDecimal(v, need(scales).priceScale);
  const sz = (v: bigint) => formatDecimal(v, need(scales).qtyScale);
  switch (r.type) {
    case 'plan':
      return JSON.stringify({ type: 'plan', time: r.time, plan: encodePlan(r.plan) });
    case 'child': {
      const c = r.child;
      return JSON.stringify({ ...r, child: { ...c, size: sz(c.size), price: px(c.price) } });
    }
    case 'answer': {
      const a = r.answer;
      return JSON.stringify({ ...r, answer: { ...a, filled: sz(a.filled), ...(a.avgPx !== undefined ? { avgPx: px(a.avgPx) } : {}) } });
    }
    case 'move':
      return JSON.stringify({ ...r, price: px(r.price) });
    case 'best':
      return JSON.stringify({ ...r, mark: px(r.mark) });
    case 'fired':
      return JSON.stringify({ ...r, mark: px(r.mark), size: sz(r.size) });
    default:
      return JSON.stringify(r);
  }
}

/** Which of a plan's fields are prices, sizes, integers and flags, by kind (after the common ones). */
const PLAN_FIELDS = {
  twap: { px: ['tickSize', 'arrivalMark', 'bandLow', 'bandHigh'], sz: ['stepSize', 'total'], num: ['durationMs', 'slices', 'intervalMs', 'bandBps', 'sizeJitterPct', 'timeJitterPct', 'seed'] },
  scale: { px: ['tickSize', 'from', 'to', 'avgPx'], sz: ['stepSize', 'total'], num: [] },
  chase: { px: ['tickSize', 'startPx', 'maxDistance', 'limitPx'], sz: ['stepSize', 'total'], num: ['offsetTicks', 'intervalMs'] },
  trailingStop: { px: ['tickSize', 'startMark'], sz: ['stepSize', 'total'], num: ['throughTicks', 'intervalMs'] },
} as const;
const COMMON_NUM = ['createdAt', 'contractId', 'priceScale', 'qtyScale'] as const;
const SKEWS = ['flat', 'up', 'down', 'geometric'];

function encodePlan(p: AlgoPlan): Record<string, unknown> {
  const f = PLAN_FIELDS[p.kind];
  const out: Record<string, unknown> = { ...p };
  for (const k of f.px) out[k] = formatDecimal((p as unknown as Record<string, bigint>)[k]!, p.priceScale);
  for (const k of f.sz) out[k] = formatDecimal((p as unknown as Record<string, bigint>)[k]!, p.qtyScale);
  if (p.kind === 'scale') out.orders = p.orders.map((o) => ({ price: formatDecimal(o.price, p.priceScale), size: formatDecimal(o.size, p.qtyScale) }));
  if (p.kind === 'trailingStop' && p.trailDistance !== undefined) out.trailDistance = formatDecimal(p.trailDistance, p.priceScale);
  return out;
}

/**
 * A line read back, or undefined when it is not a record (a torn write, an edit by hand, a
 * line about an algo whose plan is unknown). `scalesOf` gives the plan's scales by id.
 */
export function readRecord(line: string, scalesOf: (id: string) => Scales | undefined): AlgoRecord | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  try {
    return decode(v, scalesOf);
  } catch {
    return undefined;
  }
}

function decode(v: unknown, scalesOf: (id: string) => Scales | undefined): AlgoRecord | undefined {
  const r = obj(v);
  const time = num(r.time);
  if (r.type === 'plan') return { type: 'plan', time, plan: decodePlan(obj(r.plan)) };
  const id = str(r.id);
  const scales = scalesOf(id);
  if (!scales) return undefined;
  const px = (x: unknown) => parseDecimal(str(x), scales.priceScale, 'price');
  const sz = (x: unknown) => parseDecimal(str(x), scales.qtyScale, 'size');
  switch (r.type) {
    case 'state': {
      const status = r.status as AlgoStatus;
      if (!STATUSES.includes(status)) return undefined;
      const out: AlgoRecord = { type: 'state', id, time, status };
      if (r.reason !== undefined) out.reason = str(r.reason);
      if (r.interrupted !== undefined) out.interrupted = r.interrupted === true;
      if (r.base !== undefined) {
        const b = obj(r.base);
        out.base = { at: num(b.at), slice: num(b.slice) };
      }
      return out;
    }
    case 'child': {
      const c = obj(r.child);
      return {
        type: 'child',
        id,
        time,
        child: {
          cloid: str(c.cloid),
          slice: num(c.slice),
          isBuy: bool(c.isBuy),
          size: sz(c.size),
          price: px(c.price),
          reduceOnly: bool(c.reduceOnly),
          sentAt: num(c.sentAt),
          ...(c.tif === 'Gtc' || c.tif === 'Alo' ? { tif: c.tif } : {}),
        },
      };
    }
    case 'answer': {
      const a = obj(r.answer);
      const status = a.status as ChildStatus;
      if (!CHILD_STATUSES.includes(status)) return undefined;
      const source = a.source === 'exchange' ? 'exchange' : 'answer';
      const answer: ChildAnswer = { status, filled: sz(a.filled), detail: str(a.detail), source, time: num(a.time) };
      if (a.avgPx !== undefined) answer.avgPx = px(a.avgPx);
      if (a.pxIsLimit === true) answer.pxIsLimit = true;
      if (a.oid !== undefined) answer.oid = num(a.oid);
      if (a.resting === true) answer.resting = true;
      return { type: 'answer', id, time, cloid: str(r.cloid), answer };
    }
    case 'skip':
      return { type: 'skip', id, time, slice: num(r.slice), reason: str(r.reason) };
    case 'move':
      return { type: 'move', id, time, cloid: str(r.cloid), price: px(r.price) };
    case 'best':
      return { type: 'best', id, time, mark: px(r.mark) };
    case 'fired':
      return { type: 'fired', id, time, mark: px(r.mark), size: sz(r.size), isBuy: bool(r.isBuy) };
    default:
      return undefined;
  }
}

function decodePlan(p: Record<string, unknown>): AlgoPlan {
  const kind = p.kind;
  if (kind !== 'twap' && kind !== 'scale' && kind !== 'chase' && kind !== 'trailingStop') throw new Error('unknown algo kind');
  const f = PLAN_FIELDS[kind];
  const priceScale = num(p.priceScale);
  const qtyScale = num(p.qtyScale);
  const px = (x: unknown) => parseDecimal(str(x), priceScale, 'price');
  const sz = (x: unknown) => parseDecimal(str(x), qtyScale, 'size');
  const out: Record<string, unknown> = { kind, id: str(p.id), isBuy: bool(p.isBuy), reduceOnly: bool(p.reduceOnly), contract: str(p.contract) };
  if (p.account !== undefined) out.account = str(p.account);
  if (p.venue !== undefined) out.venue = str(p.venue);
  for (const k of COMMON_NUM) out[k] = num(p[k]);
  for (const k of f.px) out[k] = px(p[k]);
  for (const k of f.sz) out[k] = sz(p[k]);
  for (const k of f.num) out[k] = num(p[k]);
  if (kind === 'scale') {
    if (!SKEWS.includes(str(p.skew))) throw new Error('bad skew');
    if (p.tif !== 'Gtc' && p.tif !== 'Alo') throw new Error('bad tif');
    if (!Array.isArray(p.orders) || p.orders.length === 0) throw new Error('no orders');
    out.skew = p.skew;
    out.tif = p.tif;
    out.orders = p.orders.map((o) => {
      const x = obj(o);
      return { price: px(x.price), size: sz(x.size) };
    });
    if (p.ratio !== undefined) out.ratio = str(p.ratio);
  }
  if (kind === 'chase') {
    if (p.atLimit !== 'stop' && p.atLimit !== 'cross') throw new Error('bad atLimit');
    out.atLimit = p.atLimit;
  }
  if (kind === 'trailingStop') {
    if (p.trailDistance !== undefined) out.trailDistance = px(p.trailDistance);
    if (p.trailBps !== undefined) out.trailBps = num(p.trailBps);
    // Files from before the bound: the default one.
    if (p.boundBps !== undefined) out.boundBps = num(p.boundBps);
    if ((out.trailDistance === undefined) === (out.trailBps === undefined)) throw new Error('a trailing stop trails by a distance or a percentage');
  }
  return out as unknown as AlgoPlan;
}

function need(s: Scales | undefined): Scales {
  if (!s) throw new Error('algo record: the algo\'s scales are needed to write sizes and prices');
  return s;
}
function obj(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
  return v as Record<string, unknown>;
}
function num(v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new Error('not an integer');
  return v;
}
function str(v: unknown): string {
  if (typeof v !== 'string') throw new Error('not a string');
  return v;
}
function bool(v: unknown): boolean {
  if (typeof v !== 'boolean') throw new Error('not a boolean');
  return v;
}
