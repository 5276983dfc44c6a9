import { memo, useMemo } from 'react';
import { Box } from 'ink';
import { useAppState, useViewState } from '../../context/AppContext.js';
import { Chart } from '../../components/Chart.js';
import type { ChartMark } from '../../components/chartLines.js';
import { Panel, panelInner } from '../../components/Panel.js';
import type { Candle } from '../../../protocol/wire/index.js';
import { toRaw } from '../../../format/index.js';
import type { PaneProps } from '../paneProps.js';
import { SegmentLine } from '../SegmentLine.js';
import { usePaneStale } from '../usePaneStale.js';
import { barsOf, chartHeader } from './chartHeader.js';
import { selectSelectedContract } from '../../../state/selectors.js';
import { selectChartMarks, type ChartMarkPx } from '../../../state/chartMarks.js';

const EMPTY: readonly Candle[] = [];
const NO_MARKS: readonly ChartMarkPx[] = [];

export const ChartPane = memo(function ChartPane({ width, height, focused, tabs }: PaneProps) {
  const contract = useAppState(selectSelectedContract);
  const interval = useViewState((s) => s.chartInterval);
  const candles = useAppState((s) => (contract ? (s.market.candles[`${contract.contractId}:${interval}`] ?? EMPTY) : EMPTY));
  const markPxs = useAppState(contract ? selectChartMarks(contract.contractId) : () => NO_MARKS);
  const staleMs = usePaneStale('chart');
  const priceScale = contract?.priceScale ?? 0;
  const qtyScale = contract?.qtyScale ?? 0;
  const marks = useMemo(() => {
    const out: ChartMark[] = [];
    for (const m of markPxs) {
      const px = toRaw(m.px, priceScale);
      if (px !== undefined && px > 0n) out.push({ kind: m.kind, px });
    }
    return out;
  }, [markPxs, priceScale]);
  const inner = panelInner(width, height);
  const bars = barsOf(candles, priceScale, qtyScale);
  const header = chartHeader(candles, interval, priceScale, qtyScale, inner.width);
  const chartHeight = Math.max(0, inner.height - 1);
  const waiting = contract ? `waiting for ${interval} candles of ${contract.name}…` : 'no contract selected';
  return (
    <Panel tabs={tabs} title={contract ? `Chart ${contract.name}` : 'Chart'} width={width} height={height} focused={focused} staleMs={staleMs}>
      {inner.height > 0 && <SegmentLine segments={header} />}
      {chartHeight > 0 && inner.width > 0 && (
        <Box height={chartHeight} flexShrink={0}>
          <Chart bars={bars} scale={priceScale} qtyScale={qtyScale} tick={contract?.tickSize} marks={marks} width={inner.width} height={chartHeight} emptyText={waiting} />
        </Box>
      )}
    </Panel>
  );
});
