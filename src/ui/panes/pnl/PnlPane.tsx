import { memo, useMemo } from 'react';
import { Box, Text } from 'ink';
import type { Column } from '../../components/Table.js';
import type { Segment } from '../../components/Tone.js';
import { Panel, panelInner } from '../../components/Panel.js';
import { useAppState } from '../../context/AppContext.js';
import { fit, textWidth } from '../../format/width.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { formatMoney } from '../../../format/index.js';
import { dropOrder, widthFor } from '../columns.js';
import type { PaneProps } from '../paneProps.js';
import { RowTable } from '../RowTable.js';
import { SegmentLine } from '../SegmentLine.js';
import { clipSegments } from '../segments.js';
import { collateralCoin } from '../lookups.js';
import { PaneWords } from '../history/HistoryPane.js';
import { NOT_RECORDED } from '../history/historyListed.js';
import { useHistoryRead } from '../history/useHistoryRead.js';
import { curveBreaks, equityCurveLines, rangeOf } from './equityCurve.js';
import { equityText, pnlFigures, type PnlRow } from './pnlFigures.js';

const DROP_FIRST = ['unrealised', 'funding', 'fees', 'realised', 'net', 'contract'] as const;

export function pnlColumns(rows: readonly PnlRow[]): Column<PnlRow>[] {
  const w = (title: string, pick: (r: PnlRow) => string) => widthFor(title, rows.map(pick), 4, 18);
  return dropOrder([
    { key: 'contract', title: 'Contract', width: w('Contract', (r) => r.contract), short: { title: 'Ctr', width: widthFor('Ctr', rows.map((r) => r.contract)) }, cell: (r) => ({ text: r.contract, bold: r.key === 'total' }) },
    { key: 'realised', title: 'Realised', width: w('Realised', (r) => r.realised), align: 'right', cell: (r) => ({ text: r.realised, token: r.tones.realised }) },
    { key: 'unrealised', title: 'Unrealised', width: w('Unrealised', (r) => r.unrealised), align: 'right', cell: (r) => ({ text: r.unrealised, token: r.tones.unrealised }) },
    { key: 'fees', title: 'Fees', width: w('Fees', (r) => r.fees), align: 'right', cell: (r) => ({ text: r.fees, token: 'muted' }) },
    { key: 'funding', title: 'Funding', width: w('Funding', (r) => r.funding), align: 'right', cell: (r) => ({ text: r.funding, token: r.tones.funding }) },
    { key: 'net', title: 'Net', width: w('Net', (r) => r.net), align: 'right', grow: true, cell: (r) => ({ text: r.net, token: r.tones.net, bold: true }) },
  ], DROP_FIRST);
}

/** The total's figures as labelled groups: "Realised +1.20", "Unrealised −0.40", "Fees −0.05", "Funding +0.01", "Net +0.76". */
export function figureGroups(total: PnlRow): Segment[][] {
  const part = (label: string, text: string, token: Segment['token'], bold = false): Segment[] => [
    { text: `${label} `, token: 'muted' },
    { text, ...(token ? { token } : {}), ...(bold ? { bold } : {}) },
  ];
  return [
    part('Realised', total.realised, total.tones.realised),
    part('Unrealised', total.unrealised, total.tones.unrealised),
    part('Fees', total.fees, 'muted'),
    part('Funding', total.funding, total.tones.funding),
    part('Net', total.net, total.tones.net, true),
  ];
}

/** Groups packed into at most `lines` lines of `width`, two spaces between groups; what does not fit is cut at the last line's end. */
export function packGroups(groups: readonly Segment[][], width: number, lines: number): Segment[][] {
  const out: Segment[][] = [];
  let line: Segment[] = [];
  let used = 0;
  for (const g of groups) {
    const w = g.reduce((n, s) => n + textWidth(s.text), 0);
    const gap = used === 0 ? 0 : 2;
    if (used > 0 && used + gap + w > width && out.length < lines - 1) {
      out.push(line);
      line = [];
      used = 0;
    }
    if (used > 0) line.push({ text: '  ' });
    line.push(...g);
    used += (used > 0 ? 2 : 0) + w;
  }
  if (line.length) out.push(line);
  return out.map((l) => clipSegments(l, width));
}

/**
 * The equity curve of a period (day, week, month, all) from the store's samples, drawn in
 * braille, with realised PnL, unrealised PnL, fees and funding as separate figures, in total
 * (the line over the chart) and per contract (the table under it, room permitting).
 */
export const PnlPane = memo(function PnlPane({ width, height, focused, tabs }: PaneProps) {
  const theme = useTheme();
  const { period, read, recording } = useHistoryRead('pnl', 'pnl');
  const positions = useAppState((s) => s.account.positions);
  const configs = useAppState((s) => s.market.configs);
  const figures = pnlFigures(read, positions, configs);
  const inner = panelInner(width, height);
  const coin = collateralCoin(configs);
  const curve = read?.curve;
  const values = useMemo(() => (curve ?? []).map((p) => p.equity), [curve]);
  // The periods not recorded break the line: it does not join the samples across them.
  const gaps = read?.gaps;
  const breaks = useMemo(() => curveBreaks(curve ?? [], gaps ?? []), [curve, gaps]);
  const tableRows = figures.rows.length > 1 ? [...figures.rows, figures.total] : figures.rows.length === 1 ? figures.rows : [];
  const equityLine = read?.error ?? `${equityText(figures, configs)}${figures.underived ? ` · ${figures.underived} funding payments not derived` : ''}`;
  // The figures (on two lines at most when narrow), then the chart; the per-contract table under it when the pane has room.
  const figureLines = packGroups([...figureGroups(figures.total), [{ text: equityLine, token: read?.error ? 'error' : 'muted' }]], inner.width, inner.height >= 8 ? 3 : 2);
  const headHeight = Math.min(figureLines.length, inner.height);
  const tableHeight = inner.height >= 9 && tableRows.length ? Math.min(tableRows.length + 1, Math.floor((inner.height - headHeight) / 3)) : 0;
  const chartHeight = Math.max(0, inner.height - headHeight - tableHeight);
  const columns = useMemo(() => pnlColumns(tableRows), [figures]);
  const range = rangeOf(values);
  const hi = range ? formatMoney(range.max, coin) : '';
  const lo = range ? formatMoney(range.min, coin) : '';
  const labelWidth = Math.max(textWidth(hi), textWidth(lo)) + 1;
  const labelled = inner.width - labelWidth >= 12;
  const plotWidth = labelled ? inner.width - labelWidth : inner.width;
  const lines = useMemo(() => equityCurveLines(values, plotWidth, chartHeight, breaks), [values, plotWidth, chartHeight, breaks]);
  return (
    <Panel tabs={tabs} title={`PnL ${period}`} width={width} height={height} focused={focused} info={period}>
      {!recording ? (
        <PaneWords text={NOT_RECORDED} width={inner.width} height={inner.height} />
      ) : (
        <>
          {figureLines.slice(0, headHeight).map((line, i) => (
            <SegmentLine key={i} segments={line} />
          ))}
          {chartHeight > 0 && (
            <Box flexDirection="column" height={chartHeight} flexShrink={0}>
              {values.length === 0 ? (
                <PaneWords text={read ? `no equity sample this ${period} yet` : 'reading the history store…'} width={inner.width} height={chartHeight} />
              ) : (
                lines.map((line, i) => (
                  <Text key={i} wrap="truncate" {...theme.tokens.chart}>
                    {line}
                    {labelled && <Text {...theme.tokens.muted}>{fit(i === 0 ? ` ${hi}` : i === lines.length - 1 ? ` ${lo}` : '', labelWidth, 'right')}</Text>}
                  </Text>
                ))
              )}
            </Box>
          )}
          {tableHeight > 0 && <RowTable columns={columns} rows={tableRows} width={inner.width} height={tableHeight} empty="" />}
        </>
      )}
    </Panel>
  );
});
