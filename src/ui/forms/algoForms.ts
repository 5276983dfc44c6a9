import type { AlgoAnswer, AlgoRunner } from '../../algo/algoRunner.js';
import { chasePlan, chaseTarget, type ChaseRequest } from '../../algo/chasePlan.js';
import { scalePreview, type ScaleRequest } from '../../algo/scalePlan.js';
import { trailingStopPlan, type TrailingStopRequest } from '../../algo/trailingStopPlan.js';
import { twapPlan, type TwapRequest } from '../../algo/twapPlan.js';
import { choiceField, defaultSizeRaw, textField, type Field, type FieldView, type FormContext, type Texts } from '../../forms/index.js';
import { markRaw } from '../../forms/orderContext.js';
import { parseDuration } from '../../format/parseDuration.js';
import { formatDecimal, parseDecimal } from '../../protocol/index.js';
import type { ContractConfig } from '../../protocol/wire/index.js';

/**
 * The forms that start an execution algo. They sign nothing themselves: Enter shows what
 * the algo will do with the market as it is now (a scale's every order, its total and
 * average price; a TWAP's slices and band), a second Enter hands the request to the
 * session's algo runner, which checks each child order as the order form would.
 * The texts are the request as typed: the algo's own planner is the one judge of them,
 * for these forms and for `perpdesk algo`.
 */

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export interface AlgoForm<R = unknown> {
  id: string;
  title: string;
  /** One line under the title: what the algo does. */
  intro: string;
  fields: Readonly<Record<string, Field<string>>>;
  request(texts: Texts, ctx: FormContext): Checked<R>;
  /** What it will do, planned against the market now; the planner's refusal otherwise. */
  preview(req: R, ctx: FormContext): Checked<string[]>;
  start(runner: AlgoRunner, req: R): Promise<AlgoAnswer>;
  /** The notice once it is done: "TWAP twap-… started". */
  done(id: string): string;
  /** What Enter does on the confirm step: "start", "resume", "cancel it". */
  verb: string;
}

export interface AlgoEvaluation {
  /** Why the form cannot start anything here (no runner in this process), shown instead of the fields' complaints. */
  blocked?: string;
  fields: FieldView[];
  errors: string[];
  /** The preview lines, when the request is complete and the planner takes it. */
  lines?: string[];
  ready: boolean;
}

const side = () =>
  choiceField({ label: 'Side', help: 'buy or sell', default: () => 'buy', choices: () => [{ text: 'buy' }, { text: 'sell' }], map: (t) => t });

const sizeText = () =>
  textField({
    label: 'Size',
    help: 'total size, in the contract’s units',
    default: (ctx: FormContext) => (ctx.contract ? formatDecimal(defaultSizeRaw(ctx.contract, ctx.settings, markRaw(ctx, ctx.contract)), ctx.contract.qtyScale) : ''),
  });

const text = (label: string, help: string, fallback = '') => textField({ label, help, default: () => fallback });

/** A text the planner cannot do without: said at the field, not as the planner's complaint. */
function required(label: string, help: string): Field<string> {
  const f = text(label, help);
  return { ...f, parse: (t, ctx, texts) => (t.trim() === '' ? { ok: false, error: `${label}: required` } : f.parse(t, ctx, texts)) };
}

const choice = (label: string, help: string, options: readonly string[]) =>
  choiceField({ label, help, default: () => options[0]!, choices: () => options.map((o) => ({ text: o })), map: (t) => t });


const contractOf = (ctx: FormContext): Checked<ContractConfig> => (ctx.contract ? { ok: true, value: ctx.contract } : { ok: false, error: 'no contract selected' });

function durationOf(label: string, t: string | undefined): Checked<number> {
  const ms = parseDuration(t ?? '');
  return ms === undefined ? { ok: false, error: `${label}: a duration such as 30s, 10m or 1h` } : { ok: true, value: ms };
}

function wholeOf(label: string, t: string | undefined, fallback?: number): Checked<number> {
  const s = (t ?? '').trim();
  if (s === '' && fallback !== undefined) return { ok: true, value: fallback };
  return /^\d{1,6}$/.test(s) ? { ok: true, value: Number(s) } : { ok: false, error: `${label}: a whole number` };
}

const started = (title: string) => (id: string) => `${title} ${id} started: the Algos pane follows it`;

const sideOf = (t: string | undefined): 'buy' | 'sell' => (t === 'sell' ? 'sell' : 'buy');
const px = (c: ContractConfig, x: bigint) => formatDecimal(x, c.priceScale);
const qty = (c: ContractConfig, x: bigint) => formatDecimal(x, c.qtyScale);

export const TWAP_FORM: AlgoForm<TwapRequest> = {
  id: 'algoTwap',
  title: 'TWAP',
  intro: 'Ioc slices spread over the duration, each within the band around the mark at the start; sizes and times vary a little.',
  fields: {
    side: side(),
    size: sizeText(),
    duration: text('Duration', 'how long it runs: 30s, 10m, 1h', '10m'),
    slices: text('Slices', 'how many slices', '10'),
    band: text('Band %', 'no slice trades more than this from the mark at the start (percent)', '1'),
    reduceOnly: choice('Reduce only', 'every slice only reduces the position', ['no', 'yes']),
  },
  request(t, ctx) {
    const c = contractOf(ctx);
    if (!c.ok) return c;
    const duration = durationOf('Duration', t['duration']);
    if (!duration.ok) return duration;
    const slices = wholeOf('Slices', t['slices']);
    if (!slices.ok) return slices;
    return {
      ok: true,
      value: { contract: c.value.name, side: sideOf(t['side']), size: t['size'] ?? '', durationMs: duration.value, slices: slices.value, bandPct: (t['band'] ?? '').replace(/%$/, ''), reduceOnly: t['reduceOnly'] === 'yes' },
    };
  },
  preview(req, ctx) {
    const c = ctx.contract!;
    const mark = markRaw(ctx, c);
    if (mark === undefined) return { ok: false, error: `no mark price for ${c.name}: the band cannot be placed` };
    const p = twapPlan(req, c, mark, ctx.now, 'preview');
    if (!p.ok) return p;
    const v = p.value;
    return {
      ok: true,
      value: [
        `${req.side === 'buy' ? 'Buy' : 'Sell'} ${qty(c, v.total)} ${c.name} in ${v.slices} Ioc slices about ${v.intervalMs / 1000}s apart${v.reduceOnly ? ', reduce-only' : ''}`,
        `band ${px(c, v.bandLow)} – ${px(c, v.bandHigh)} around the mark ${px(c, v.arrivalMark)} (now; fixed when it starts)`,
      ],
    };
  },
  start: (runner, req) => runner.startTwap(req),
  done: started('TWAP'),
  verb: 'start',
};

export const SCALE_FORM: AlgoForm<ScaleRequest> = {
  id: 'algoScale',
  title: 'Scale',
  intro: 'Resting orders spread evenly between two prices, sent in batches of 10; the sizes follow the skew.',
  fields: {
    side: side(),
    size: sizeText(),
    orders: text('Orders', 'how many orders, 1 to 100', '5'),
    from: required('From', 'the first order’s price'),
    to: required('To', 'the last order’s price'),
    skew: choice('Skew', 'flat: equal sizes; up/down: growing/shrinking linearly from the first; geometric: each the ratio times the one before', ['flat', 'up', 'down', 'geometric']),
    ratio: { ...text('Ratio', 'each order’s size over the one before', '1.5'), visible: (t) => t['skew'] === 'geometric' },
    tif: choice('Type', 'Gtc rests; Alo is post-only (refused if it would take)', ['Gtc', 'Alo']),
    reduceOnly: choice('Reduce only', 'every order only reduces the position', ['no', 'yes']),
  },
  request(t, ctx) {
    const c = contractOf(ctx);
    if (!c.ok) return c;
    const orders = wholeOf('Orders', t['orders']);
    if (!orders.ok) return orders;
    const skew = (t['skew'] ?? 'flat') as NonNullable<ScaleRequest['skew']>;
    const req: ScaleRequest = { contract: c.value.name, side: sideOf(t['side']), size: t['size'] ?? '', orders: orders.value, from: t['from'] ?? '', to: t['to'] ?? '', skew, tif: t['tif'] === 'Alo' ? 'Alo' : 'Gtc', reduceOnly: t['reduceOnly'] === 'yes' };
    if (skew === 'geometric') req.ratio = t['ratio'] ?? '';
    return { ok: true, value: req };
  },
  preview(req, ctx) {
    const c = ctx.contract!;
    const p = scalePreview(req, c);
    if (!p.ok) return p;
    const verb = req.side === 'buy' ? 'buy' : 'sell';
    return {
      ok: true,
      value: [
        `${p.value.orders.length} ${req.tif ?? 'Gtc'} ${verb}s, ${qty(c, p.value.total)} ${c.name} in all at an average of ${px(c, p.value.avgPx)}${req.reduceOnly ? ', reduce-only' : ''}`,
        ...p.value.orders.map((o, i) => `#${i + 1} ${verb} ${qty(c, o.size)} @ ${px(c, o.price)}`),
      ],
    };
  },
  start: (runner, req) => runner.startScale(req),
  done: started('Scale'),
  verb: 'start',
};

export const CHASE_FORM: AlgoForm<ChaseRequest> = {
  id: 'algoChase',
  title: 'Chase',
  intro: 'A post-only order that follows the best bid (buy) or ask (sell) by modify, up to a distance from where it starts.',
  fields: {
    side: side(),
    size: sizeText(),
    offset: text('Offset ticks', 'how many ticks behind the touch it rests (0: at the touch)', '0'),
    maxDistance: required('Max distance', 'how far (a price difference) it may follow the book from where it starts'),
    atLimit: choice('At the limit', 'stop: cancel and stop there; cross: take what is left with an Ioc', ['stop', 'cross']),
    interval: text('Every', 'how often it looks at the book: 2s, 500ms', '2s'),
  },
  request(t, ctx) {
    const c = contractOf(ctx);
    if (!c.ok) return c;
    const offset = wholeOf('Offset ticks', t['offset'], 0);
    if (!offset.ok) return offset;
    const interval = durationOf('Every', t['interval']);
    if (!interval.ok) return interval;
    return {
      ok: true,
      value: { contract: c.value.name, side: sideOf(t['side']), size: t['size'] ?? '', offsetTicks: offset.value, maxDistance: t['maxDistance'] ?? '', atLimit: t['atLimit'] === 'cross' ? 'cross' : 'stop', intervalMs: interval.value },
    };
  },
  preview(req, ctx) {
    const c = ctx.contract!;
    if (!ctx.book) return { ok: false, error: `no book for ${c.name} yet` };
    const isBuy = req.side === 'buy';
    const start = chaseTarget(ctx.book, { isBuy, offsetTicks: req.offsetTicks ?? 0, tickSize: BigInt(c.tickSize), priceScale: c.priceScale, qtyScale: c.qtyScale });
    if (start === undefined) return { ok: false, error: `no ${isBuy ? 'bid' : 'ask'} on ${c.name} to follow` };
    const p = chasePlan(req, c, start, ctx.now, 'preview');
    if (!p.ok) return p;
    return {
      ok: true,
      value: [
        `Alo ${req.side} ${qty(c, p.value.total)} ${c.name} from ${px(c, start)} (now), following the ${isBuy ? 'bid' : 'ask'} up to ${px(c, p.value.limitPx)}`,
        `at the limit: ${req.atLimit === 'cross' ? 'take what is left with an Ioc' : 'cancel and stop'}; looks every ${(req.intervalMs ?? 2000) / 1000}s`,
      ],
    };
  },
  start: (runner, req) => runner.startChase(req),
  done: started('Chase'),
  verb: 'start',
};

export const TRAIL_FORM: AlgoForm<TrailingStopRequest> = {
  id: 'algoTrail',
  title: 'Trailing stop',
  intro: 'Follows the mark while it moves your way; when it comes back by the distance, closes the position as it is then, with reduce-only Iocs through the touch, until it is closed or the bound is reached (then it fails, saying what is still open).',
  fields: {
    by: choice('Trail by', 'a price distance or a percentage of the best mark', ['distance', 'percent']),
    amount: required('Amount', 'the distance (a price) or the percentage (up to 2 decimals)'),
    through: text('Through ticks', 'each closing Ioc’s limit lies this many ticks through the touch (the bid, closing a long)', '5'),
    bound: text('Bound %', 'how far from the mark at firing the closes may go; past it the stop fails', '5'),
  },
  request(t, ctx) {
    const c = contractOf(ctx);
    if (!c.ok) return c;
    const through = wholeOf('Through ticks', t['through'], 5);
    if (!through.ok) return through;
    const amount = (t['amount'] ?? '').trim();
    const req: TrailingStopRequest = { contract: c.value.name, throughTicks: through.value };
    const bound = (t['bound'] ?? '').trim().replace(/%$/, '');
    if (bound !== '') req.boundPercent = bound;
    if (t['by'] === 'percent') req.percent = amount.replace(/%$/, '');
    else req.distance = amount;
    return { ok: true, value: req };
  },
  preview(req, ctx) {
    const c = ctx.contract!;
    const mark = markRaw(ctx, c);
    if (mark === undefined) return { ok: false, error: `no mark price for ${c.name}` };
    const pos = ctx.positions.find((p) => p.contractId === c.contractId && p.size !== '0');
    let signed = 0n;
    if (pos) {
      const size = parseDecimal(pos.size, c.qtyScale, 'size');
      signed = pos.isBuy ? size : -size;
    }
    const p = trailingStopPlan(req, c, signed, mark, ctx.now, 'preview');
    if (!p.ok) return p;
    const by = req.distance !== undefined ? `${req.distance}` : `${req.percent}%`;
    return {
      ok: true,
      value: [
        `close the ${c.name} position (${signed > 0n ? 'long' : 'short'} ${qty(c, p.value.total)} now; as it is when it fires) when the mark comes back ${by} from its best (mark now ${px(c, mark)})`,
        `with reduce-only Iocs ${p.value.throughTicks} ticks through the touch, no further than ${pct(p.value.boundBps)} from the mark at firing`,
      ],
    };
  },
  start: (runner, req) => runner.startTrailingStop(req),
  done: started('Trailing stop'),
  verb: 'start',
};

/** An algo of the pane, named by the opener: its id and its line as the pane shows it. */
interface NamedAlgo {
  id: string;
  what: string;
}

function namedAlgo(t: Texts): Checked<NamedAlgo> {
  const id = (t['id'] ?? '').trim();
  return id === '' ? { ok: false, error: 'no algo selected' } : { ok: true, value: { id, what: t['what'] ?? '' } };
}

/** Resume sends orders again: it is reviewed as a start is. */
export const RESUME_ALGO_FORM: AlgoForm<NamedAlgo> = {
  id: 'algoResume',
  title: 'Resume algo',
  intro: 'Resumes a paused algo: any child order whose outcome is unknown is read back first; the slots left start from now.',
  fields: {},
  request: namedAlgo,
  preview: (req) => ({ ok: true, value: [`resume ${req.id}`, req.what] }),
  start: (runner, req) => runner.resume(req.id),
  done: (id) => `${id} resumed`,
  verb: 'resume',
};

export const CANCEL_ALGO_FORM: AlgoForm<NamedAlgo> = {
  id: 'algoCancel',
  title: 'Cancel algo',
  intro: 'Stops the algo for good and cancels its resting child orders; what filled stays filled.',
  fields: {},
  request: namedAlgo,
  preview: (req) => ({ ok: true, value: [`cancel ${req.id} and its resting child orders`, req.what] }),
  start: (runner, req) => runner.cancel(req.id),
  done: (id) => `${id} cancelled`,
  verb: 'cancel it',
};

const ALGO_FORMS: Readonly<Record<string, AlgoForm>> = Object.fromEntries(
  [TWAP_FORM, SCALE_FORM, CHASE_FORM, TRAIL_FORM, RESUME_ALGO_FORM, CANCEL_ALGO_FORM].map((f) => [f.id, f as AlgoForm]),
);

export function algoFormById(id: string): AlgoForm | undefined {
  return Object.prototype.hasOwnProperty.call(ALGO_FORMS, id) ? ALGO_FORMS[id] : undefined;
}

/** Each field checked as typed, then the whole request by the algo's planner. */
export function evaluateAlgo(form: AlgoForm, texts: Texts, ctx: FormContext): AlgoEvaluation {
  const full: Record<string, string> = { ...texts };
  for (const [k, f] of Object.entries(form.fields)) full[k] = texts[k] ?? f.default?.(ctx, { ...texts, ...full }) ?? '';
  const fields: FieldView[] = [];
  const errors: string[] = [];
  for (const [key, f] of Object.entries(form.fields)) {
    const t = full[key]!;
    const view: FieldView = { key, kind: f.kind, label: f.label, help: f.help, text: t, visible: f.visible ? f.visible(full, ctx) : true };
    if (f.choices) view.choices = f.choices(ctx, full);
    const r = f.parse(t, ctx, full);
    if (!r.ok && view.visible) {
      view.error = r.error;
      errors.push(r.error);
    }
    fields.push(view);
  }
  if (errors.length > 0) return { fields, errors, ready: false };
  const req = form.request(full, ctx);
  if (!req.ok) return { fields, errors: [req.error], ready: false };
  const lines = form.preview(req.value, ctx);
  if (!lines.ok) return { fields, errors: [lines.error], ready: false };
  return { fields, errors, lines: lines.value, ready: true };
}

/** The texts a form opens with: what the opener gave (an algo's id too), then each field's default. */
export function initialAlgoTexts(form: AlgoForm, ctx: FormContext, params: Texts = {}): Record<string, string> {
  const out: Record<string, string> = { ...params };
  for (const [k, f] of Object.entries(form.fields)) out[k] = params[k] ?? f.default?.(ctx, { ...params, ...out }) ?? '';
  return out;
}

/** Basis points as a percentage: 500 -> "5 %", 250 -> "2.5 %". */
function pct(bps: number | undefined): string {
  return `${formatDecimal(BigInt(bps ?? 500), 2).replace(/\.?0+$/, '')} %`;
}
