import { describe, expect, it } from 'vitest';
import type { HistoryRead, StoredFill, StoredOrderEvent } from '../../../session/historyReader.js';
import { CONFIGS } from '../../../../test/ui/support/paneFixtures.js';
import { historyFilter, historyInfo, historyRows } from './historyRows.js';

const T = Date.UTC(2026, 4, 12, 12, 0, 0);
const fill = (tid: number, time: number, o: Partial<StoredFill> = {}): StoredFill => ({
  contractId: 1, oid: 100 + tid, tid, px: '150', sz: '2', isBuy: true, time, liquidity: 'taker', fee: '75000', closedPnl: '0', source: 'stream', ...o,
});
const event = (oid: number, time: number, ev: string, status: string, o: Partial<StoredOrderEvent> = {}): StoredOrderEvent => ({
  time, oid, cloid: null, contractId: 2, event: ev, status, isBuy: false, limitPx: '60100.0', sz: '0.500', origSz: '0.500', tif: 'Gtc', reduceOnly: false, placed: time, triggerId: null, source: 'stream', ...o,
});
const read = (o: Partial<HistoryRead> = {}): HistoryRead => ({
  period: 'day',
  since: T - 86_400_000,
  until: T,
  fills: { rows: [fill(2, T - 1_000, { closedPnl: '3000000', isBuy: false }), fill(1, T - 50_000, { source: 'snapshot' })], count: 2 },
  orders: { rows: [event(7, T - 2_000, 'cancel', 'canceled', { sz: '0.250' }), event(7, T - 60_000, 'new', 'open')], count: 2 },
  gaps: [{ from: T - 40_000, to: T - 30_000 }],
  ...o,
});

describe('historyRows', () => {
  it('lists fills, order events and gaps newest first, each in its own words', () => {
    const rows = historyRows(read(), CONFIGS, 'newest');
    expect(rows.map((r) => [r.kind, r.what, r.contract, r.side, r.price, r.size, r.fee, r.pnl, r.note])).toEqual([
      ['fill', 'fill', 'SOL1', 'Sell', '150', '2', '0.075', '+3.00', 'taker'],
      ['order', 'cancelled', 'BTC1', 'Sell', '60,100.0', '0.250/0.500', '', '', 'canceled'],
      ['gap', 'gap', '', '', '', '', '', '', expect.stringMatching(/^not recorded from 05-12 \d\d:59:20 to 05-12 \d\d:59:30$/)],
      ['fill', 'fill', 'SOL1', 'Buy', '150', '2', '0.075', '', 'taker (snapshot)'],
      ['order', 'placed', 'BTC1', 'Sell', '60,100.0', '0.500', '', '', 'open'],
    ]);
    // A day's rows show the clock; a longer period the date too.
    expect(rows[0]!.time).toMatch(/^\d\d:59:59$/);
    expect(historyRows(read({ period: 'week' }), CONFIGS, 'newest')[0]!.time).toMatch(/^05-12 \d\d:59:59$/);
  });

  it('sorts oldest first, or by contract with the gaps last', () => {
    expect(historyRows(read(), CONFIGS, 'oldest').map((r) => r.what)).toEqual(['placed', 'fill', 'gap', 'cancelled', 'fill']);
    expect(historyRows(read(), CONFIGS, 'contract').map((r) => `${r.contract}:${r.what}`)).toEqual(['BTC1:cancelled', 'BTC1:placed', 'SOL1:fill', 'SOL1:fill', ':gap']);
  });

  it('filters on the words shown and the ids, gaps by their words', () => {
    const rows = historyRows(read(), CONFIGS, 'newest');
    expect(historyFilter(rows, 'btc cancel').map((r) => r.what)).toEqual(['cancelled']);
    expect(historyFilter(rows, '102').map((r) => r.ids[0])).toEqual(['102']);
    expect(historyFilter(rows, 'not recorded').map((r) => r.kind)).toEqual(['gap']);
    expect(historyFilter(rows, 'snapshot')).toHaveLength(1);
  });

  it('says in the title how many rows the period holds when the pane read the newest only', () => {
    expect(historyInfo(read(), 'day')).toBe('day · 4');
    expect(historyInfo(read({ fills: { rows: [fill(1, T)], count: 100_000 } }), 'all')).toBe('all · 3 of 100,002');
    expect(historyInfo(undefined, 'week')).toBe('week');
    expect(historyRows(undefined, CONFIGS, 'newest')).toEqual([]);
  });
});
