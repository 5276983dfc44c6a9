import { memo, useMemo } from 'react';
import { Box, Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';
import type { ThemeToken } from '../theme/tokens.js';
import { chartLines } from './chartLines.js';

export interface ChartProps {
  /** Raw fixed-point values (e.g. candle closes), oldest first. */
  values: readonly bigint[];
  scale: number;
  width: number;
  height: number;
  decimals?: number;
  token?: ThemeToken;
  emptyText?: string;
}

export const Chart = memo(function Chart({ values, scale, width, height, decimals, token = 'chart', emptyText }: ChartProps) {
  const style = useTheme().tokens[token];
  const lines = useMemo(
    () => chartLines(values, scale, width, height, { decimals, emptyText }),
    [values, scale, width, height, decimals, emptyText],
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
