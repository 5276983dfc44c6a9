import { memo, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useApp, useAppState, useViewState } from '../../context/AppContext.js';
import { Panel, panelInner } from '../../components/Panel.js';
import { toRaw } from '../../../format/index.js';
import { selectOpenOrdersFor, selectSelectedContract } from '../../../state/selectors.js';
import type { PaneProps } from '../paneProps.js';
import { SegmentLine } from '../SegmentLine.js';
import { usePaneStale } from '../usePaneStale.js';
import { BookHeat, type HeatState } from './bookHeat.js';
import { heatRows, spanText, type OwnOrderPx } from './heatRows.js';

const NONE: HeatState = { contract: null, bucketMs: 1_000, columns: [] };
const noSubscribe = () => () => {};
const noState = () => NONE;

/**
 * The screen's book heat (mountDashboard makes one per screen, so the columns keep coming
 * while the pane is behind another tab); where the screen has none (a component test),
 * the pane's own, from the moment it shows.
 */
function useBookHeat(): HeatState {
  const ctx = useApp();
  const [own, setOwn] = useState<BookHeat | undefined>(undefined);
  useEffect(() => {
    if (ctx.bookHeat) return undefined;
    const heat = new BookHeat(ctx.store);
    setOwn(heat);
    return () => heat.close();
  }, [ctx.bookHeat, ctx.store]);
  const heat = ctx.bookHeat ?? own;
  return useSyncExternalStore(heat?.subscribe ?? noSubscribe, heat?.getState ?? noState);
}

/**
 * Liquidity over time: the screen's book, a column a second (or 5 or 15: v), each cell's shade the resting
 * size at that price then, trades over it and the trader's own orders at the right edge
 * (heatRows.ts). It renders when a column changes (a book, a trade, a new second) or its
 * orders do, never to sample.
 */
export const HeatmapPane = memo(function HeatmapPane({ width, height, focused, tabs }: PaneProps) {
  const contract = useAppState(selectSelectedContract);
  const orders = useAppState(selectOpenOrdersFor(contract?.contractId ?? -1));
  const heat = useBookHeat();
  const seconds = useViewState((s) => s.heatSecondsPerColumn);
  const perColumn = Math.max(1, Math.round((seconds * 1000) / heat.bucketMs));
  const staleMs = usePaneStale('heatmap');
  const inner = panelInner(width, height);
  const priceScale = contract?.priceScale ?? 0;
  const own = useMemo(() => {
    const out: OwnOrderPx[] = [];
    for (const o of orders) {
      const px = toRaw(o.limitPx, priceScale);
      if (px !== undefined) out.push({ px, side: o.isBuy ? 'bid' : 'ask' });
    }
    return out;
  }, [orders, priceScale]);
  // Columns of another contract (the ring starts over at the next sample) are not this one's.
  const columns = heat.contract === (contract?.name ?? null) ? heat.columns : NONE.columns;
  const lines = useMemo(
    () =>
      heatRows({ columns, bucketMs: heat.bucketMs, perColumn, width: inner.width, height: inner.height, contract, own, emptyText: contract ? 'waiting for book…' : 'no contract selected' }),
    [columns, heat.bucketMs, perColumn, inner.width, inner.height, contract, own],
  );
  return (
    <Panel tabs={tabs} title={contract ? `Heatmap ${contract.name}` : 'Heatmap'} width={width} height={height} focused={focused} staleMs={staleMs} info={`${spanText(heat.bucketMs * perColumn)}/col`}>
      {lines.map((l) => (
        <SegmentLine key={l.key} segments={l.segments} />
      ))}
    </Panel>
  );
});
