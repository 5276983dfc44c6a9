import { describe, expect, it } from 'vitest';
import { evaluateForm, FORMS, initialTexts, type FormContext } from '../../src/forms/index.js';
import { ctx, position } from './fixtures.js';

/**
 * The isolated-margin form speaks in words and money: the wire's `ntli` (a signed integer
 * of smallest coin units) is what gets signed, never what the user reads.
 */

function run(texts: Record<string, string>, c: FormContext) {
  return evaluateForm(FORMS.isolatedMargin, { ...initialTexts(FORMS.isolatedMargin, c), ...texts }, c);
}

const iso = position({ contractId: 1, marginMode: 'isolated', isolatedMargin: '50000000' });

describe('isolated margin form text', () => {
  it('says what happens in words and money, with no wire field', () => {
    const c = ctx({ positions: [iso] });
    const add = run({ direction: 'Add', amount: '50' }, c);
    expect(add.built!.action).toMatchObject({ ntli: 50_000_000 });
    const text = add.built!.summary.join('\n');
    expect(text).not.toMatch(/ntli|50000000/);
    expect(add.built!.summary[0]).toBe('Add 50.00 USDC to the isolated margin of the long SOL1 position');
    expect(add.built!.summary).toContain('isolated margin: 50.00 USDC -> 100.00 USDC');
    expect(add.built!.summary).toContain('cross available: 1,000.00 USDC -> 950.00 USDC');

    const remove = run({ direction: 'Remove', amount: '10.5' }, c);
    expect(remove.built!.summary[0]).toBe('Remove 10.50 USDC from the isolated margin of the long SOL1 position');
    expect(remove.built!.summary.join('\n')).not.toMatch(/ntli|-10500000/);
  });

  it('keeps every digit of the amount moved; balances read as the panes show them', () => {
    const add = run({ direction: 'Add', amount: '0.125' }, ctx({ positions: [iso] }));
    expect(add.built!.summary[0]).toBe('Add 0.125 USDC to the isolated margin of the long SOL1 position');
    // 50.125 and 999.875 at the display decimals, toward zero like the account pane.
    expect(add.built!.summary).toContain('isolated margin: 50.00 USDC -> 50.12 USDC');
    expect(add.built!.summary).toContain('cross available: 1,000.00 USDC -> 999.87 USDC');
  });

  it('names refusals in money, not in wire terms', () => {
    const c = ctx({ positions: [iso] });
    expect(run({ direction: 'Remove', amount: '60' }, c).errors).toEqual(["Amount: exceeds the position's isolated margin 50.00 USDC"]);
    const huge = run({ direction: 'Add', amount: '9007199255' }, c).errors.join(' ');
    expect(huge).not.toMatch(/ntli|JSON/);
    expect(huge).toContain('USDC');
  });
});
