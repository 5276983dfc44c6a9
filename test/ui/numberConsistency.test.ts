import { describe, expect, it } from 'vitest';
import type { Fill, L2Book, Position } from '../../src/protocol/wire/index.js';
import { createAlertState, detectAlerts } from '../../src/forms/alerts.js';
import { preTradeFor } from '../../src/forms/orderContext.js';
import * as forms from '../forms/fixtures.js';
import { headerSegments } from '../../src/ui/app/headerSegments.js';
import { chartLines, rowText } from '../../src/ui/components/chartLines.js';
import { accountRows } from '../../src/ui/panes/account/accountRows.js';
import { buildLadder } from '../../src/ui/panes/book/bookLadder.js';
import { bookRows } from '../../src/ui/panes/book/bookRows.js';
import { fillRows } from '../../src/ui/panes/fills/fillRows.js';
import { orderRows } from '../../src/ui/panes/orders/orderRows.js';
import { positionRows } from '../../src/ui/panes/positions/positionRows.js';
import { segmentsText } from '../../src/ui/panes/segments.js';
import { shareGroupRows } from '../../src/ui/panes/shareGroups/shareGroupRows.js';
import { ACCOUNT, CONFIGS, MARK, openOrders } from './support/paneFixtures.js';
import { tradeRows } from '../../src/ui/panes/trades/tradeRows.js';

/**
 * One quantity, every pane that shows it: the text must be the same. Each case puts the
 * same raw value through the panes' own row builders.
 */

const BTC = CONFIGS.contracts.find((c) => c.name === 'BTC1')!;
const NO_OWN = { bids: new Set<bigint>(), asks: new Set<bigint>() };

describe('a price reads the same in every pane', () => {
  // 60,025.0 at BTC1's price scale 1 (raw 600250, on the 0.5 tick).
  const wire = '60025.0';
  const expected = '60,025.0';

  it('book, trades, orders, header and chart axis', () => {
    const book: L2Book = { contractId: 2, time: 1, levels: [[{ px: wire, sz: '1.000', n: 1 }], [{ px: '60030.0', sz: '1.000', n: 1 }]] };
    const ladder = buildLadder(book, BTC, 1);
    const bookText = bookRows({ ladder, priceScale: 1, qtyScale: 3, width: 40, height: 6, cursor: null, own: NO_OWN, emptyText: '' })
      .map((l) => segmentsText(l.segments))
      .join('\n');
    expect(bookText).toContain(` ${expected} `);

    const [trade] = tradeRows([{ contractId: 2, tid: 1, px: wire, sz: '0.010', side: 'B', time: 0 }], 1, 3, 1);
    expect(trade!.price).toBe(expected);

    const order = { ...openOrders(0)[2]!, limitPx: wire };
    expect(orderRows({ [order.oid]: order }, CONFIGS, 2, 'all')[0]!.price).toBe(expected);

    const header = segmentsText(headerSegments({ contract: BTC, market: { ...MARK, contractId: 2, markPx: wire, lastPx: wire, indexPx: wire }, embedded: false, readOnly: false }, 120));
    expect(header).toContain(`mark ${expected}`);

    // A flat series at this price: its row on the axis carries the same text.
    const flat = { o: 600_250n, h: 600_250n, l: 600_250n, c: 600_250n, v: 1n };
    const axis = chartLines([flat, flat, flat], 40, 6, { scale: 1, tick: 5n })
      .map(rowText)
      .map((l) => l.slice(l.lastIndexOf('┤') + 1).trim());
    expect(axis).toContain(expected);
  });
});

describe('money reads the same in every pane', () => {
  // −2.505 USDC: the same amount as a pool's equity, a share group's equity, a position's
  // uPnL and a fill's closed PnL.
  const raw = '-2505000';

  it('account, share groups, positions and fills show the same digits and minus', () => {
    const pool = { ...ACCOUNT.marketDeployers[0]!, equity: raw };
    const account = accountRows([], [pool], CONFIGS)[0]!.equity;
    const group = shareGroupRows([], [{ ...ACCOUNT.shareGroups[0]!, equity: raw }], CONFIGS)[0]!.equity;
    const p: Position = { ...ACCOUNT.marketDeployers[0]!.positions[0]!, unrealizedPnl: raw };
    const upnl = positionRows([p], CONFIGS, { 1: MARK })[0]!.upnl;
    const fill: Fill = { contractId: 1, oid: 1, tid: 1, px: '150', sz: '1', isBuy: false, time: 0, liquidity: 'taker', fee: '0', closedPnl: raw };
    const pnl = fillRows([fill], CONFIGS)[0]!.pnl;
    // Balances are never overstated: toward zero at the coin's display decimals.
    expect([account, group, upnl, pnl]).toEqual(['−2.50', '−2.50', '−2.50', '−2.50']);
  });

  it('a fee in the fills pane is the fee the fill alert names, never rounded up', () => {
    const usdc = CONFIGS.coins[0]!;
    const fill: Fill = { contractId: 1, oid: 1, tid: 1, px: '150', sz: '1', isBuy: true, time: 0, liquidity: 'maker', fee: '50', closedPnl: '0' };
    const fee = fillRows([fill], CONFIGS)[0]!.fee;
    const snapshot = { configs: CONFIGS, fills: [fill], positions: [], marks: {} };
    const [alert] = detectAlerts(null, snapshot, createAlertState(0), {}).events;
    expect(alert!.text).toContain(`fee ${fee} ${usdc.name})`);
    expect(fee).toBe('0.00005');
  });
});

describe('the order confirm step reads as the panes do', () => {
  // 5,000 USDC available in deployer 1; buy 0.400 BTC1 into the book, liquidation near 48,129.
  const pool = { ...forms.account().marketDeployers[0]!, balances: [{ coinId: 0, total: '5000000000' }], equity: '5000000000', available: '5000000000', withdrawable: '5000000000' };
  const context = forms.ctx({
    contract: forms.BTC1,
    book: forms.BTC_BOOK,
    markPx: '60000',
    account: forms.account({ marketDeployers: [pool] }),
  });
  const pt = preTradeFor(context, { contract: forms.BTC1, isBuy: true, kind: 'Gtc', price: 600010n, size: 400n, reduceOnly: false });

  it('available is the account pane\'s figure, liquidation and prices carry separators', () => {
    const paneAvailable = accountRows([], [pool], forms.CONFIGS)[0]!.available;
    expect(paneAvailable).toBe('5,000.00');
    const margin = pt.lines.find((l) => l.startsWith('Margin:'))!;
    expect(margin).toMatch(new RegExp(`; ${paneAvailable} USDC available in deployer 1$`));
    expect(pt.lines[0]).toBe('Buy 0.400 BTC1 @ 60,001.0 Gtc');
    expect(pt.lines.find((l) => l.startsWith('Est. liquidation:'))).toMatch(/^Est\. liquidation: 48,129\.4 /);
    // The average reads at the price scale, as the positions pane shows an entry price.
    expect(pt.lines).toContain('Est. fill: 0.400 @ 60,000.8 avg (worst 60,001.0, 2 levels)');
    expect(pt.lines).toContain('Notional: 24,000.30 USDC');
    // A fee keeps every digit: the confirm step must not round what gets charged.
    expect(pt.lines.find((l) => l.startsWith('Fee:'))).toMatch(/^Fee: 10\.800135 USDC /);
  });
});
