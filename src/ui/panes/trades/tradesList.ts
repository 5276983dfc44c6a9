import type { Column } from '../../components/Table.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { dropOrder, filler, widthFor } from '../columns.js';
import { listPaneDef, type ListSource } from '../listPaneDef.js';
import { memoLast } from '../memo.js';
import { tradeRows, type TradeRow } from './tradeRows.js';
import type { Trade } from '../../../protocol/wire/index.js';
import { selectSelectedContract } from '../../../state/selectors.js';

const EMPTY: readonly never[] = [];

/** The contract in view's tape, as the store keeps it (oldest first). */
function tapeOf({ app }: ListSource): readonly Trade[] {
  const c = selectSelectedContract(app);
  return (c && app.market.trades[c.contractId]) || EMPTY;
}

/** The newest `limit` trades as rows, rebuilt when the tape moves or the pane's height changes. */
const tapeRows = memoLast((trades: readonly Trade[], priceScale: number, qtyScale: number, limit: number): readonly TradeRow[] =>
  tradeRows(trades, priceScale, qtyScale, limit),
);

/** The order the columns drop in as the pane narrows, first to go first. */
const DROP_FIRST = ['time', 'side', 'size', 'price'] as const;

export function tradeColumns(rows: readonly TradeRow[]): Column<TradeRow>[] {
  const tone = (r: TradeRow): ThemeToken => (r.isBuy ? 'bid' : 'ask');
  return dropOrder([
    { key: 'side', title: '', width: 1, cell: (r) => ({ text: r.side, token: tone(r), bold: r.big }) },
    {
      key: 'price',
      title: 'Price',
      width: widthFor('Price', rows.map((r) => `${r.price} ${r.tick}`), 7),
      align: 'right',
      cell: (r) => ({ text: `${r.price} ${r.tick}`, token: tone(r), bold: r.big }),
    },
    {
      key: 'size',
      title: 'Size',
      width: widthFor('Size', rows.map((r) => (r.big ? `★${r.size}` : r.size)), 6),
      align: 'right',
      cell: (r) => ({ text: r.big ? `★${r.size}` : r.size, token: 'text', bold: r.big }),
    },
    { key: 'time', title: 'Time', width: 8, align: 'right', cell: (r) => ({ text: r.time, token: 'muted' }) },
    filler(),
  ], DROP_FIRST);
}

/**
 * The tape lists the newest trades that fit (`bounded`); filtered, it looks through the whole
 * ring and the count says how many of it pass.
 */
export const TRADES_LIST = listPaneDef<TradeRow>({
  id: 'trades',
  title: ({ app }) => {
    const contract = selectSelectedContract(app);
    return contract ? `Trades ${contract.name}` : 'Trades';
  },
  rows: (src, limit) => {
    const contract = selectSelectedContract(src.app);
    return contract ? tapeRows(tapeOf(src), contract.priceScale, contract.qtyScale, limit) : EMPTY;
  },
  total: (src) => tapeOf(src).length,
  // The tape shows B / S; the words match too.
  words: (r) => [r.time, r.side, r.isBuy ? 'buy' : 'sell', r.price, r.size],
  columns: (rows) => tradeColumns(rows),
  empty: ({ app }) => (selectSelectedContract(app) ? 'waiting for trades…' : 'no contract selected'),
  stale: true,
  bounded: true,
});
