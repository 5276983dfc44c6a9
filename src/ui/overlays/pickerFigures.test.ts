import { describe, expect, it } from 'vitest';
import { fullState } from '../../../test/ui/support/paneFixtures.js';
import { contractPickerItems, pickerFigureText } from './pickerFigures.js';

describe('the contract picker figures', () => {
  const base = fullState(1_700_000_000_000).market!;
  const ids = Object.fromEntries(Object.values(base.contracts).map((c) => [c.name, c.contractId]));
  const state = (name: string, o: { mark: string; open: string; vol: string; funding: string }) => ({
    contractId: ids[name]!,
    markPx: o.mark,
    indexPx: o.mark,
    lastPx: o.mark,
    fundingRate: o.funding,
    fundingIndex: '0',
    time: 0,
    dayOpenPx: o.open,
    dayVolume: o.vol,
  });
  const names = Object.keys(base.contracts).sort();

  it('orders by name, 24h change, 24h volume in the quote, or funding, highest first and unknown last', () => {
    const [a, b] = names as [string, string];
    const market = {
      contracts: base.contracts,
      marketStates: { [ids[a]!]: state(a, { mark: '110', open: '100', vol: '1', funding: '0.0001' }), [ids[b]!]: state(b, { mark: '100', open: '100', vol: '100', funding: '0.0009' }) },
    };
    expect(contractPickerItems('', market, 'name')).toEqual(names);
    expect(contractPickerItems('', market, 'change').slice(0, 2)).toEqual([a, b]);
    expect(contractPickerItems('', market, 'volume').slice(0, 2)).toEqual([b, a]);
    expect(contractPickerItems('', market, 'funding').slice(0, 2)).toEqual([b, a]);
    // The typed words still choose which are listed.
    expect(contractPickerItems(b.slice(0, 3), market, 'change')).toContain(b);
  });

  it('writes the mark, the change with its arrow, the volume and the funding rate', () => {
    const sol = base.contracts['SOL1']!;
    expect(pickerFigureText(sol, state('SOL1', { mark: '150', open: '160', vol: '200', funding: '0.000013' }))).toMatch(/150 +▼ −6\.25% vol 30\.0k +fund \+0\.0013%/);
    expect(pickerFigureText(sol, undefined)).toBe('');
  });
});
