import { memo, useMemo, useRef } from 'react';
import { useAppState, useViewState } from '../../app/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import { Table, type Column } from '../../components/Table.js';
import { fit } from '../../format/width.js';
import { filler, widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { clampSelection } from '../selection.js';
import { usePaneStale } from '../usePaneStale.js';
import { scrollStart } from '../../components/tableLayout.js';
import { SegmentLine } from '../SegmentLine.js';
import { accountCard, CARD_BELOW } from './accountCard.js';
import { accountRows, type AccountRow } from './accountRows.js';

export function accountColumns(rows: readonly AccountRow[]): Column<AccountRow>[] {
  // Coin names padded to one width keep the amounts' decimal points in line.
  const coinWidth = widthFor('', rows.map((r) => r.coin), 0);
  const balanceText = (r: AccountRow) => `${r.balance} ${fit(r.coin, coinWidth)}`;
  const w = (title: string, pick: (r: AccountRow) => string, min = 4) => widthFor(title, rows.map(pick), min, 24);
  return [
    { key: 'where', title: 'Pool', width: w('Pool', (r) => r.where, 5), priority: 10, cell: (r) => ({ text: r.where, bold: r.kind !== 'poolCoin' }) },
    // The coin rides with the balance, so it survives when narrow columns drop.
    { key: 'balance', title: 'Balance', width: w('Balance', balanceText), align: 'right', priority: 9, cell: (r) => balanceText(r) },
    { key: 'equity', title: 'Equity', width: w('Equity', (r) => r.equity), align: 'right', priority: 7, cell: (r) => r.equity },
    { key: 'used', title: 'Margin', width: w('Margin', (r) => r.used), align: 'right', priority: 5, cell: (r) => ({ text: r.used, token: 'warning' }) },
    { key: 'available', title: 'Avail', width: w('Avail', (r) => r.available), align: 'right', priority: 8, cell: (r) => ({ text: r.available, token: 'ok' }) },
    { key: 'withdrawable', title: 'Withdraw', width: w('Withdraw', (r) => r.withdrawable), align: 'right', priority: 4, cell: (r) => r.withdrawable },
    filler(),
  ];
}

/** The card lines in view: scrolled as little as possible to keep the selected entry's first line shown. */
function cardWindow<L extends { row: number; first: boolean }>(lines: readonly L[], height: number, selected: number | undefined, startRef: { current: number }): L[] {
  const at = selected === undefined ? undefined : lines.findIndex((l) => l.row === selected && l.first);
  const start = scrollStart(lines.length, height, at !== undefined && at >= 0 ? at : undefined, startRef.current);
  startRef.current = start;
  return lines.slice(start, start + Math.max(0, height));
}

export const AccountPane = memo(function AccountPane({ width, height, focused, tabs }: PaneProps) {
  const chain = useAppState((s) => s.account.chainBalances);
  const pools = useAppState((s) => s.account.pools);
  const configs = useAppState((s) => s.market.configs);
  const raw = useAppState((s) => s.account.raw);
  const selected = useViewState((s) => s.selection.account);
  const staleMs = usePaneStale('account');
  const rows = accountRows(chain, pools, configs);
  const columns = useMemo(() => accountColumns(rows), [rows]);
  const inner = panelInner(width, height);
  const card = useMemo(() => (inner.width < CARD_BELOW ? accountCard(rows, inner.width) : undefined), [rows, inner.width]);
  const sel = focused ? clampSelection(selected, rows.length) : undefined;
  const startRef = useRef(0);
  const info = raw ? `${raw.marginShareType.toLowerCase()} · ${raw.positionMode === 'ONE_WAY' ? 'one-way' : 'hedge'}` : undefined;
  return (
    <Panel tabs={tabs} title={raw ? `Account #${raw.accountId}` : 'Account'} width={width} height={height} focused={focused} staleMs={staleMs} info={info}>
      {!card ? (
        <Table
          columns={columns}
          rows={rows}
          rowKey={(r) => r.key}
          width={inner.width}
          height={inner.height}
          selected={sel}
          empty={raw ? 'no balances' : 'waiting for account…'}
        />
      ) : card.length === 0 ? (
        inner.height > 0 && <SegmentLine segments={[{ text: fit(raw ? 'no balances' : 'waiting for account…', inner.width, 'center'), token: 'muted' }]} />
      ) : (
        cardWindow(card, inner.height, sel, startRef).map((l) => (
          <SegmentLine key={l.key} segments={l.segments} highlight={sel !== undefined && l.row === sel && l.first ? 'selection' : undefined} />
        ))
      )}
    </Panel>
  );
});
