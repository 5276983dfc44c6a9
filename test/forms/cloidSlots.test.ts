import { describe, expect, it } from 'vitest';
import { cloidSlots, evaluateForm, FORMS } from '../../src/forms/index.js';
import { ctx } from './fixtures.js';

/**
 * A form builds the exact action that is signed: an order's cloid is given when the form is
 * built, from slots that stay the same for the life of the form, so every evaluation (each
 * keystroke, the confirm step, the send) builds the same object.
 */
describe('the cloids a form gives its orders', () => {
  it('are drawn once per slot and kept: two evaluations build the same order action', () => {
    let drawn = 0;
    const cloidFor = cloidSlots(() => String(1000 + ++drawn));
    const c = ctx({ cloidFor });
    const texts = { side: 'Buy', type: 'Gtc', price: '140', size: '1' };
    const a = evaluateForm(FORMS.order, texts, c).built!.action;
    const b = evaluateForm(FORMS.order, texts, c).built!.action;
    expect(a).toEqual(b);
    expect(a).toMatchObject({ orders: [{ c: '1001' }] });
    expect(drawn).toBe(1);
  });

  it('a typed cloid is kept; batch lines without one take the slots in order', () => {
    const cloidFor = cloidSlots((() => {
      let n = 0;
      return () => String(500 + ++n);
    })());
    const c = ctx({ cloidFor });
    expect(evaluateForm(FORMS.order, { side: 'Buy', type: 'Gtc', price: '140', size: '1', cloid: '77' }, c).built!.action).toMatchObject({ orders: [{ c: '77' }] });
    const batch = evaluateForm(FORMS.orderBatch, { lines: 'buy 1 @ 140\nbuy 1 @ 139 c=9\nbuy 1 @ 138' }, c).built!.action as { orders: { c?: string }[] };
    expect(batch.orders.map((o) => o.c)).toEqual(['501', '9', '502']);
  });

  it('without a source a built order has no cloid, and the slots refuse an index outside their bound', () => {
    expect((evaluateForm(FORMS.order, { side: 'Buy', type: 'Gtc', price: '140', size: '1' }, ctx()).built!.action as { orders: { c?: string }[] }).orders[0]!.c).toBeUndefined();
    expect(() => cloidSlots(() => '1', 3)(3)).toThrow(RangeError);
  });
});
