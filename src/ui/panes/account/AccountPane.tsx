import { memo, useMemo, useRef } from 'react';
import { keyLabel, type Binding } from '../../../keymap/index.js';
import { selectAccountSummary } from '../../../state/accountSummary.js';
import { selectSelectedContract } from '../../../state/selectors.js';
import { useAppState, useViewState } from '../../context/AppContext.js';
import { useShell } from '../../context/ShellContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import { Table, type Column } from '../../components/Table.js';
import { fit } from '../../format/width.js';
import { dropOrder, filler, widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { clampSelection, paneRowFilters } from '../selection.js';
import { filterEmpty, filterTitle } from '../filterTitle.js';
import { usePaneFilter } from '../usePaneFilter.js';
import { usePaneStale } from '../usePaneStale.js';
import { scrollStart } from '../../components/tableLayout.js';
import { SegmentLine } from '../SegmentLine.js';
import { accountCard, CARD_BELOW, focusCard } from './accountCard.js';
import { accountRows, type AccountRow } from './accountRows.js';
import { focusPool, type FocusPool } from './focusPool.js';

/** The order the columns drop in as the pane narrows, first to go first. */
const DROP_FIRST = ['ratio', 'withdrawable', 'used', 'equity', 'available', 'balance', 'where'] as const;

export function accountColumns(rows: readonly AccountRow[]): Column<AccountRow>[] {
  // Coin names padded to one width keep the amounts' decimal points in line.
  const coinWidth = widthFor('', rows.map((r) => r.coin), 0);
  const balanceText = (r: AccountRow) => `${r.balance} ${fit(r.coin, coinWidth)}`;
  const w = (title: string, pick: (r: AccountRow) => string, min = 4) => widthFor(title, rows.map(pick), min, 24);
  return dropOrder([
    { key: 'where', title: 'Pool', width: w('Pool', (r) => r.where, 5), cell: (r) => ({ text: r.where, bold: r.kind !== 'poolCoin' }) },
    // The coin rides with the balance, so it survives when narrow columns drop.
    { key: 'balance', title: 'Balance', width: w('Balance', balanceText), align: 'right', cell: (r) => balanceText(r) },
    { key: 'equity', title: 'Equity', width: w('Equity', (r) => r.equity), align: 'right', cell: (r) => r.equity },
    { key: 'used', title: 'Margin', width: w('Margin', (r) => r.used), align: 'right', cell: (r) => ({ text: r.used, token: 'warning' }) },
    { key: 'available', title: 'Avail', width: w('Avail', (r) => r.available), align: 'right', cell: (r) => ({ text: r.available, token: 'ok' }) },
    { key: 'withdrawable', title: 'Withdraw', width: w('Withdraw', (r) => r.withdrawable), align: 'right', cell: (r) => r.withdrawable },
    { key: 'ratio', title: 'Ratio', width: w('Ratio', (r) => r.ratio), align: 'right', cell: (r) => r.ratio },
    filler(),
  ], DROP_FIRST);
}

/** The card lines in view: scrolled as little as possible to keep the selected entry's first line shown. */
function cardWindow<L extends { row: number; first: boolean }>(lines: readonly L[], height: number, selected: number | undefined, startRef: { current: number }): L[] {
  const at = selected === undefined ? undefined : lines.findIndex((l) => l.row === selected && l.first);
  const start = scrollStart(lines.length, height, at !== undefined && at >= 0 ? at : undefined, startRef.current);
  startRef.current = start;
  return lines.slice(start, start + Math.max(0, height));
}

/** How the key that enrolls reads in the keymap in force (the pane's hint), if one is bound. */
function enrollKeyOf(bindings: readonly Binding[]): string | undefined {
  const k = bindings.find((b) => b.id === 'deployer.enroll')?.keys[0];
  return k === undefined ? undefined : keyLabel(k);
}

/** The pinned pool's line under the table's header when orders on the contract cannot draw on it. */
function focusNote(f: FocusPool, enrollKey: string | undefined): string | undefined {
  if (f.status === 'not enrolled') return ` not enrolled in ${f.pool}${enrollKey ? `: press ${enrollKey} to enroll` : ''}; ${f.contract} orders have nothing to draw on`;
  if (f.status === 'FROZEN') return ` ${f.pool} is FROZEN: only reduce-only orders on ${f.contract}`;
  return undefined;
}

export const AccountPane = memo(function AccountPane({ width, height, focused, tabs }: PaneProps) {
  const chain = useAppState((s) => s.account.chainBalances);
  const pools = useAppState((s) => s.account.pools);
  const configs = useAppState((s) => s.market.configs);
  const raw = useAppState((s) => s.account.raw);
  const groupDefs = useAppState((s) => s.account.shareGroupDefs);
  const contract = useAppState(selectSelectedContract);
  const summary = useAppState(selectAccountSummary);
  const selected = useViewState((s) => s.selection.account);
  const { bindings } = useShell();
  const staleMs = usePaneStale('account');
  const filter = usePaneFilter('account');
  const all = accountRows(chain, pools, configs, summary);
  const rows = paneRowFilters.account(all, filter.query);
  const title = filterTitle(filter, rows.length, all.length);
  const empty = filterEmpty(filter, all.length, raw ? 'no balances' : 'waiting for account…');
  // The selected contract's pool, pinned first: what its orders draw on (not selectable, not part of `rows`).
  const pinned = useMemo(() => focusPool(raw, configs, contract, groupDefs, summary), [raw, configs, contract, groupDefs, summary]);
  const columns = useMemo(() => accountColumns(pinned ? [pinned.row, ...rows] : rows), [rows, pinned]);
  const inner = panelInner(width, height);
  const enrollKey = enrollKeyOf(bindings);
  const card = useMemo(() => (inner.width < CARD_BELOW ? accountCard(rows, inner.width) : undefined), [rows, inner.width]);
  const pinnedCard = useMemo(() => (card && pinned ? focusCard(pinned, inner.width, enrollKey) : []), [card, pinned, inner.width, enrollKey]);
  const note = pinned && !card ? focusNote(pinned, enrollKey) : undefined;
  // The pinned lines leave the list at least one line of its own when there is room for it.
  const pinnedHeight = card ? Math.min(pinnedCard.length, Math.max(0, inner.height - 1)) : pinned ? Math.min(2 + (note ? 1 : 0), Math.max(0, inner.height - 2)) : 0;
  const sel = focused ? clampSelection(selected, rows.length) : undefined;
  const startRef = useRef(0);
  const info = raw ? `${raw.marginShareType.toLowerCase()} · ${raw.positionMode === 'ONE_WAY' ? 'one-way' : 'hedge'}` : undefined;
  const rest = Math.max(0, inner.height - pinnedHeight);
  return (
    <Panel tabs={tabs} title={raw ? `Account #${raw.accountId}` : 'Account'} width={width} height={height} focused={focused} staleMs={staleMs} info={info} filter={title}>
      {!card ? (
        <>
          {pinned && pinnedHeight >= 2 && (
            <Table columns={columns} rows={[pinned.row]} rowKey={(r) => r.key} width={inner.width} height={2} />
          )}
          {note && pinnedHeight >= 3 && <SegmentLine segments={[{ text: fit(note, inner.width), token: 'warning' }]} />}
          <Table
            columns={columns}
            rows={rows}
            rowKey={(r) => r.key}
            width={inner.width}
            height={rest}
            selected={sel}
            showHeader={pinnedHeight < 2}
            empty={empty}
          />
        </>
      ) : card.length === 0 && pinnedCard.length === 0 ? (
        inner.height > 0 && <SegmentLine segments={[{ text: fit(empty, inner.width, 'center'), token: 'muted' }]} />
      ) : (
        <>
          {pinnedCard.slice(0, pinnedHeight).map((segments, i) => (
            <SegmentLine key={`focus:${i}`} segments={segments} />
          ))}
          {cardWindow(card, rest, sel, startRef).map((l) => (
            <SegmentLine key={l.key} segments={l.segments} highlight={sel !== undefined && l.row === sel && l.first ? 'selection' : undefined} />
          ))}
        </>
      )}
    </Panel>
  );
});
