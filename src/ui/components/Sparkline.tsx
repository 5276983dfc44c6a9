import { memo } from 'react';
import { Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';
import type { ThemeToken } from '../theme/tokens.js';

const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/**
 * The last `width` values as block glyphs, scaled between their own min and max with
 * bigint arithmetic (raw prices or sizes go in as they are). Flat data is a low line.
 */
export function sparkline(values: readonly bigint[], width: number): string {
  if (width <= 0 || values.length === 0) return '';
  const shown = values.slice(-width);
  let min = shown[0]!;
  let max = shown[0]!;
  for (const v of shown) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const range = max - min;
  return shown
    .map((v) => BARS[range === 0n ? 0 : Number(((v - min) * BigInt(BARS.length - 1) * 2n + range) / (2n * range))])
    .join('');
}

export const Sparkline = memo(function Sparkline({
  values,
  width,
  token = 'chart',
}: {
  values: readonly bigint[];
  width: number;
  token?: ThemeToken;
}) {
  const style = useTheme().tokens[token];
  return (
    <Text wrap="truncate" {...style}>
      {sparkline(values, width)}
    </Text>
  );
});
