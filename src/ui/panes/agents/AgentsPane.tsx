import { memo, useMemo } from 'react';
import { useAppState, useViewState } from '../../context/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import { fit } from '../../format/width.js';
import { SegmentLine } from '../SegmentLine.js';
import type { Column } from '../../components/Table.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { dropOrder, filler, widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { useNow } from '../useNow.js';
import { usePaneStale } from '../usePaneStale.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import { paneRowFilters } from '../selection.js';
import { usePaneFilter } from '../usePaneFilter.js';
import { agentRows, EXPIRY_WARNING_MS, expiryText, isExpired, slotSummary, type AgentRow } from './agentRows.js';

/** The order the columns drop in as the pane narrows, first to go first. */
const DROP_FIRST = ['slot', 'address', 'expires', 'name'] as const;

export function agentColumns(rows: readonly AgentRow[], serverNow: number): Column<AgentRow>[] {
  const tone = (r: AgentRow): ThemeToken =>
    isExpired(r, serverNow) ? 'error' : r.validUntil !== 0 && r.validUntil - serverNow < EXPIRY_WARNING_MS ? 'warning' : 'ok';
  return dropOrder([
    { key: 'name', title: 'Name', width: widthFor('Name', rows.map((r) => r.name), 6, 16), cell: (r) => ({ text: r.name, bold: true }) },
    { key: 'slot', title: 'Slot', width: 5, cell: (r) => ({ text: r.slot, token: 'muted' }) },
    { key: 'address', title: 'Address', width: 13, cell: (r) => r.address },
    { key: 'expires', title: 'Expires', width: 9, align: 'right', cell: (r) => ({ text: expiryText(r, serverNow), token: tone(r) }) },
    filler(),
  ], DROP_FIRST);
}

export const AgentsPane = memo(function AgentsPane({ width, height, focused, tabs }: PaneProps) {
  const agents = useAppState((s) => s.account.agents);
  const offset = useAppState((s) => s.session.clockOffsetMs ?? 0);
  const polled = useAppState((s) => s.session.polls['userAgents']?.lastOk != null);
  const selected = useViewState((s) => s.selection.agents);
  const staleMs = usePaneStale('agents');
  const now = useNow(1000);
  const filter = usePaneFilter('agents');
  const all = agentRows(agents);
  const rows = paneRowFilters.agents(all, filter.query);
  const title = filterTitle(filter, rows.length, all.length);
  const columns = useMemo(() => agentColumns(rows, now + offset), [rows, now, offset]);
  const inner = panelInner(width, height);
  return (
    <Panel tabs={tabs} title="Agents" width={width} height={height} focused={focused} staleMs={staleMs} filter={title}>
      {inner.height > 0 && <SegmentLine segments={[{ text: fit(slotSummary(agents, inner.width), inner.width), token: 'muted' }]} />}
      <RowTable
        columns={columns}
        rows={rows}
        width={inner.width}
        height={Math.max(0, inner.height - 1)}
        focused={focused}
        selected={selected}
        empty={filterEmpty(filter, all.length, polled || agents.length > 0 ? 'no agents approved' : 'waiting for agents…')}
      />
    </Panel>
  );
});
