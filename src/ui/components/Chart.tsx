import { memo, useMemo } from 'react';
import { Box, Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';
import { chartLines, type ChartBar, type ChartMark } from './chartLines.js';
import { Region } from './Region.js';
import { SegmentText, sameSegments, type Segment } from './Tone.js';

export interface ChartProps {
  /** Bars in raw units, oldest first. */
  bars: readonly ChartBar[];
  /** The contract's price scale. */
  scale: number;
  /** The contract's size scale (the volume label). */
  qtyScale?: number;
  /** The contract's tick in raw price units: the axis labels sit on its grid. */
  tick?: bigint | number;
  /** Entry, liquidation, TP/SL and open orders, drawn as labelled lines. */
  marks?: readonly ChartMark[];
  width: number;
  height: number;
  emptyText?: string;
}

/** A candle chart of exactly width x height cells (see chartLines). */
export const Chart = memo(function Chart({ bars, scale, qtyScale, tick, marks, width, height, emptyText }: ChartProps) {
  const theme = useTheme();
  const rows = useMemo(
    () => chartLines(bars, width, height, { scale, qtyScale, tick, marks, emptyText }),
    [bars, scale, qtyScale, tick, marks, width, height, emptyText],
  );
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {rows.map((row, i) => (
        <ChartRow key={i} row={row} />
      ))}
    </Box>
  );
});

/** One row of the chart, rendered again only when it reads differently (a new trade moves the last bar's rows); a region, drawn from its cells while it reads the same. */
const ChartRow = memo(
  function ChartRow({ row }: { row: readonly Segment[] }) {
    const theme = useTheme();
    return (
      <Region height={1} flexShrink={0}>
        <Text wrap="truncate" {...theme.tokens.text}>
          {row.map((s, j) => (
            <SegmentText key={j} {...(s.token ? theme.tokens[s.token] : undefined)}>
              {s.text}
            </SegmentText>
          ))}
        </Text>
      </Region>
    );
  },
  (a, b) => sameSegments(a.row, b.row),
);
