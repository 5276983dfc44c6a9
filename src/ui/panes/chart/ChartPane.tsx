import { memo } from 'react';
import { Box } from 'ink';
import { useAppState, useViewState } from '../../context/AppContext.js';
import { Chart } from '../../components/Chart.js';
import { Panel, panelInner } from '../../components/Panel.js';
import type { Candle } from '../../../protocol/wire/index.js';
import type { PaneProps } from '../paneProps.js';
import { SegmentLine } from '../SegmentLine.js';
import { usePaneStale } from '../usePaneStale.js';
import { chartHeader, closesOf } from './chartHeader.js';
import { selectSelectedContract } from '../../../state/selectors.js';

const EMPTY: readonly Candle[] = [];

export const ChartPane = memo(function ChartPane({ width, height, focused, tabs }: PaneProps) {
  const contract = useAppState(selectSelectedContract);
  const interval = useViewState((s) => s.chartInterval);
  const candles = useAppState((s) => (contract ? (s.market.candles[`${contract.contractId}:${interval}`] ?? EMPTY) : EMPTY));
  const staleMs = usePaneStale('chart');
  const inner = panelInner(width, height);
  const closes = closesOf(candles, contract?.priceScale ?? 0);
  const header = chartHeader(candles, interval, contract?.priceScale ?? 0, contract?.qtyScale ?? 0, inner.width);
  const chartHeight = Math.max(0, inner.height - 1);
  const waiting = !contract
    ? 'no contract selected'
    : candles.length === 1
      ? `first ${interval} bar open, waiting for the next…`
      : `waiting for ${interval} candles of ${contract.name}…`;
  return (
    <Panel tabs={tabs} title={contract ? `Chart ${contract.name}` : 'Chart'} width={width} height={height} focused={focused} staleMs={staleMs}>
      {inner.height > 0 && <SegmentLine segments={header} />}
      {chartHeight > 0 && inner.width > 0 && (
        <Box height={chartHeight} flexShrink={0}>
          <Chart values={closes} scale={contract?.priceScale ?? 0} tick={contract?.tickSize} width={inner.width} height={chartHeight} emptyText={waiting} />
        </Box>
      )}
    </Panel>
  );
});
