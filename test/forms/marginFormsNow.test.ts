import { describe, expect, it } from 'vitest';
import { evaluateForm, FORMS, initialTexts, type FormContext, type FormSpec } from '../../src/forms/index.js';
import { account, ctx, openOrder, position } from './fixtures.js';

function run(spec: FormSpec, texts: Record<string, string>, c: FormContext) {
  return evaluateForm(spec, { ...initialTexts(spec, c), ...texts }, c);
}

/** Deployer 1 reporting SOL1 at 7x isolated while flat. */
const reported = account({
  marketDeployers: [{ ...account().marketDeployers[0]!, contractSettings: [{ contractId: 1, leverage: 7, marginMode: 'isolated' }] }],
});

describe('the L and M forms show the setting in force', () => {
  it('L opens on the leverage the exchange reports while flat, and says what is in force', () => {
    const c = ctx({ account: reported });
    expect(initialTexts(FORMS.leverage, c)['leverage']).toBe('7');
    expect(run(FORMS.leverage, { leverage: '3' }, c).built!.summary.slice(0, 2)).toEqual(['Set SOL1 leverage to 3x', 'now: 7x isolated']);
  });

  it('the leverage this session set is the newest word, then the position', () => {
    expect(initialTexts(FORMS.leverage, ctx({ account: reported, leverageOf: { 1: 15 } }))['leverage']).toBe('15');
    const held = ctx({ positions: [position({ contractId: 1, leverage: 12, marginMode: 'cross' })] });
    expect(run(FORMS.marginMode, { mode: 'isolated' }, held).errors[0]).toMatch(/^Margin mode: SOL1 has 1 open position/);
    expect(run(FORMS.leverage, {}, held).built!.summary[1]).toBe('now: 12x cross');
  });

  it('an unreported setting is not passed off as known', () => {
    const c = ctx();
    expect(initialTexts(FORMS.leverage, c)['leverage']).toBe('');
    expect(run(FORMS.leverage, { leverage: '5' }, c).built!.summary[1]).toBe('now: 10x (default, not reported) cross (assumed, not reported)');
  });

  it('M marks the mode in force among its choices, also while a refusal hides the summary', () => {
    const c = ctx({ account: reported });
    const e = run(FORMS.marginMode, { mode: 'cross' }, c);
    expect(e.built!.summary).toEqual(['Switch SOL1 to cross margin', 'now: 7x isolated']);
    expect(e.fields[0]!.choices).toEqual([
      { text: 'cross', label: 'shared pool' },
      { text: 'isolated', label: 'per-position margin · now' },
    ]);
    const refused = run(FORMS.marginMode, {}, ctx({ account: reported, openOrders: [openOrder({ oid: 1 })] }));
    expect(refused.ready).toBe(false);
    expect(refused.fields[0]!.choices![1]!.label).toBe('per-position margin · now');
  });

  it('the setting in force is a headline, there while the typed value is empty or refused', () => {
    const c = ctx({ account: reported });
    expect(run(FORMS.leverage, { leverage: '' }, c).ready).toBe(false);
    expect(run(FORMS.leverage, { leverage: '999' }, c).ready).toBe(false);
    expect(FORMS.leverage.headline?.(c)).toBe('now: 7x isolated');
    expect(FORMS.marginMode.headline?.(c)).toBe('now: 7x isolated');
  });
});
