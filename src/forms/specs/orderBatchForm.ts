import { DecimalError, parsePrice, parseSize } from '../../protocol/index.js';
import { build, MAX_ORDERS_PER_REQUEST, type ContractConfig } from '../../protocol/wire/index.js';
import { err, ok, type Field } from '../field.js';
import { defineForm } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { contractUnavailable, preTradeFor } from '../orderContext.js';
import type { OrderKind } from '../preTrade.js';
import { cloidClash, describeOrder, orderSpecOf } from './orderForm.js';

/**
 * Several orders in one request, one per line:
 *   buy 2 @ 150        sell 0.5 @ 151.5 ioc        b 1 market        s 3 @ 160 alo ro c=123
 * side: buy/b/long or sell/s/short; tif: gtc (default), ioc, alo; `ro` = reduce-only;
 * `c=<digits>` = cloid. Blank lines and lines starting with # are ignored.
 */
export interface BatchLine {
  line: number;
  isBuy: boolean;
  kind: OrderKind;
  price?: bigint;
  size: bigint;
  reduceOnly: boolean;
  cloid?: string;
}

export type LineResult = { line: number; ok: true; order: BatchLine } | { line: number; ok: false; error: string };

const BUY = new Set(['buy', 'b', 'long']);
const SELL = new Set(['sell', 's', 'short']);
const TIFS: Record<string, OrderKind> = { gtc: 'Gtc', ioc: 'Ioc', alo: 'Alo' };

function parseLine(text: string, line: number, contract: ContractConfig): LineResult {
  const fail = (problem: string): LineResult => ({ line, ok: false, error: `line ${line}: ${problem}` });
  const tokens = text.trim().split(/\s+/);
  const sideWord = (tokens.shift() ?? '').toLowerCase();
  if (!BUY.has(sideWord) && !SELL.has(sideWord)) return fail(`Side: start with buy or sell, not "${sideWord.slice(0, 12)}"`);
  const sizeText = tokens.shift();
  if (sizeText === undefined) return fail('Size: missing');
  const order: BatchLine = { line, isBuy: BUY.has(sideWord), kind: 'Gtc', size: 0n, reduceOnly: false };
  try {
    order.size = parseSize(sizeText, contract, 'Size');
  } catch (e) {
    if (e instanceof DecimalError) return fail(e.message);
    throw e;
  }
  let market = false;
  let tifSeen = false;
  while (tokens.length > 0) {
    const t = tokens.shift() as string;
    const low = t.toLowerCase();
    if (t === '@') {
      const p = tokens.shift();
      if (p === undefined) return fail('Price: missing after @');
      try {
        order.price = parsePrice(p, contract, 'Price');
      } catch (e) {
        if (e instanceof DecimalError) return fail(e.message);
        throw e;
      }
    } else if (low === 'market') market = true;
    else if (TIFS[low] !== undefined) {
      if (tifSeen) return fail('Type: more than one of gtc/ioc/alo');
      tifSeen = true;
      order.kind = TIFS[low] as OrderKind;
    } else if (low === 'ro') order.reduceOnly = true;
    else if (low.startsWith('c=')) {
      const c = t.slice(2);
      if (!/^[1-9]\d{0,18}$/.test(c) || BigInt(c) > (1n << 63n) - 1n) return fail('Cloid: int64 digits without leading zeros');
      order.cloid = c;
    } else return fail(`unexpected "${t.slice(0, 16)}" (expected @ <price>, market, gtc, ioc, alo, ro or c=<cloid>)`);
  }
  if (market && order.price !== undefined) return fail('Price: a market order takes no price');
  if (market && tifSeen) return fail('Type: a market order takes no gtc/ioc/alo');
  if (market) order.kind = 'Market';
  else if (order.price === undefined) return fail("Price: missing (write '@ <price>' or 'market')");
  return { line, ok: true, order };
}

/** Every non-blank line parsed on its own, so the form can mark each bad line. */
export function parseBatchLines(text: string, contract: ContractConfig): LineResult[] {
  const out: LineResult[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '' || raw.trim().startsWith('#')) return;
    out.push(parseLine(raw, i + 1, contract));
  });
  return out;
}

const linesField: Field<BatchLine[]> = {
  kind: 'text',
  label: 'Orders',
  help: 'one order a line: "buy 2 @ 150", "sell 1 @ 151 ioc ro", "b 1 market", "s 1 @ 160 alo c=42"',
  parse: (text, ctx) => {
    if (!ctx.contract) return err('Orders', 'no contract selected');
    const results = parseBatchLines(text, ctx.contract);
    if (results.length === 0) return err('Orders', 'write at least one order');
    if (results.length > MAX_ORDERS_PER_REQUEST) return err('Orders', `at most ${MAX_ORDERS_PER_REQUEST} per request (${results.length} lines)`);
    const errors = results.filter((r): r is Extract<LineResult, { ok: false }> => !r.ok).map((r) => r.error);
    if (errors.length > 0) return err('Orders', errors.join('; '));
    return ok(results.map((r) => (r as Extract<LineResult, { ok: true }>).order));
  },
};

export const orderBatchForm = defineForm({
  id: 'orderBatch',
  title: 'Batch of orders',
  actionType: 'order',
  needs: needsFor('order'),
  fields: { lines: linesField },
  unavailable: contractUnavailable,
  build(v, ctx) {
    const contract = ctx.contract!;
    const seen = new Set<string>();
    for (const o of v.lines) {
      const clash = cloidClash(ctx, o.cloid);
      if (clash) return { ok: false, error: `Orders line ${o.line}: ${clash}` };
      if (o.cloid !== undefined) {
        if (seen.has(o.cloid)) return { ok: false, error: `Orders line ${o.line}: Cloid: ${o.cloid} appears twice in this batch` };
        seen.add(o.cloid);
      }
    }
    const specs = v.lines.map((o) => orderSpecOf(contract, o));
    const summary = specs.map((s, i) => `#${i + 1} ${describeOrder(contract, s)}`);
    // Lines without a cloid get the form's, in order: the action built is the one signed.
    let slot = 0;
    if (ctx.cloidFor) for (const s of specs) if (s.cloid === undefined) s.cloid = ctx.cloidFor(slot++);
    return { ok: true, value: { action: build.order(specs), summary } };
  },
  confirm(v, ctx) {
    return v.lines.map((o) => preTradeFor(ctx, { contract: ctx.contract!, isBuy: o.isBuy, kind: o.kind, price: o.price, size: o.size, reduceOnly: o.reduceOnly }));
  },
});
