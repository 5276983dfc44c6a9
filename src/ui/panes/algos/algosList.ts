import type { Column } from '../../components/Table.js';
import { formatCountdown } from '../../format/time.js';
import { filler, widthFor } from '../columns.js';
import { listPaneDef } from '../listPaneDef.js';
import { algoPaneRows, boardSummary, type AlgoPaneRow } from './algoPaneRows.js';
import { boardStateOf } from './boardState.js';

/** Kind, side, progress and state never go; the contract, average and the reason go first when narrow. */
export function algoColumns(rows: readonly AlgoPaneRow[], now: number): Column<AlgoPaneRow>[] {
  const w = (title: string, pick: (r: AlgoPaneRow) => string, min: number, max: number) => widthFor(title, rows.map(pick), min, max);
  return [
    { key: 'kind', title: 'Algo', width: 5, priority: 12, cell: (r) => ({ text: r.kind, bold: true }) },
    { key: 'contract', title: 'Contract', width: w('Contract', (r) => r.contract, 4, 10), priority: 5, cell: (r) => r.contract },
    { key: 'side', title: 'Side', width: 4, priority: 11, cell: (r) => ({ text: r.side, token: r.side === 'Buy' ? 'bid' : 'ask' }) },
    { key: 'progress', title: 'Filled', width: w('Filled', (r) => r.progress, 6, 16), align: 'right', priority: 10, cell: (r) => r.progress },
    { key: 'steps', title: 'Sent', width: w('Sent', (r) => r.steps, 4, 7), align: 'right', priority: 4, cell: (r) => ({ text: r.steps, token: 'muted' }) },
    { key: 'avg', title: 'Avg', width: w('Avg', (r) => r.avgPx, 3, 12), align: 'right', priority: 7, cell: (r) => r.avgPx },
    { key: 'slip', title: 'bps', width: w('bps', (r) => r.slippage, 3, 6), align: 'right', priority: 3, cell: (r) => ({ text: r.slippage, token: 'muted' }) },
    { key: 'state', title: 'State', width: w('State', (r) => r.state, 5, 20), priority: 9, cell: (r) => ({ text: r.state, token: r.stateTone }) },
    { key: 'next', title: 'Next', width: 6, align: 'right', priority: 6, cell: (r) => ({ text: r.nextAt === undefined ? '' : formatCountdown(r.nextAt, now).replace('expired', 'now'), token: 'muted' }) },
    { key: 'reason', title: 'Why', width: 12, priority: 2, grow: true, cell: (r) => ({ text: r.reason, token: 'muted' }) },
    filler(),
  ];
}

/** The algo board's, not the store's: this process's runner, or the file another process writes. */
export const ALGOS_LIST = listPaneDef<AlgoPaneRow>({
  id: 'algos',
  title: () => 'Algos',
  rows: ({ screen }) => algoPaneRows(boardStateOf(screen.algos)),
  words: (r) => [r.key, r.kind, r.contract, r.side, r.progress, r.avgPx, r.state, r.reason],
  columns: (rows, { now }) => algoColumns(rows, now),
  empty: ({ screen }) => (boardStateOf(screen.algos).loading ? 'reading the algos back…' : 'no algos: W starts one (TWAP, scale, chase, trailing stop)'),
  head: ({ screen }, _listed, inner) => {
    const board = boardStateOf(screen.algos);
    return inner.height > 0 ? [{ text: board.error ?? boardSummary(board), token: board.error ? 'error' : 'muted' }] : [];
  },
  clock: true,
  watch: (screen) => screen.algos,
});
