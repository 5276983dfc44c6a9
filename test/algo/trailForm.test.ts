import { describe, expect, it } from 'vitest';
import { TRAIL_FORM } from '../../src/ui/forms/algoForms.js';
import { BTC1, ctx, position } from '../forms/fixtures.js';

/**
 * The dashboard's W -> 4 (trailing stop) form hands the runner the request `perpdesk algo
 * trail` builds: the same defaults (5 ticks through the touch, the 5 % bound of F), so the
 * wide-spread behaviour the runner's tests pin (test/algo/trailingStop.test.ts) is the form's
 * too; its preview says the position is closed as it is when it fires, within the bound.
 */
describe('the trailing stop form', () => {
  const onBtc = ctx({ contract: BTC1, markPx: '59300', book: { contractId: BTC1.contractId, levels: [[{ px: '59250', sz: '1', n: 1 }], [{ px: '59325', sz: '1', n: 1 }]], time: 0 } as never, positions: [position({ contractId: BTC1.contractId, size: '0.01', entryPx: '59300' })] });

  it('defaults to the bound of F and passes a bound typed in percent', () => {
    const plain = TRAIL_FORM.request({ by: 'distance', amount: '40', through: '5', bound: '' }, onBtc);
    expect(plain).toEqual({ ok: true, value: { contract: 'BTC1', throughTicks: 5, distance: '40' } });
    const bounded = TRAIL_FORM.request({ by: 'distance', amount: '40', through: '5', bound: '2.5%' }, onBtc);
    expect(bounded).toEqual({ ok: true, value: { contract: 'BTC1', throughTicks: 5, distance: '40', boundPercent: '2.5' } });
  });

  it('previews closing the position as it is when it fires, through the touch, within the bound', () => {
    const req = TRAIL_FORM.request({ by: 'distance', amount: '40', through: '5', bound: '' }, onBtc);
    if (!req.ok) throw new Error(req.error);
    const preview = TRAIL_FORM.preview(req.value, onBtc);
    expect(preview).toEqual({
      ok: true,
      value: [
        'close the BTC1 position (long 0.01 now; as it is when it fires) when the mark comes back 40 from its best (mark now 59300)',
        'with reduce-only Iocs 5 ticks through the touch, no further than 5 % from the mark at firing',
      ],
    });
    expect(TRAIL_FORM.preview({ ...req.value, boundPercent: '0' }, onBtc)).toMatchObject({ ok: false, error: expect.stringContaining('bound') });
  });
});
