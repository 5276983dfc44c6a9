import { describe, expect, it } from 'vitest';
import { evaluateForm, FORMS, initialTexts, marginModeRefusal, type FormContext, type FormSpec } from '../../src/forms/index.js';
import { parseAction } from '../../src/protocol/wire/index.js';
import { account, BTC1, ctx, openOrder, position } from './fixtures.js';

function run(spec: FormSpec, texts: Record<string, string>, c: FormContext) {
  const e = evaluateForm(spec, { ...initialTexts(spec, c), ...texts }, c);
  if (e.built) expect(parseAction(e.built.action).ok).toBe(true);
  return e;
}

const long = position({ contractId: 1, isBuy: true, size: '3', entryPx: '140', tp: { id: 11, triggerPx: '170' } });

describe('TP/SL forms', () => {
  const c = ctx({ positions: [long] });

  it('builds triggers for the position, whole or partial', () => {
    const e = run(FORMS.tpSl, { tpPx: '170', slPx: '130', slSz: '1' }, c);
    expect(e.built!.action).toEqual({ type: 'tpSl', asset: 1, tp: { triggerPx: '170' }, sl: { triggerPx: '130', sz: '1' } });
    // Each trigger's outcome from the entry (long 3 @ 140): +30 x 3 and −10 x 1, fees aside.
    expect(e.built!.summary).toContain('TP: trigger 170, whole position: +90.00 USDC (+21.43%) from the entry (USDT1 at par)');
    expect(e.built!.summary).toContain('SL: trigger 130, 1: −10.00 USDC (−7.14%) from the entry (USDT1 at par)');
    expect(e.built!.summary).toContain('existing triggers: TP #11 @ 170');
  });

  it('checks the triggers against the mark and the position', () => {
    expect(run(FORMS.tpSl, {}, c).errors).toEqual(['TP price: set a take-profit or a stop-loss trigger (or both)']);
    expect(run(FORMS.tpSl, { tpPx: '149' }, c).errors).toEqual(['TP price: must be above the mark 150 for a long position']);
    expect(run(FORMS.tpSl, { slPx: '150' }, c).errors).toEqual(['SL price: must be below the mark 150 for a long position']);
    expect(run(FORMS.tpSl, { tpPx: '170', tpSz: '4' }, c).errors).toEqual(['TP size: at most the position size 3']);
    expect(run(FORMS.tpSl, { tpSz: '1' }, c).errors).toEqual(['TP size: needs a TP price']);
    const short = ctx({ positions: [position({ contractId: 1, isBuy: false, size: '3' })] });
    expect(run(FORMS.tpSl, { tpPx: '160' }, short).errors).toEqual(['TP price: must be below the mark 150 for a short position']);
  });

  it('sends isBuy only in hedge mode', () => {
    const hedge = ctx({ positions: [long], selectedPosition: long, account: account({ positionMode: 'HEDGE' }) });
    expect(run(FORMS.tpSl, { tpPx: '170' }, hedge).built!.action).toEqual({ type: 'tpSl', asset: 1, isBuy: true, tp: { triggerPx: '170' } });
    expect(run(FORMS.cancelTpSl, {}, hedge).built!.action).toEqual({ type: 'cancelTpSl', asset: 1, isBuy: true });
    expect(run(FORMS.cancelTpSl, {}, c).built!.action).toEqual({ type: 'cancelTpSl', asset: 1 });
  });

  it('needs a position', () => {
    expect(run(FORMS.tpSl, {}, ctx()).blocked).toBe('select a position first (or hold exactly one on the selected contract)');
  });

  it('cancels one conditional, defaulting to the position\'s TP', () => {
    const e = run(FORMS.cancelConditional, {}, c);
    expect(e.built!.action).toEqual({ type: 'cancelConditional', asset: 1, id: 11 });
    expect(e.built!.summary).toEqual(['Cancel conditional order 11 on SOL1 (the TP @ 170)']);
    expect(run(FORMS.cancelConditional, { id: '-1' }, c).errors).toEqual(['Conditional id: a whole number']);
  });
});

describe('leverage form', () => {
  it('stays within the contract tiers', () => {
    expect(run(FORMS.leverage, { leverage: '20' }, ctx()).built!.action).toEqual({ type: 'updateLeverage', asset: 1, leverage: 20 });
    expect(run(FORMS.leverage, { leverage: '21' }, ctx()).errors).toEqual(['Leverage: at most 20']);
    // 1000 SOL1 at 150 = 150,000 USDC: the 10x tier
    const big = ctx({ positions: [position({ contractId: 1, size: '1000', leverage: 10 })] });
    expect(run(FORMS.leverage, { leverage: '15' }, big).errors[0]).toMatch(/^Leverage: at most 10x for the position's notional 150,000.00 USDC/);
  });

  it("says the change's effect on the open position: margin used moves, the liquidation price does not", () => {
    // Long 3 SOL1 at the mark 150 = 450 USDC: 45 at 10x, 90 at 5x.
    const c = ctx({ positions: [position({ contractId: 1, isBuy: true, size: '3', leverage: 10, liquidationPx: '120' })] });
    expect(run(FORMS.leverage, { leverage: '5' }, c).built!.summary).toContain('long 3: margin used 45.00 USDC → 90.00 USDC at the mark; liquidation price stays 120 (set by the tier\'s maintenance margin)');
  });

  it('warns that lowering leverage triggers a margin check and opens on the current setting', () => {
    const c = ctx({ positions: [position({ contractId: 1, size: '2', leverage: 10 })] });
    expect(initialTexts(FORMS.leverage, c)['leverage']).toBe('10');
    expect(run(FORMS.leverage, { leverage: '5' }, c).built!.summary.join(' ')).toContain("lower than the position's 10x");
  });
});

describe('margin mode form', () => {
  it('switches when the contract has nothing open', () => {
    const e = run(FORMS.marginMode, { mode: 'isolated' }, ctx());
    expect(e.built!.action).toEqual({ type: 'updateMarginMode', asset: 1, marginMode: 'isolated' });
  });

  it('explains the refusal while positions or orders exist on that contract', () => {
    const c = ctx({ positions: [position({ contractId: 1 })], openOrders: [openOrder({ oid: 1 }), openOrder({ oid: 2 }), openOrder({ oid: 3, asset: 2 })] });
    const e = run(FORMS.marginMode, { mode: 'cross' }, c);
    expect(e.ready).toBe(false);
    expect(e.errors).toEqual([
      'Margin mode: SOL1 has 1 open position and 2 open orders; the exchange switches margin mode only with no open positions or orders on the contract (close the position and cancel the orders first)',
    ]);
    expect(marginModeRefusal(c, 2)).toContain('BTC1 has 1 open order;');
    expect(marginModeRefusal(c, 3)).toBeUndefined();
  });
});

describe('isolated margin form', () => {
  const iso = position({ contractId: 1, marginMode: 'isolated', isolatedMargin: '50000000' });

  it('adds from the cross pool and removes back, ntli in raw coin units', () => {
    const c = ctx({ positions: [iso] });
    const add = run(FORMS.isolatedMargin, { direction: 'Add', amount: '25.5' }, c);
    expect(add.built!.action).toEqual({ type: 'updateIsolatedMargin', asset: 1, ntli: 25_500_000 });
    expect(add.built!.summary).toContain('isolated margin: 50.00 USDC -> 75.50 USDC');
    expect(add.built!.summary).toContain('cross available: 1,000.00 USDC -> 974.50 USDC');
    const remove = run(FORMS.isolatedMargin, { direction: 'Remove', amount: '10' }, c);
    expect(remove.built!.action).toEqual({ type: 'updateIsolatedMargin', asset: 1, ntli: -10_000_000 });
  });

  it('refuses what cannot move and a cross position', () => {
    const c = ctx({ positions: [iso] });
    expect(run(FORMS.isolatedMargin, { direction: 'Remove', amount: '60' }, c).errors).toEqual(["Amount: exceeds the position's isolated margin 50.00 USDC"]);
    expect(run(FORMS.isolatedMargin, { direction: 'Add', amount: '1000.000001' }, c).errors).toEqual(["Amount: exceeds the cross pool's available 1,000.00 USDC"]);
    expect(run(FORMS.isolatedMargin, { amount: '0' }, c).errors).toEqual(['Amount: must be above zero']);
    expect(run(FORMS.isolatedMargin, {}, ctx({ positions: [position({ contractId: 1 })] })).blocked).toBe(
      'the position is in cross margin: isolated margin applies to isolated positions only',
    );
  });

  it('uses the position\'s contract even when another is selected', () => {
    const btcIso = position({ contractId: 2, size: '0.5', marginMode: 'isolated', isolatedMargin: '1000000' });
    const c = ctx({ contract: BTC1, positions: [btcIso] });
    expect(run(FORMS.isolatedMargin, { direction: 'Add', amount: '1' }, c).built!.summary[0]).toContain('long BTC1 position');
  });
});
