import * as v from 'valibot';
import { chasePlan, chaseTarget } from '../algo/chasePlan.js';
import { scalePreview } from '../algo/scalePlan.js';
import { trailingStopPlan, trailingTrigger } from '../algo/trailingStopPlan.js';
import { twapPlan } from '../algo/twapPlan.js';
import { twapSliceSize } from '../algo/twapSliceSize.js';
import { twapSlot } from '../algo/twapSlot.js';
import { formatDecimal, parseDecimal } from '../protocol/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import type { Session } from '../session/createSession.js';
import { usage, type AlgoKindCommand } from './algoForeground.js';
import { chaseRequest, scaleRequest, trailRequest, twapRequest } from './algoRequests.js';
import { CommandError, EXIT } from './exitCodes.js';

/** The dry runs' JSON: what would start now, and nothing sent. */
export const AlgoDryRun = v.union([
  v.object({
    dryRun: v.literal(true),
    algo: v.object({ kind: v.literal('twap'), contract: v.string(), side: v.picklist(['buy', 'sell']), total: v.string(), arrivalMark: v.string(), bandLow: v.string(), bandHigh: v.string(), slices: v.number(), intervalMs: v.number(), seed: v.number() }),
    schedule: v.array(v.object({ slice: v.number(), at: v.number(), size: v.string(), price: v.string() })),
  }),
  v.object({
    dryRun: v.literal(true),
    algo: v.object({ kind: v.literal('scale'), contract: v.string(), side: v.picklist(['buy', 'sell']), total: v.string(), avgPx: v.string(), skew: v.string(), tif: v.string(), reduceOnly: v.boolean() }),
    orders: v.array(v.object({ order: v.number(), size: v.string(), price: v.string() })),
  }),
  v.object({
    dryRun: v.literal(true),
    algo: v.object({ kind: v.literal('chase'), contract: v.string(), side: v.picklist(['buy', 'sell']), total: v.string(), startPx: v.string(), limitPx: v.string(), offsetTicks: v.number(), atLimit: v.picklist(['stop', 'cross']), intervalMs: v.number(), reduceOnly: v.boolean() }),
  }),
  v.object({
    dryRun: v.literal(true),
    algo: v.object({ kind: v.literal('trailingStop'), contract: v.string(), side: v.picklist(['buy', 'sell']), total: v.string(), startMark: v.string(), triggerPx: v.string(), distance: v.nullable(v.string()), percent: v.nullable(v.string()), throughTicks: v.number(), intervalMs: v.number() }),
  }),
]);

function contractOf(session: Session, name: string): ContractConfig {
  const contract = session.store.getState().market.contracts[name];
  if (!contract) throw usage(`no active contract named ${name}`);
  return contract;
}

async function markOf(session: Session, contract: ContractConfig): Promise<bigint> {
  const ms = await session.info.marketState(contract.contractId);
  if (!ms.ok) throw new CommandError(EXIT.network, `cannot read the mark: ${ms.error.message}`);
  if (ms.value.markPx === null) throw new CommandError(EXIT.refused, `no mark price for ${contract.name}`);
  return parseDecimal(ms.value.markPx, contract.priceScale, 'markPx');
}

const secs = (ms: number) => `${ms / 1000}s`;

export const TWAP: AlgoKindCommand<ReturnType<typeof twapRequest>> = {
  verb: 'twap',
  title: 'Start TWAP',
  parse: twapRequest,
  contract: (req) => req.contract,
  planField: /^(size|band|duration|interval|slices|size variation|time variation):/,
  lines: (req) => {
    const shape = req.slices !== undefined ? `${req.slices} slices` : `a slice every ${secs(req.intervalMs!)}`;
    return [`TWAP ${req.side} ${req.size} ${req.contract} over ${secs(req.durationMs)}, ${shape}, each an Ioc within ${req.bandPct}% of the mark${req.reduceOnly ? ', reduce-only' : ''}`];
  },
  /** The plan around the mark as it is now, and each slice's time, size and limit if all fill. */
  dryRun: async (_r, req, session) => {
    const contract = contractOf(session, req.contract);
    const now = Date.now();
    const planned = twapPlan(req, contract, await markOf(session, contract), now, 'dry-run');
    if (!planned.ok) throw usage(`algo twap: ${planned.error}`);
    const p = planned.value;
    const qty = (x: bigint) => formatDecimal(x, p.qtyScale);
    const px = (x: bigint) => formatDecimal(x, p.priceScale);
    const price = px(p.isBuy ? p.bandHigh : p.bandLow);
    const schedule: { slice: number; at: number; size: string; price: string }[] = [];
    let remaining = p.total;
    for (let k = 0; k < p.slices; k++) {
      const size = twapSliceSize(p, k, remaining, p.slices - k);
      remaining -= size;
      schedule.push({ slice: k + 1, at: twapSlot(p, { at: now, slice: 0 }, k).due, size: qty(size), price });
    }
    const side = p.isBuy ? 'buy' : 'sell';
    const algo = { kind: 'twap', contract: p.contract, side, total: qty(p.total), arrivalMark: px(p.arrivalMark), bandLow: px(p.bandLow), bandHigh: px(p.bandHigh), slices: p.slices, intervalMs: p.intervalMs, seed: p.seed } as const;
    return {
      json: { dryRun: true, algo, schedule },
      human: [
        `dry run: TWAP ${side} ${algo.total} ${p.contract} in ${p.slices} slices ${secs(p.intervalMs)} apart, band ${algo.bandLow}–${algo.bandHigh} around mark ${algo.arrivalMark}${p.reduceOnly ? ', reduce-only' : ''}; nothing sent`,
        ...schedule.map((x) => `  slice ${x.slice}  +${((x.at - now) / 1000).toFixed(1)}s  Ioc ${side} ${x.size} @ ${x.price}`),
      ],
    };
  },
  start: (runner, req) => runner.startTwap(req),
};

/** A scale's orders as the trader sees them before anything leaves: each size and price, the total and the average. */
function scaleShown(req: ReturnType<typeof scaleRequest>, session: Session) {
  const contract = contractOf(session, req.contract);
  const pv = scalePreview(req, contract);
  if (!pv.ok) throw usage(`algo scale: ${pv.error}`);
  const qty = (x: bigint) => formatDecimal(x, contract.qtyScale);
  const px = (x: bigint) => formatDecimal(x, contract.priceScale);
  const orders = pv.value.orders.map((o, i) => ({ order: i + 1, size: qty(o.size), price: px(o.price) }));
  const skew = req.skew ?? 'flat';
  const head = `scale ${req.side} ${qty(pv.value.total)} ${contract.name} in ${orders.length} ${req.tif ?? 'Gtc'} orders from ${orders[0]!.price} to ${orders.at(-1)!.price} (${skew}${skew === 'geometric' ? ` ×${req.ratio ?? '1.5'}` : ''})${req.reduceOnly ? ', reduce-only' : ''}`;
  const lines = [...orders.map((o) => `  order ${o.order}  ${req.side} ${o.size} @ ${o.price}`), `total ${qty(pv.value.total)} at an average ${px(pv.value.avgPx)}`];
  return { contract, pv: pv.value, orders, head, lines, skew };
}

export const SCALE: AlgoKindCommand<ReturnType<typeof scaleRequest>> = {
  verb: 'scale',
  title: 'Start scale',
  parse: scaleRequest,
  contract: (req) => req.contract,
  planField: /^(size|from|to|ratio|skew|orders)\b/,
  lines: (req, session) => {
    const s = scaleShown(req, session);
    return [s.head, ...s.lines];
  },
  dryRun: async (_r, req, session) => {
    const s = scaleShown(req, session);
    const algo = { kind: 'scale', contract: s.contract.name, side: req.side, total: formatDecimal(s.pv.total, s.contract.qtyScale), avgPx: formatDecimal(s.pv.avgPx, s.contract.priceScale), skew: s.skew, tif: req.tif ?? 'Gtc', reduceOnly: req.reduceOnly ?? false } as const;
    return { json: { dryRun: true, algo, orders: s.orders }, human: [`dry run: ${s.head}; nothing sent`, ...s.lines] };
  },
  start: (runner, req) => runner.startScale(req),
};

function chaseWords(req: ReturnType<typeof chaseRequest>): string {
  const where = req.offsetTicks ? `${req.offsetTicks} ticks behind the best ${req.side === 'buy' ? 'bid' : 'ask'}` : `at the best ${req.side === 'buy' ? 'bid' : 'ask'}`;
  return `chase ${req.side} ${req.size} ${req.contract}: a post-only order ${where}, following it up to ${req.maxDistance} from where it starts, then ${(req.atLimit ?? 'stop') === 'stop' ? 'stops' : 'crosses the spread with the rest'}; looks every ${secs(req.intervalMs ?? 2_000)}${req.reduceOnly ? ', reduce-only' : ''}`;
}

export const CHASE: AlgoKindCommand<ReturnType<typeof chaseRequest>> = {
  verb: 'chase',
  title: 'Start chase',
  parse: chaseRequest,
  contract: (req) => req.contract,
  planField: /^(size|max distance|offset|interval)\b/,
  lines: (req) => [chaseWords(req)],
  dryRun: async (_r, req, session) => {
    const contract = contractOf(session, req.contract);
    const book = await session.info.l2Book(contract.contractId);
    if (!book.ok) throw new CommandError(EXIT.network, `cannot read the book: ${book.error.message}`);
    const isBuy = req.side === 'buy';
    const start = chaseTarget(book.value, { isBuy, offsetTicks: req.offsetTicks ?? 0, tickSize: BigInt(contract.tickSize), priceScale: contract.priceScale, qtyScale: contract.qtyScale });
    if (start === undefined) throw new CommandError(EXIT.refused, `no ${isBuy ? 'bid' : 'ask'} on ${contract.name} to follow`);
    const planned = chasePlan(req, contract, start, Date.now(), 'dry-run');
    if (!planned.ok) throw usage(`algo chase: ${planned.error}`);
    const p = planned.value;
    const px = (x: bigint) => formatDecimal(x, p.priceScale);
    const algo = { kind: 'chase', contract: p.contract, side: req.side, total: formatDecimal(p.total, p.qtyScale), startPx: px(p.startPx), limitPx: px(p.limitPx), offsetTicks: p.offsetTicks, atLimit: p.atLimit, intervalMs: p.intervalMs, reduceOnly: p.reduceOnly } as const;
    return { json: { dryRun: true, algo }, human: [`dry run: ${chaseWords(req)}; it would start at ${algo.startPx} and go no further than ${algo.limitPx}; nothing sent`] };
  },
  start: (runner, req) => runner.startChase(req),
};

function trailWords(req: ReturnType<typeof trailRequest>): string {
  const by = req.distance !== undefined ? `${req.distance}` : `${req.percent}%`;
  return `trailing stop on the ${req.contract} position: when the mark comes back ${by} from its best, reduce-only Iocs ${req.throughTicks ?? 5} ticks through the touch close the position as it is then, no further than ${req.boundPercent ?? '5'}% from the mark (else it fails); looks every ${secs(req.intervalMs ?? 1_000)}`;
}

export const TRAIL: AlgoKindCommand<ReturnType<typeof trailRequest>> = {
  verb: 'trail',
  title: 'Start trailing stop',
  parse: trailRequest,
  contract: (req) => req.contract,
  planField: /^(distance|percent|through|bound|interval)\b/,
  lines: (req) => [trailWords(req)],
  dryRun: async (_r, req, session) => {
    const contract = contractOf(session, req.contract);
    const mark = await markOf(session, contract);
    const p = session.store.getState().account.positions.find((x) => x.contractId === contract.contractId);
    const position = p ? (p.isBuy ? 1n : -1n) * parseDecimal(p.size, contract.qtyScale, 'size') : 0n;
    const planned = trailingStopPlan(req, contract, position, mark, Date.now(), 'dry-run');
    if (!planned.ok) throw new CommandError(/^no open position|^no mark/.test(planned.error) ? EXIT.refused : EXIT.usage, `algo trail: ${planned.error}`);
    const t = planned.value;
    const px = (x: bigint) => formatDecimal(x, t.priceScale);
    const side = t.isBuy ? 'buy' : 'sell';
    const algo = { kind: 'trailingStop', contract: t.contract, side, total: formatDecimal(t.total, t.qtyScale), startMark: px(t.startMark), triggerPx: px(trailingTrigger(t, t.startMark).at), distance: req.distance ?? null, percent: req.percent ?? null, throughTicks: t.throughTicks, intervalMs: t.intervalMs } as const;
    return { json: { dryRun: true, algo }, human: [`dry run: ${trailWords(req)}; ${side} ${algo.total} would fire at mark ${algo.triggerPx} (mark now ${algo.startMark}); nothing sent`] };
  },
  start: (runner, req) => runner.startTrailingStop(req),
};
