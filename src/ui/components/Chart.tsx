import { memo, useMemo } from 'react';
import { Box, Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';
import type { ThemeToken } from '../theme/tokens.js';
import { chartLines } from './chartLines.js';

export interface ChartProps {
  /** Raw prices (e.g. candle closes), oldest first. */
  values: readonly bigint[];
  /** The contract's price scale. */
  scale: number;
  /** The contract's tick in raw price units: the axis labels sit on its grid. */
  tick?: bigint | number;
  width: number;
  height: number;
  token?: ThemeToken;
  emptyText?: string;
}

export const Chart = memo(function Chart({ values, scale, tick, width, height, token = 'chart', emptyText }: ChartProps) {
  const style = useTheme().tokens[token];
  const lines = useMemo(
    () => chartLines(values, scale, width, height, { tick, emptyText }),
    [values, scale, tick, width, height, emptyText],
  );
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate" {...style}>
          {line}
        </Text>
      ))}
    </Box>
  );
});
