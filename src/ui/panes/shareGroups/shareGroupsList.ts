import type { Column } from '../../components/Table.js';
import { dropOrder, widthFor } from '../columns.js';
import { listPaneDef } from '../listPaneDef.js';
import { frozenBanner, frozenGroups, shareGroupRows, type ShareGroupRow } from './shareGroupRows.js';

/** The order the columns drop in as the pane narrows, first to go first. */
const DROP_FIRST = ['coin', 'members', 'equity', 'balance', 'state', 'group'] as const;

export function shareGroupColumns(rows: readonly ShareGroupRow[]): Column<ShareGroupRow>[] {
  const w = (title: string, pick: (r: ShareGroupRow) => string, min = 4) => widthFor(title, rows.map(pick), min, 24);
  return dropOrder([
    { key: 'group', title: 'Grp', width: w('Grp', (r) => `#${r.groupId}`, 3), cell: (r) => ({ text: `#${r.groupId}`, bold: true }) },
    {
      key: 'state',
      title: 'State',
      width: 6,
      cell: (r) => (r.frozen ? { text: 'FROZEN', token: 'frozen', bold: true } : { text: 'active', token: 'ok' }),
    },
    { key: 'balance', title: 'Pool', width: w('Pool', (r) => r.balance), align: 'right', cell: (r) => r.balance },
    { key: 'equity', title: 'Equity', width: w('Equity', (r) => r.equity), align: 'right', cell: (r) => r.equity },
    { key: 'coin', title: 'Coin', width: w('Coin', (r) => r.coin), cell: (r) => ({ text: r.coin, token: 'muted' }) },
    { key: 'members', title: 'Members', width: 7, grow: true, cell: (r) => r.members },
  ], DROP_FIRST);
}

export const SHARE_GROUPS_LIST = listPaneDef<ShareGroupRow>({
  id: 'shareGroups',
  title: () => 'Share groups',
  rows: ({ app }) => shareGroupRows(app.account.shareGroupDefs, app.account.shareGroups, app.market.configs),
  words: (r) => [`#${r.groupId}`, r.frozen ? 'FROZEN' : 'active', r.balance, r.equity, r.coin, r.members],
  columns: (rows) => shareGroupColumns(rows),
  empty: () => 'no share groups',
  // A frozen group is news whether or not the filter shows its row.
  info: ({ all }) => (frozenGroups(all).length ? 'FROZEN' : undefined),
  // The banner may take up to two lines, but always leaves the header and one row when it can.
  head: (_src, { all }, inner) =>
    frozenBanner(frozenGroups(all), inner.width, Math.min(2, Math.max(1, inner.height - 2))).map((text) => ({ text, token: 'frozen', banner: true })),
  stale: true,
});
