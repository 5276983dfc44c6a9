import { describe, expect, it } from 'vitest';
import { ACCOUNT, CONFIGS, MARK } from '../../../../test/ui/support/paneFixtures.js';
import { fitColumns } from '../../components/tableLayout.js';
import { positionColumns } from './positionsList.js';
import { positionMargin, positionRows } from './positionRows.js';

const positions = ACCOUNT.marketDeployers[0]!.positions;

describe('positionRows', () => {
  it('shows open positions with signed size, mark, uPnL, ROE and trigger legs', () => {
    const rows = positionRows(positions, CONFIGS, { 1: MARK });
    expect(rows.map((r) => r.contract)).toEqual(['SOL1', 'BTC1']); // the zero-size DOGE0 entry is left out
    const [sol, btc] = rows;
    expect(sol).toMatchObject({ side: 'Long', size: '+10', entry: '148', mark: '151', upnl: '+30.00', pnlTone: 'up', leverage: '5x', mode: 'cross', liq: '120', tpsl: 'TP 170 SL 140' });
    // margin = 10 x 148 / 5 = 296 USDC; 30 / 296 = 10.14%
    expect(sol!.roe).toBe('+10.14%');
    expect(btc).toMatchObject({ side: 'Short', size: '−0.500', entry: '60,100.0', mark: '—', upnl: '−12.50', pnlTone: 'down', mode: 'iso', liq: '65,000.0', tpsl: '—' });
    // isolated margin 3005 USDC: -12.5 / 3005 = -0.42%
    expect(btc!.roe).toBe('−0.42%');
  });
  it('prefers the margin the exchange reports', () => {
    const p = { ...positions[0]!, marginUsed: '100000000' };
    expect(positionMargin(p, CONFIGS.contracts[0], 6)).toBe(100_000_000n);
    expect(positionMargin(positions[0]!, CONFIGS.contracts[0], 6)).toBe(296_000_000n);
    expect(positionMargin(positions[0]!, undefined, 6)).toBeUndefined();
  });
  it('is memoised on the store slices', () => {
    const states = { 1: MARK };
    expect(positionRows(positions, CONFIGS, states)).toBe(positionRows(positions, CONFIGS, states));
  });
  it('keeps contract, side, size and the liquidation price in the narrowest positions pane', () => {
    const rows = positionRows(positions, CONFIGS, { 1: MARK });
    const columns = positionColumns(rows);
    const lev = columns.find((c) => c.key === 'lev')!;
    expect(rows.map((r) => lev.cell(r))).toEqual(['5x', '10x']);
    const kept = (w: number) => fitColumns(columns, w).map((f) => f.column.key);
    // The pane's least inner width (40 − borders): the contract takes its short title.
    expect(kept(38)).toEqual(['contract', 'side', 'size', 'upnl', 'lev', 'liq']);
    expect(fitColumns(columns, 38)[0]!.title).toBe('Ctr');
    // Its inner width at 120x40: the full title is back.
    expect(kept(42)).toEqual(['contract', 'side', 'size', 'upnl', 'lev', 'liq']);
    expect(fitColumns(columns, 42)[0]!.title).toBe('Contract');
    // Wider, the entry and then the mark come back; Mode and ROE are the first to go.
    expect(kept(50)).toEqual(['contract', 'side', 'size', 'entry', 'upnl', 'lev', 'liq']);
    expect(kept(60)).toEqual(['contract', 'side', 'size', 'entry', 'mark', 'upnl', 'lev', 'liq']);
    for (let w = 20; w <= 80; w++) {
      const k = kept(w);
      if (k.includes('mode') || k.includes('roe')) expect(k).toEqual(expect.arrayContaining(['tpsl', 'mark', 'entry', 'lev', 'upnl', 'liq']));
    }
  });
});
