import { memo, useMemo } from 'react';
import { Box, Text } from 'ink';
import { useAppState, useViewState } from '../../context/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import type { Column } from '../../components/Table.js';
import { fit } from '../../format/width.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { dropOrder, widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { usePaneStale } from '../usePaneStale.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import { paneRowFilters } from '../selection.js';
import { usePaneFilter } from '../usePaneFilter.js';
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

export const ShareGroupsPane = memo(function ShareGroupsPane({ width, height, focused, tabs }: PaneProps) {
  const defs = useAppState((s) => s.account.shareGroupDefs);
  const pools = useAppState((s) => s.account.shareGroups);
  const configs = useAppState((s) => s.market.configs);
  const selected = useViewState((s) => s.selection.shareGroups);
  const staleMs = usePaneStale('shareGroups');
  const theme = useTheme();
  const filter = usePaneFilter('shareGroups');
  const all = shareGroupRows(defs, pools, configs);
  const rows = paneRowFilters.shareGroups(all, filter.query);
  const title = filterTitle(filter, rows.length, all.length);
  const columns = useMemo(() => shareGroupColumns(rows), [rows]);
  const inner = panelInner(width, height);
  // A frozen group is news whether or not the filter shows its row.
  const frozen = frozenGroups(all);
  // The banner may take up to two lines, but always leaves the header and one row when it can.
  const banner = frozenBanner(frozen, inner.width, Math.min(2, Math.max(1, inner.height - 2)));
  const tableHeight = Math.max(0, inner.height - banner.length);
  return (
    <Panel tabs={tabs} title="Share groups" width={width} height={height} focused={focused} staleMs={staleMs} info={frozen.length ? 'FROZEN' : undefined} filter={title}>
      {banner.map((line, i) => (
        <Box key={i} height={1} flexShrink={0}>
          <Text wrap="truncate" {...theme.tokens.frozen} bold>
            {fit(line, inner.width)}
          </Text>
        </Box>
      ))}
      <RowTable
        columns={columns}
        rows={rows}
        width={inner.width}
        height={tableHeight}
        focused={focused}
        selected={selected}
        empty={filterEmpty(filter, all.length, 'no share groups')}
      />
    </Panel>
  );
});
