import { memo, useMemo } from 'react';
import { useAppState, useViewState } from '../../context/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import { formatPrice, toRaw } from '../../../format/index.js';
import { selectOpenOrdersFor, selectSelectedContract } from '../../../state/selectors.js';
import type { OpenOrder } from '../../../protocol/wire/index.js';
import type { PaneProps } from '../paneProps.js';
import { SegmentLine } from '../SegmentLine.js';
import { usePaneStale } from '../usePaneStale.js';
import { bucketOf, ladderOf, parseRaw } from './bookLadder.js';
import { bookRows } from './bookRows.js';

/** Bucket prices of the user's own orders per side, at the book's grouping. */
export function ownLevels(orders: readonly OpenOrder[], priceScale: number, group: bigint): { bids: Set<bigint>; asks: Set<bigint> } {
  const bids = new Set<bigint>();
  const asks = new Set<bigint>();
  for (const o of orders) {
    const px = toRaw(o.limitPx, priceScale);
    if (px === undefined) continue;
    if (o.isBuy) bids.add(bucketOf(px, 'bid', group));
    else asks.add(bucketOf(px, 'ask', group));
  }
  return { bids, asks };
}

export const BookPane = memo(function BookPane({ width, height, focused, tabs }: PaneProps) {
  const contract = useAppState(selectSelectedContract);
  const book = useAppState((s) => (contract ? s.market.books[contract.contractId] : undefined));
  const orders = useAppState(selectOpenOrdersFor(contract?.contractId ?? -1));
  const groupTicks = useViewState((s) => s.bookGroupTicks);
  const cursorRaw = useViewState((s) => s.bookCursorRaw);
  const staleMs = usePaneStale('book');
  const ladder = ladderOf(book, contract, groupTicks);
  const group = ladder?.group ?? 1n;
  const own = useMemo(() => ownLevels(orders, contract?.priceScale ?? 0, group), [orders, contract, group]);
  const inner = panelInner(width, height);
  const lines = useMemo(
    () =>
      bookRows({
        ladder,
        priceScale: contract?.priceScale ?? 0,
        qtyScale: contract?.qtyScale ?? 0,
        width: inner.width,
        height: inner.height,
        cursor: parseRaw(cursorRaw),
        own,
        emptyText: contract ? 'waiting for book…' : 'no contract selected',
      }),
    [ladder, contract, inner.width, inner.height, cursorRaw, own],
  );
  const info = contract ? `${groupTicks > 1 ? 'grp' : 'tick'} ${formatPrice(group, contract)}` : undefined;
  return (
    <Panel tabs={tabs} title={contract ? `Book ${contract.name}` : 'Book'} width={width} height={height} focused={focused} staleMs={staleMs} info={info}>
      {lines.map((l) => (
        <SegmentLine key={l.key} segments={l.segments} highlight={l.cursor ? 'cursor' : undefined} />
      ))}
    </Panel>
  );
});
