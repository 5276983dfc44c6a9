import { describe, expect, it } from 'vitest';
import {
  confirmKindOf,
  confirmPlan,
  evaluateForm,
  FORMS,
  initialTexts,
  maxOrderSize,
  nextPriceSource,
  parsePercent,
  percentOfMax,
  policyConfirms,
  skipThreshold,
  sourcePrice,
  type FormContext,
  type PriceSource,
} from '../../src/forms/index.js';
import { preTradeFor } from '../../src/forms/orderContext.js';
import { build } from '../../src/protocol/wire/index.js';
import { parseConfig, type Config } from '../../src/startup/config.js';
import type { FormSettings } from '../../src/forms/index.js';
import { account, book, BTC1, BTC_BOOK, ctx, position, SOL1 } from './fixtures.js';

/** Order entry in two keystrokes: the prefilled price and its sources, percent sizes, confirm policies per kind. */

const USDC = { name: 'USDC', decimals: 6 };
const trade = (px: string) => ({ contractId: 1, tid: 1, px, sz: '1', side: 'B' as const, time: 1 });

function order(texts: Record<string, string>, c: FormContext = ctx()) {
  return evaluateForm(FORMS.order, { ...initialTexts(FORMS.order, c, texts.side ? { side: texts.side } : {}), ...texts }, c);
}

describe('the order form opens ready to send', () => {
  it('a buy joins the best bid, a sell the best ask; the size is the contract default from the config', () => {
    const c = ctx({ settings: { defaultSize: { SOL1: '3' } } });
    expect(initialTexts(FORMS.order, c, { side: 'Buy' })).toMatchObject({ price: '149', size: '3' });
    expect(initialTexts(FORMS.order, c, { side: 'Sell' })).toMatchObject({ price: '151', size: '3' });
    // No configured size: the smallest step worth 10 quote units at the mark (one step of SOL1).
    expect(initialTexts(FORMS.order, ctx(), { side: 'Buy' })['size']).toBe('1');
    // An empty side of the book leaves the price for the user to type.
    expect(initialTexts(FORMS.order, ctx({ book: book(1, [], [['151', '2']]) }), { side: 'Buy' })['price']).toBe('');
    expect(order({ side: 'Buy' }).ready).toBe(true);
  });

  it('each price source on the tick grid: mid rounds to the passive side, last is the last trade, cursor the captured level', () => {
    const c = ctx({ lastTrade: trade('150') });
    const px = (isBuy: boolean, s: PriceSource, cursor?: bigint) => sourcePrice(c, SOL1, isBuy, s, cursor);
    expect([px(true, 'best'), px(false, 'best')]).toEqual([149n, 151n]);
    expect([px(true, 'mid'), px(false, 'mid')]).toEqual([150n, 150n]);
    expect([px(true, 'last'), px(true, 'cursor', 147n), px(true, 'cursor')]).toEqual([150n, 147n, undefined]);
    // BTC1 (tick 0.5 at scale 1): the middle of 59999.5 and 60000.5 is 60000.0, on the grid.
    const b = ctx({ contract: BTC1, book: BTC_BOOK, markPx: '60000' });
    expect(sourcePrice(b, BTC1, true, 'mid')).toBe(600000n);
    // A one-sided book has no middle; another contract's trade is not this one's last.
    expect(sourcePrice(ctx({ book: book(1, [['149', '1']], []) }), SOL1, true, 'mid')).toBeUndefined();
    expect(sourcePrice(b, BTC1, true, 'last')).toBeUndefined();
  });

  it('the source key walks mid, best, last, cursor and skips those with no price now', () => {
    const all = () => true;
    expect(nextPriceSource(undefined, all)).toBe('best');
    expect(nextPriceSource('best', all)).toBe('last');
    expect(nextPriceSource('last', all)).toBe('cursor');
    expect(nextPriceSource('cursor', all)).toBe('mid');
    expect(nextPriceSource('mid', all)).toBe('best');
    const noCursorNoLast = (s: PriceSource) => s === 'mid' || s === 'best';
    expect(nextPriceSource('best', noCursorNoLast)).toBe('mid');
    expect(nextPriceSource('best', (s) => s === 'best')).toBe('best');
    expect(nextPriceSource('best', () => false)).toBeUndefined();
  });
});

describe('sizes as a percentage of the most the margin allows', () => {
  it('parses percentages exactly and rounds the share down to the step', () => {
    expect(parsePercent('25%')).toBe(250_000n);
    expect(parsePercent(' 12.5 %')).toBe(125_000n);
    expect(parsePercent('0.0001%')).toBe(1n);
    expect(parsePercent('3')).toBeUndefined();
    expect(parsePercent('x%')).toBe('invalid');
    expect(parsePercent('1.00001%')).toBe('invalid');
    expect(percentOfMax(67n, 250_000n, 1n)).toBe(16n);
    expect(percentOfMax(1_000n, 333_333n, 5n)).toBe(330n);
    expect(percentOfMax(7n, 1_000_000n, 1n)).toBe(7n);
  });

  it('the maximum is the largest size the pre-trade margin check passes, one step more it refuses', () => {
    const c = ctx();
    const intent = { contract: SOL1, isBuy: true, kind: 'Gtc' as const, price: 149n, reduceOnly: false };
    const max = maxOrderSize(c, intent);
    // 1,000 USDC available at the default 10x: 10,000 / 149 = 67.1 -> 67 whole SOL1.
    expect(max).toEqual({ ok: true, size: 67n });
    expect(preTradeFor(c, { ...intent, size: 67n }).risk?.insufficient).toBe(false);
    expect(preTradeFor(c, { ...intent, size: 68n }).risk?.insufficient).toBe(true);
  });

  it('types as "25%": the size, the maximum and the notional show beside it, and the order is built with the size', () => {
    const e = order({ side: 'Buy', price: '149', size: '25%' });
    expect(e.fields.find((f) => f.key === 'size')?.note).toBe('25% of max 67 = 16 · notional 2,384.00 USDC (USDT1 at par)');
    expect(e.built?.summary[0]).toBe('Buy 16 SOL1 @ 149 Gtc');
    // BTC1 in thousandths: 1,000 USDC x 10 / 60,000 = 0.166 BTC; 12.5 % of it, down to the step, is 0.020.
    const b = ctx({ contract: BTC1, book: BTC_BOOK, markPx: '60000' });
    const btc = order({ side: 'Buy', price: '60000', size: '12.5%' }, b);
    expect(btc.fields.find((f) => f.key === 'size')?.note).toBe('12.5% of max 0.166 = 0.020 · notional 1,200.00 USDC');
    expect(btc.built?.action).toMatchObject({ orders: [{ s: '0.02' }] });
    // A plain size shows its notional too; SOL1 is quoted in USDT1, counted at par with USDC (BTC1 above is quoted in USDC).
    expect(order({ side: 'Buy', price: '149', size: '2' }).fields.find((f) => f.key === 'size')?.note).toBe('notional 298.00 USDC (USDT1 at par)');
  });

  it('says why a percentage has no size: past 100 %, below one step, nothing to reduce, an Ioc beyond the book', () => {
    expect(order({ side: 'Buy', price: '149', size: '120%' }).errors).toEqual(['Size: a percentage above 0% and at most 100%']);
    expect(order({ side: 'Buy', price: '149', size: '1%' }).errors).toEqual(['Size: 1% of the maximum 67 is less than one step (1)']);
    expect(order({ side: 'Sell', price: '151', size: '50%', reduceOnly: 'yes' }).errors).toEqual(['Size: 50% of the maximum: no long position to reduce']);
    // Reduce-only: the share of the position, margin plays no part.
    const long = ctx({ positions: [position({ contractId: 1, size: '10' })], account: account() });
    expect(order({ side: 'Sell', price: '151', size: '50%', reduceOnly: 'yes' }, long).built?.summary[0]).toBe('Sell 5 SOL1 @ 151 Gtc, reduce-only');
    // An Ioc buy takes at most what the asks hold (2 + 3 + 10 up to 155): 100 % is all of it.
    expect(order({ side: 'Buy', type: 'Ioc', price: '155', size: '100%' }).built?.summary[0]).toBe('Buy 15 SOL1 @ 155 Ioc');
  });
});

describe('TP and SL on the order form', () => {
  it('go with the order as legs placed once it fills, checked against the entry price', () => {
    const e = order({ side: 'Buy', price: '149', size: '2', tp: '170', sl: '140' });
    expect(e.built?.attached).toEqual({ contractId: 1, isBuy: true, tp: '170', sl: '140' });
    expect(e.built?.summary).toContain('TP 170, SL 140 on the long position once this order fills');
    // Each trigger's outcome on the order's size from its price: +21 x 2, −9 x 2 (issue 38).
    expect(e.built?.summary).toContain('at TP 170: +42.00 USDC (+14.09%) · at SL 140: −18.00 USDC (−6.04%), fees aside (USDT1 at par)');
    // A short at market from the mark 150: a TP at 140 makes 10 a unit.
    expect(order({ side: 'Sell', type: 'Market', size: '3', tp: '140' }).built?.summary).toContain('at TP 140: +30.00 USDC (+6.67%), fees aside (USDT1 at par)');
    // The order itself is unchanged: the exchange's tpSl acts on the position.
    expect(e.built?.action).toEqual(build.order([{ contractId: 1, isBuy: true, price: '149', size: '2', reduceOnly: false, tif: 'Gtc' }]));
    expect(order({ side: 'Buy', price: '149', size: '2', tp: '140' }).errors).toEqual(['TP: must be above the price 149 for a long entry']);
    expect(order({ side: 'Sell', price: '151', size: '2', sl: '150' }).errors).toEqual(['SL: must be above the price 151 for a short entry']);
    expect(order({ side: 'Sell', type: 'Market', size: '2', tp: '155' }).errors).toEqual(['TP: must be below the mark 150 for a short entry']);
    expect(order({ side: 'Buy', price: '149', size: '2', reduceOnly: 'yes', sl: '100' }).errors).toEqual(['SL: a reduce-only order opens no position to protect']);
    expect(order({ side: 'Buy', price: '149', size: '2' }).built?.attached).toBeUndefined();
  });
});

describe('confirm policy per kind of action', () => {
  const fromConfig = (c: Config): FormSettings => c;

  it('a kind of its own wins; without one the general policy applies, and wide actions always confirm', () => {
    const s = fromConfig(parseConfig('{"confirm":{"policy":"never","order":{"above":"500"},"cancel":"never","collateral":"never"}}', 'config.json')).confirm;
    expect(policyConfirms(s, 500_000_000n, USDC, 'order')).toBe(false);
    expect(policyConfirms(s, 500_000_001n, USDC, 'order')).toBe(true);
    expect(policyConfirms(s, undefined, USDC, 'order')).toBe(true);
    expect(policyConfirms(s, 10n ** 18n, USDC, 'cancel')).toBe(false);
    // modify has no policy of its own: the general "never".
    expect(policyConfirms(s, 10n ** 18n, USDC, 'modify')).toBe(false);
    // cancel-all and agent actions confirm whatever the general policy, unless their own says otherwise.
    expect(policyConfirms(s, undefined, USDC, 'cancelAll', true)).toBe(true);
    expect(policyConfirms(s, undefined, USDC, 'collateral', true)).toBe(false);
    expect(policyConfirms({ cancelAll: 'never' }, undefined, USDC, 'cancelAll', true)).toBe(false);
    // Today's keys alone keep working.
    expect(policyConfirms({ policy: 'above', notional: '200' }, 150_000_000n, USDC, 'order')).toBe(false);
    expect(policyConfirms({ policy: 'above', notional: '200' }, 250_000_000n, USDC, 'modify')).toBe(true);
    expect([confirmKindOf('cancelByCloid'), confirmKindOf('updateLeverage'), confirmKindOf('lockIntoShareGroup'), confirmKindOf('cancelConditional')]).toEqual(['cancel', 'margin', 'collateral', 'tpSl']);
  });

  it('the config refuses a policy that is none of the three, naming the key', () => {
    expect(() => parseConfig('{"confirm":{"order":"sometimes"}}', 'c.json')).toThrow('c.json: confirm.order: expected "always", "never" or {"above": "500"}');
    expect(() => parseConfig('{"confirm":{"cancel":{"above":5}}}', 'c.json')).toThrow('c.json: confirm.cancel: expected "always", "never" or {"above": "500"}');
  });

  it('"don\'t ask again" offers the order\'s notional rounded up to 1, 2 or 5 of a power of ten, only when the policy alone asks', () => {
    expect([150_000_000n, 1_234_560_000n, 1_000_000_000n, 500_000n, 5_000_010_000n, 0n].map((n) => skipThreshold(n, USDC))).toEqual(['200', '2000', '1000', '1', '10000', '1']);
    const plan = (texts: Record<string, string>, c: FormContext) => {
      const e = order(texts, c);
      return confirmPlan(FORMS.order, e, c);
    };
    expect(plan({ side: 'Buy', price: '149', size: '2' }, ctx()).skipUnder).toEqual({ above: '500', coin: 'USDC' });
    // A guard or a stale book shows the step anyway: nothing to skip.
    expect(plan({ side: 'Buy', price: '149', size: '2' }, ctx({ settings: { guards: { maxNotional: '100' } } })).skipUnder).toBeUndefined();
    expect(plan({ side: 'Buy', price: '149', size: '2' }, ctx({ bookStale: true })).skipUnder).toBeUndefined();
    const p = plan({ side: 'Buy', price: '149', size: '2' }, ctx({ settings: { confirm: { order: { above: '500' } } } }));
    expect(p.show).toBe(false);
  });
});
