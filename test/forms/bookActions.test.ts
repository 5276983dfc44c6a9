import { describe, expect, it } from 'vitest';
import {
  atCursor,
  closeHalf,
  confirmPlan,
  defaultSizeRaw,
  evaluateForm,
  FORMS,
  flatten,
  initialTexts,
  joinBest,
  protectivePrice,
  reverse,
  type BookActionResult,
  type FormContext,
} from '../../src/forms/index.js';
import { account, BTC1, BTC_BOOK, ctx, position, SOL1 } from './fixtures.js';

/** A book key's values go through the order form like typed input. */
function throughForm(r: BookActionResult, c: FormContext) {
  if (!r.ok) throw new Error(r.error);
  const spec = FORMS[r.form];
  const e = evaluateForm(spec, { ...initialTexts(spec, c), ...r.values }, c);
  return { e, plan: confirmPlan(spec, e, c) };
}

describe('trading from the book', () => {
  it('buy or sell at the cursor with the default size', () => {
    const c = ctx();
    const r = atCursor(c, true, '148');
    expect(r).toMatchObject({ ok: true, form: 'order', values: { side: 'Buy', type: 'Gtc', price: '148', size: '1', reduceOnly: 'no' } });
    const { e } = throughForm(r, c);
    expect(e.built!.action).toMatchObject({ orders: [{ a: 1, b: true, p: '148', s: '1' }] });
    expect(atCursor(c, false, null)).toEqual({ ok: false, error: 'move the book cursor to a price level first (j/k)' });
    expect(atCursor(ctx({ settings: { defaultSize: { SOL1: '3' } } }), false, 151n)).toMatchObject({ values: { side: 'Sell', size: '3', price: '151' } });
  });

  it('a cursor price off the tick grid is caught by the same validation', () => {
    const c = ctx({ contract: BTC1, book: BTC_BOOK, markPx: '60000' });
    const { e } = throughForm(atCursor(c, true, '600003'), c);
    expect(e.errors).toEqual(['Price: must be a multiple of the tick size 0.5']);
  });

  it('join the best bid or ask, post-only', () => {
    expect(joinBest(ctx(), true)).toMatchObject({ ok: true, values: { side: 'Buy', type: 'Alo', price: '149' } });
    expect(joinBest(ctx(), false)).toMatchObject({ ok: true, values: { side: 'Sell', type: 'Alo', price: '151' } });
    expect(joinBest(ctx({ book: undefined }), true)).toEqual({ ok: false, error: 'no bid to join: that side of the book is empty' });
  });

  it('default size: the config, else the smallest step multiple worth 10 quote units', () => {
    expect(defaultSizeRaw(SOL1, {}, 150n)).toBe(1n);
    expect(defaultSizeRaw(SOL1, {}, 3n)).toBe(4n); // 4 x 3 = 12 >= 10
    expect(defaultSizeRaw(BTC1, {}, 600000n)).toBe(1n); // 0.001 BTC = 60 USDC
    expect(defaultSizeRaw(BTC1, { defaultSize: { BTC1: '0.0105' } }, 600000n)).toBe(1n); // not a step multiple: falls back
    expect(defaultSizeRaw(BTC1, { defaultSize: { BTC1: '0.01' } })).toBe(10n);
  });
});

describe('position keys', () => {
  const long = position({ contractId: 1, isBuy: true, size: '5' });

  it('flatten: reduce-only Ioc for the whole position, bounded 5% through the mark', () => {
    const c = ctx({ positions: [long] });
    const r = flatten(c);
    expect(r).toMatchObject({ ok: true, values: { side: 'Sell', type: 'Ioc', price: '143', size: '5', reduceOnly: 'yes' } });
    expect(r.ok && r.note).toBe('Flatten: closes the position with an Ioc bounded 5% through the mark');
    const { e, plan } = throughForm(r, c);
    expect(e.built!.action).toMatchObject({ orders: [{ b: false, p: '143', s: '5', r: true, t: { limit: { tif: 'Ioc' } } }] });
    expect(plan.show).toBe(true);
  });

  it('reverse: twice the size, opposite side, not reduce-only; refused in hedge mode', () => {
    const c = ctx({ positions: [position({ contractId: 1, isBuy: false, size: '2' })] });
    expect(reverse(c)).toMatchObject({ ok: true, values: { side: 'Buy', type: 'Ioc', price: '157', size: '4', reduceOnly: 'no' } });
    expect(reverse(ctx({ positions: [long], account: account({ positionMode: 'HEDGE' }) }))).toEqual({
      ok: false,
      error: 'reverse needs one-way position mode: in hedge mode, flatten this side and open the other',
    });
  });

  it('close half: rounded down to the step; too small to halve is said', () => {
    expect(closeHalf(ctx({ positions: [long] }))).toMatchObject({ ok: true, values: { size: '2', reduceOnly: 'yes' } });
    const btc = ctx({ contract: BTC1, book: BTC_BOOK, markPx: '60000', positions: [position({ contractId: 2, size: '0.005' })] });
    expect(closeHalf(btc)).toMatchObject({ ok: true, values: { size: '0.002', price: '57000' } });
    const tiny = ctx({ positions: [position({ contractId: 1, size: '1' })] });
    expect(closeHalf(tiny)).toEqual({ ok: false, error: 'the position (1) is too small to halve on a step of 1' });
  });

  it('the protective price stays on the tick grid and within maxTicks', () => {
    const c = ctx({ contract: BTC1, book: BTC_BOOK, markPx: '60000.5' });
    expect(protectivePrice(c, BTC1, true)).toBe(630005n); // 63000.525 -> down to 63000.5
    expect(protectivePrice(c, BTC1, false)).toBe(570005n); // 57000.475 -> up to 57000.5
    const top = ctx({ markPx: '9990' });
    expect(protectivePrice(top, SOL1, true)).toBe(10000n);
    expect(protectivePrice(ctx({ markPx: null, book: undefined }), SOL1, true)).toBeUndefined();
  });

  it('needs a position on the contract', () => {
    expect(flatten(ctx())).toEqual({ ok: false, error: 'no SOL1 position (select one in the account pane)' });
  });
});

