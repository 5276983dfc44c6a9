import type { Column } from '../../components/Table.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { dropOrder, filler, widthFor } from '../columns.js';
import { listPaneDef, type ListSource } from '../listPaneDef.js';
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

/** The exchange's clock offset: expiries are judged on the server's time. */
const offsetOf = ({ app }: ListSource) => app.session.clockOffsetMs ?? 0;

export const AGENTS_LIST = listPaneDef<AgentRow>({
  id: 'agents',
  title: () => 'Agents',
  rows: ({ app }) => agentRows(app.account.agents),
  words: (r) => [r.name, r.slot, r.record.address],
  columns: (rows, { now, src }) => agentColumns(rows, now + offsetOf(src)),
  columnsBy: offsetOf,
  empty: ({ app }) => (app.session.polls['userAgents']?.lastOk != null || app.account.agents.length > 0 ? 'no agents approved' : 'waiting for agents…'),
  head: ({ app }, _listed, inner) => (inner.height > 0 ? [{ text: slotSummary(app.account.agents, inner.width), token: 'muted' }] : []),
  stale: true,
  clock: true,
});
