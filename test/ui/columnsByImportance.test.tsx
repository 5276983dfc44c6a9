import { afterEach, describe, expect, it } from 'vitest';
import type { Column } from '../../src/ui/components/Table.js';
import { computeLayout } from '../../src/ui/app/layout.js';
import { accountColumns } from '../../src/ui/panes/account/AccountPane.js';
import { accountsColumns } from '../../src/ui/panes/accounts/accountsList.js';
import { agentColumns } from '../../src/ui/panes/agents/agentsList.js';
import { fillColumns } from '../../src/ui/panes/fills/fillsList.js';
import { journalColumns } from '../../src/ui/panes/journal/journalList.js';
import { orderColumns } from '../../src/ui/panes/orders/ordersList.js';
import { positionColumns } from '../../src/ui/panes/positions/positionsList.js';
import { shareGroupColumns } from '../../src/ui/panes/shareGroups/shareGroupsList.js';
import { tradeColumns } from '../../src/ui/panes/trades/tradesList.js';
import { fullStore } from './support/paneFixtures.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/**
 * Columns by importance: each list pane declares the order its columns drop in, and at
 * 120x40 (the size the README says shows every pane) Positions keeps Contract, Side, Size
 * and Liq px with two positions held, and Fills keeps Time, Contract, Side, Price and Size
 * with five-digit prices listed.
 */

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

/** The text of the pane whose area is `id`, row by row, inside its frame. */
function paneText(screen: string[], id: string, cols: number, rows: number): string[] {
  const rect = computeLayout(cols, rows).panes.find((p) => p.id === id)!;
  return screen.slice(rect.y + 1, rect.y + rect.height - 1).map((l) => [...l.padEnd(cols)].slice(rect.x + 1, rect.x + rect.width - 1).join(''));
}

describe('at 120x40 with two positions and prices of five digits', () => {
  it('Positions keeps Liq px, Size, Side and Contract', async () => {
    app = renderApp({ cols: 120, rows: 40, store: fullStore() });
    await app.vt.waitFor('Positions');
    const screen = await app.vt.screen();
    const positions = paneText(screen, 'positions', 120, 40);
    const titles = positions[0]!.split(/\s+/).filter(Boolean);
    expect(titles).toEqual(expect.arrayContaining(['Contract', 'Side', 'Size', 'Liq']));
    // Both positions, each with its liquidation price (BTC1's has five digits).
    expect(positions.find((l) => l.includes('SOL1'))).toMatch(/SOL1\s+Long\s+\+10\b.*\b120$/);
    expect(positions.find((l) => l.includes('BTC1'))).toMatch(/BTC1\s+Short\s+−0\.500\b.*65,000\.0$/);
    // What goes first is what the declared order says: Mode, ROE, TP/SL.
    expect(positions[0]).not.toMatch(/Mode|ROE|TP\/SL/);
  });

  it('Fills keeps Time, Contract, Side, Price and Size', async () => {
    app = renderApp({ cols: 120, rows: 40, store: fullStore() });
    await app.vt.waitFor('Fills');
    const screen = await app.vt.screen();
    const fills = paneText(screen, 'fills', 120, 40);
    expect(fills[0]!.split(/\s+/).filter(Boolean)).toEqual(['Time', 'Ctr', 'Side', 'Price', 'Size']);
    expect(fills.find((l) => l.includes('60,100.0'))).toMatch(/^\d\d:\d\d:\d\d\s+BTC1\s+Sell\s+60,100\.0\s+0\.500$/);
  });
});

describe('every list pane declares the order its columns drop in', () => {
  const panes: [string, Column<never>[]][] = [
    ['positions', positionColumns([])],
    ['fills', fillColumns([])],
    ['orders (all contracts)', orderColumns([], 'all', 0)],
    ['orders', orderColumns([], 'contract', 0)],
    ['journal', journalColumns([])],
    ['journal (narrow)', journalColumns([], 30)],
    ['agents', agentColumns([], 0)],
    ['account', accountColumns([])],
    ['accounts', accountsColumns([])],
    ['share groups', shareGroupColumns([])],
    ['trades', tradeColumns([])],
  ] as never;
  for (const [name, columns] of panes) {
    it(`${name}: every column has its own place in the order`, () => {
      const ranked = columns.filter((c) => c.key !== '_fill');
      expect(ranked.filter((c) => (c.priority ?? -1) < 0).map((c) => c.key)).toEqual([]);
      expect(new Set(ranked.map((c) => c.priority)).size).toBe(ranked.length);
    });
  }

  it('Positions drops Mode and ROE first, and keeps Contract, Size, Side, Liq px last', () => {
    const order = [...positionColumns([])].sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0)).map((c) => c.key);
    expect(order.slice(0, 2)).toEqual(['mode', 'roe']);
    expect(order.slice(-4).sort()).toEqual(['contract', 'liq', 'side', 'size']);
  });
});
