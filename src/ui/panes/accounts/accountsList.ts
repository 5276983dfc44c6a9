import type { AccountsState } from '../../../session/accountsWatch.js';
import type { Column } from '../../components/Table.js';
import { dropOrder, filler, widthFor } from '../columns.js';
import { listPaneDef } from '../listPaneDef.js';
import { accountOverviewRows, type AccountOverviewRow } from './accountRows.js';

const NONE: AccountsState = { version: 0, lines: [] };

/** The order the columns drop in as the pane narrows, first to go first. */
const DROP_FIRST = ['orders', 'positions', 'age', 'upnl', 'ratio', 'equity', 'name'] as const;

export function accountsColumns(rows: readonly AccountOverviewRow[]): Column<AccountOverviewRow>[] {
  const w = (title: string, pick: (r: AccountOverviewRow) => string, min: number, max: number) => widthFor(title, rows.map(pick), min, max);
  return dropOrder([
    { key: 'name', title: 'Profile', width: w('Profile', (r) => `${r.name} •`, 6, 16), cell: (r) => ({ text: r.current ? `${r.name} •` : r.name, bold: r.current }) },
    { key: 'equity', title: 'Equity', width: w('Equity', (r) => r.equity, 6, 16), align: 'right', cell: (r) => r.equity },
    { key: 'upnl', title: 'uPnL', width: w('uPnL', (r) => r.upnl, 4, 14), align: 'right', cell: (r) => ({ text: r.upnl, token: r.upnlTone }) },
    { key: 'ratio', title: 'Ratio', width: 6, align: 'right', cell: (r) => ({ text: r.ratio, token: r.ratioTone }) },
    { key: 'orders', title: 'Ord', width: 4, align: 'right', cell: (r) => r.orders },
    { key: 'positions', title: 'Pos', width: 4, align: 'right', cell: (r) => r.positions },
    { key: 'age', title: 'Age', width: 8, grow: true, cell: (r) => ({ text: r.age, token: r.ageTone }) },
    filler(),
  ], DROP_FIRST);
}

/** Every profile's account at a glance (equity, uPnL, margin ratio, orders, positions, age); • marks the one in view. */
export const ACCOUNTS_LIST = listPaneDef<AccountOverviewRow>({
  id: 'accounts',
  title: () => 'Accounts',
  rows: ({ app, screen, now }) => accountOverviewRows(screen.accounts?.snapshot() ?? NONE, screen.profiles?.current, app.market.configs, now),
  words: (r) => [r.name, r.equity, r.upnl, r.ratio, r.age],
  columns: (rows) => accountsColumns(rows),
  empty: () => 'no profiles: name your accounts under "profiles" in the config file (README, Profiles)',
  clock: true,
  watch: (screen) => screen.accounts,
});
