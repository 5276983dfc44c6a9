import { formatDecimal, parseDecimal } from '../protocol/index.js';
import type { AlgoPlan, TwapPlan } from './algoPlan.js';
import type { AlgoStatus, ChildAnswer, ChildOrder, ChildStatus } from './algoState.js';

/**
 * One line of the algo file. Sizes and prices are decimal strings at the plan's scales, so
 * the file reads as the trader typed them; every line after a plan names it by `id`.
 * plan: an algo started. child: an order about to be sent (written before it is). answer:
 * what became of it. skip: a slice not sent, and why. state: running, paused, done or
 * cancelled, with the schedule's base when it (re)starts.
 */
export type AlgoRecord =
  | { type: 'plan'; time: number; plan: AlgoPlan }
  | { type: 'state'; id: string; time: number; status: AlgoStatus; reason?: string; interrupted?: boolean; base?: { at: number; slice: number } }
  | { type: 'child'; id: string; time: number; child: Omit<ChildOrder, 'answer'> }
  | { type: 'answer'; id: string; time: number; cloid: string; answer: ChildAnswer }
  | { type: 'skip'; id: string; time: number; slice: number; reason: string };

interface Scales {
  priceScale: number;
  qtyScale: number;
}

const STATUSES: readonly AlgoStatus[] = ['running', 'paused', 'done', 'cancelled'];
const CHILD_STATUSES: readonly ChildStatus[] = ['filled', 'partial', 'unfilled', 'resting', 'rejected', 'absent', 'unknown'];

/** The record as one JSON line; `scales` are its algo's (a plan line carries its own). */
export function recordLine(r: AlgoRecord, scales?: Scales): string {
  const px = (v: bigint) => formatDecimal(v, need(scales).priceScale);
  const sz = (v: bigint) => formatDecimal(v, need(scales).qtyScale);
  switch (r.type) {
    case 'plan': {
      const p = r.plan;
      const s = { priceScale: p.priceScale, qtyScale: p.qtyScale };
      const plan = {
        ...p,
        stepSize: formatDecimal(p.stepSize, s.qtyScale),
        total: formatDecimal(p.total, s.qtyScale),
        arrivalMark: formatDecimal(p.arrivalMark, s.priceScale),
        bandLow: formatDecimal(p.bandLow, s.priceScale),
        bandHigh: formatDecimal(p.bandHigh, s.priceScale),
      };
      return JSON.stringify({ type: 'plan', time: r.time, plan });
    }
    case 'child': {
      const c = r.child;
      return JSON.stringify({ ...r, child: { ...c, size: sz(c.size), price: px(c.price) } });
    }
    case 'answer': {
      const a = r.answer;
      return JSON.stringify({ ...r, answer: { ...a, filled: sz(a.filled), ...(a.avgPx !== undefined ? { avgPx: px(a.avgPx) } : {}) } });
    }
    default:
      return JSON.stringify(r);
  }
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
        child: { cloid: str(c.cloid), slice: num(c.slice), isBuy: bool(c.isBuy), size: sz(c.size), price: px(c.price), reduceOnly: bool(c.reduceOnly), sentAt: num(c.sentAt) },
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
    default:
      return undefined;
  }
}

function decodePlan(p: Record<string, unknown>): TwapPlan {
  if (p.kind !== 'twap') throw new Error('unknown algo kind');
  const priceScale = num(p.priceScale);
  const qtyScale = num(p.qtyScale);
  const px = (x: unknown) => parseDecimal(str(x), priceScale, 'price');
  const sz = (x: unknown) => parseDecimal(str(x), qtyScale, 'size');
  return {
    kind: 'twap',
    id: str(p.id),
    createdAt: num(p.createdAt),
    contract: str(p.contract),
    contractId: num(p.contractId),
    priceScale,
    qtyScale,
    stepSize: sz(p.stepSize),
    isBuy: bool(p.isBuy),
    total: sz(p.total),
    durationMs: num(p.durationMs),
    slices: num(p.slices),
    intervalMs: num(p.intervalMs),
    arrivalMark: px(p.arrivalMark),
    bandBps: num(p.bandBps),
    bandLow: px(p.bandLow),
    bandHigh: px(p.bandHigh),
    sizeJitterPct: num(p.sizeJitterPct),
    timeJitterPct: num(p.timeJitterPct),
    seed: num(p.seed),
    reduceOnly: bool(p.reduceOnly),
  };
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
