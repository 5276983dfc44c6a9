import { describe, expect, it } from 'vitest';
import { fullStore } from '../../../../test/ui/support/paneFixtures.js';
import { renderPane, tick } from '../../../../test/ui/support/renderPane.js';
import { selectChartMarks } from '../../../state/chartMarks.js';
import { ChartPane } from './ChartPane.js';

describe('ChartPane', () => {
  it('draws the candles with the position and open orders of the contract as labelled lines', async () => {
    const store = fullStore();
    const r = renderPane(ChartPane, store, { width: 64, height: 22, focused: true });
    await tick();
    const screen = r.lines().join('\n');
    r.unmount();
    // SOL1: long from 148 (liquidation 120, TP 170, SL 140), a buy at 149 and a sell at 155.
    expect(screen).toContain('E 148');
    expect(screen).toContain('B 149');
    expect(screen).toContain('S 155');
    expect(screen).toContain('▲TP 170'); // above the candles: at the top edge
    expect(screen).toContain('▼LQ 120');
    expect(screen).toMatch(/[┃║]/);
    expect(screen).toMatch(/V \d/);
    // BTC1's position and order are not SOL1's.
    expect(screen).not.toContain('60,100.0');
  });

  it('selects the marks of one contract, stable while positions and orders stay the same', () => {
    const s = fullStore().getState();
    const marks = selectChartMarks(1)(s);
    expect(marks).toEqual([
      { kind: 'entry', px: '148' },
      { kind: 'liq', px: '120' },
      { kind: 'tp', px: '170' },
      { kind: 'sl', px: '140' },
      { kind: 'buy', px: '149' },
      { kind: 'sell', px: '155' },
    ]);
    const copy = { ...s, account: { ...s.account, positions: [...s.account.positions] } };
    expect(selectChartMarks(1)(copy)).toBe(marks);
    expect(selectChartMarks(3)(s)).toEqual([]);
  });
});
