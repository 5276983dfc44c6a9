import { memo, useMemo, useSyncExternalStore } from 'react';
import type { AccountsState } from '../../../session/accountsWatch.js';
import { Panel, panelInner } from '../../components/Panel.js';
import type { Column } from '../../components/Table.js';
import { useApp, useAppState, useViewState } from '../../context/AppContext.js';
import { dropOrder, filler, widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { useNow } from '../useNow.js';
import { accountOverviewRows, type AccountOverviewRow } from './accountRows.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import { paneRowFilters } from '../selection.js';
import { usePaneFilter } from '../usePaneFilter.js';

const NONE: AccountsState = { version: 0, lines: [] };
const never = () => () => {};

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
export const AccountsPane = memo(function AccountsPane({ width, height, focused, tabs }: PaneProps) {
  const app = useApp();
  const watch = app.accounts;
  const state = useSyncExternalStore(watch?.subscribe ?? never, watch?.snapshot ?? (() => NONE));
  const configs = useAppState((s) => s.market.configs);
  const selected = useViewState((s) => s.selection.accounts);
  const now = useNow(1000);
  const filter = usePaneFilter('accounts');
  const all = accountOverviewRows(state, app.profiles?.current, configs, now);
  const rows = paneRowFilters.accounts(all, filter.query);
  const columns = useMemo(() => accountsColumns(rows), [rows]);
  const inner = panelInner(width, height);
  return (
    <Panel tabs={tabs} title="Accounts" width={width} height={height} focused={focused} filter={filterTitle(filter, rows.length, all.length)}>
      <RowTable
        columns={columns}
        rows={rows}
        width={inner.width}
        height={inner.height}
        focused={focused}
        selected={selected}
        empty={filterEmpty(filter, all.length, 'no profiles: name your accounts under "profiles" in the config file (README, Profiles)')}
      />
    </Panel>
  );
});
