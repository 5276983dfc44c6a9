import { describe, expect, it } from 'vitest';
import { checkGuards, confirmPlan, evaluateForm, FORMS, initialTexts, policyConfirms, STALE_BOOK_MESSAGE, type FormContext, type FormSpec } from '../../src/forms/index.js';
import type { Config } from '../../src/startup/config.js';
import type { FormSettings } from '../../src/forms/index.js';
import { ctx, openOrder } from './fixtures.js';

// The config file's shape is what the forms obey: a Config passes as FormSettings as is.
const fromConfig = (c: Config): FormSettings => c;

const USDC = { name: 'USDC', decimals: 6 };

function plan(spec: FormSpec, texts: Record<string, string>, c: FormContext) {
  const e = evaluateForm(spec, { ...initialTexts(spec, c), ...texts }, c);
  expect(e.ready).toBe(true);
  return confirmPlan(spec, e, c);
}

describe('fat-finger guards', () => {
  const pt = { contractName: 'SOL1', notional: 606_000_000n, worstPx: 152n, markPx: 150n };

  it('max notional (quote units at par) needs an override above it', () => {
    expect(checkGuards(pt, { maxNotional: '606' }, USDC, 0)).toEqual([]);
    expect(checkGuards(pt, { maxNotional: '605.99' }, USDC, 0)).toEqual([
      { guard: 'maxNotional', message: 'notional 606.00 USDC is above the 605.99 USDC guard (guards.maxNotional)' },
    ]);
  });

  it('max distance from the mark, in percent, exact in bigint', () => {
    // 152 vs 150: 1.3333 %
    expect(checkGuards(pt, { maxDistancePct: '1.34' }, USDC, 0)).toEqual([]);
    expect(checkGuards(pt, { maxDistancePct: '1.3' }, USDC, 0)).toEqual([
      { guard: 'maxDistancePct', message: 'price 152 is 1.33% from the mark 150 (guard 1.30%, guards.maxDistancePct)' },
    ]);
    expect(checkGuards({ ...pt, markPx: undefined }, { maxDistancePct: '5' }, USDC, 0)[0]!.message).toBe('no mark price for SOL1: the distance guard cannot be checked');
  });

  it('no guard configured, no violation', () => {
    expect(checkGuards(pt, undefined, USDC, 0)).toEqual([]);
  });
});

describe('confirm policy', () => {
  it('always, never, above a notional', () => {
    expect(policyConfirms(fromConfig({ confirm: { policy: 'never' } }).confirm, 1n, USDC)).toBe(false);
    expect(policyConfirms(undefined, 1n, USDC)).toBe(true);
    expect(policyConfirms({ policy: 'never' }, 10n ** 18n, USDC)).toBe(false);
    expect(policyConfirms({ policy: 'above', notional: '500' }, 500_000_000n, USDC)).toBe(false);
    expect(policyConfirms({ policy: 'above', notional: '500' }, 500_000_001n, USDC)).toBe(true);
    expect(policyConfirms({ policy: 'above', notional: '500' }, undefined, USDC)).toBe(true);
    expect(policyConfirms({ policy: 'above' }, 1n, USDC)).toBe(true);
  });
});

describe('confirmPlan', () => {
  it('shows the pre-trade facts of an order with the summary', () => {
    const p = plan(FORMS.order, { price: '152', size: '4' }, ctx());
    expect(p.show).toBe(true);
    expect(p.lines[0]).toBe('Buy 4 SOL1 @ 152 Gtc');
    expect(p.lines).toContain('Notional: 606.00 USDC');
    // The exchange's own check: IM at the mark 60, the loss at the mark against the fills 6, the taker fee 0.303.
    expect(p.lines.some((l) => l.startsWith('Margin: 66.303 USDC required at 10x') && l.endsWith('1,000.00 USDC available in deployer 1'))).toBe(true);
    expect(p.lines.some((l) => l.startsWith('Est. liquidation:'))).toBe(true);
    expect(p.overrides).toEqual([]);
    expect(p.blockers).toEqual([]);
  });

  it('policy never skips the step, but a guard or a stale book forces it', () => {
    const never = { confirm: { policy: 'never' as const } };
    expect(plan(FORMS.order, { price: '152', size: '4' }, ctx({ settings: never })).show).toBe(false);
    const guarded = plan(FORMS.order, { price: '152', size: '4' }, ctx({ settings: { ...never, guards: { maxNotional: '100' } } }));
    expect(guarded.show).toBe(true);
    expect(guarded.overrides.map((o) => o.guard)).toEqual(['maxNotional']);
    const stale = plan(FORMS.order, { price: '152', size: '4' }, ctx({ settings: never, bookStale: true }));
    expect(stale.show).toBe(true);
    expect(stale.staleBook).toBe(STALE_BOOK_MESSAGE);
  });

  it('above a notional: small orders go straight through', () => {
    const settings = { confirm: { policy: 'above' as const, notional: '1000' } };
    expect(plan(FORMS.order, { price: '152', size: '4' }, ctx({ settings })).show).toBe(false);
    expect(plan(FORMS.order, { price: '152', size: '7' }, ctx({ settings })).show).toBe(true);
    // a cancel is measured by the order it removes: 4 x 145 = 580
    expect(plan(FORMS.cancel, {}, ctx({ settings, selectedOrder: openOrder({ oid: 1 }) })).show).toBe(false);
  });

  it('cancel-all and collateral moves confirm whatever the policy; the stale check is for order entry only', () => {
    const settings = { confirm: { policy: 'never' as const } };
    expect(plan(FORMS.cancelAll, {}, ctx({ settings })).show).toBe(true);
    expect(plan(FORMS.lockCollateral, { amount: '1' }, ctx({ settings })).show).toBe(true);
    expect(plan(FORMS.leverage, { leverage: '5' }, ctx({ settings, bookStale: true })).show).toBe(false);
  });

  it('guards apply per order of a batch, numbered', () => {
    const p = plan(FORMS.orderBatch, { lines: 'buy 1 @ 150\nbuy 1 @ 180' }, ctx({ settings: { guards: { maxDistancePct: '10' } } }));
    expect(p.overrides.map((o) => o.message)).toEqual(['#2 price 180 is 20.00% from the mark 150 (guard 10.00%, guards.maxDistancePct)']);
    expect(p.lines.filter((l) => l.startsWith('#1 '))).not.toHaveLength(0);
  });

  it('a market order is checked at the worst level it would reach', () => {
    const p = plan(FORMS.order, { type: 'Market', size: '15' }, ctx({ settings: { guards: { maxDistancePct: '3' } } }));
    expect(p.overrides.map((o) => o.message)).toEqual(['price 155 is 3.33% from the mark 150 (guard 3.00%, guards.maxDistancePct)']);
  });
});
