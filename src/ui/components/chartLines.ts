import asciichart from 'asciichart';
import { formatFixed } from '../../protocol/decimal.js';
import { fit, textWidth } from '../format/width.js';

export interface ChartOptions {
  /** Decimals on the axis labels (defaults to the scale). */
  decimals?: number;
  emptyText?: string;
}

/**
 * A line chart of raw fixed-point values as exactly `height` lines of exactly `width`
 * columns. asciichart plots JS numbers, so values are shifted to start at their minimum
 * (bigint) and only the small offsets become numbers: display-only, never used for money.
 * Axis labels are formatted back from bigint. The newest values are kept when there are
 * more than columns.
 */
export function chartLines(values: readonly bigint[], scale: number, width: number, height: number, opts: ChartOptions = {}): string[] {
  if (width <= 0 || height <= 0) return [];
  const blank = () => Array.from({ length: height }, () => ' '.repeat(width));
  const decimals = opts.decimals ?? scale;
  if (values.length < 2 || height < 2) {
    const lines = blank();
    lines[Math.floor((height - 1) / 2)] = fit(opts.emptyText ?? 'no data', width, 'center');
    return lines;
  }
  let min = values[0]!;
  let max = values[0]!;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const label = (raw: bigint) => formatFixed(raw, scale, decimals);
  const labelWidth = Math.max(textWidth(label(min)), textWidth(label(max)));
  // line = label + axis + points  (asciichart with offset 2 and fixed-width labels)
  const points = width - labelWidth - 1;
  if (points < 2) return blank();
  const shown = values.slice(-points);
  let lo = shown[0]!;
  for (const v of shown) if (v < lo) lo = v;
  const series = shown.map((v) => Number(v - lo));
  const plotted = asciichart.plot(series, {
    height: height - 1,
    offset: 2,
    format: (x: number) => fit(label(lo + BigInt(Math.round(x))), labelWidth, 'right'),
  });
  const lines = plotted.split('\n').map((l) => fit(l, width, 'left', ''));
  // asciichart can be a line off after float rounding; the pane height is fixed.
  while (lines.length < height) lines.push(' '.repeat(width));
  return lines.slice(0, height);
}
