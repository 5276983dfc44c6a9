import asciichart from 'asciichart';
import { axisPrices, formatPrice, priceAxis, type PriceAxis } from '../../format/index.js';
import { fit, textWidth } from '../format/width.js';

export interface ChartOptions {
  /** The contract's tick in raw price units: every axis label is on its grid. */
  tick?: bigint | number;
  emptyText?: string;
}

function tickOf(tick: bigint | number | undefined): bigint {
  if (typeof tick === 'bigint') return tick > 0n ? tick : 1n;
  return typeof tick === 'number' && Number.isSafeInteger(tick) && tick > 0 ? BigInt(tick) : 1n;
}

/**
 * A line chart of raw prices as exactly `height` lines of exactly `width` columns. The
 * axis has one label per line, each a price on the tick grid formatted like every other
 * price on screen, none repeated (see priceAxis). asciichart plots JS numbers, so values
 * are shifted to the axis bottom (bigint) and only the small offsets become numbers:
 * display-only, never used for money. The newest values are kept when there are more than
 * columns.
 */
export function chartLines(values: readonly bigint[], scale: number, width: number, height: number, opts: ChartOptions = {}): string[] {
  if (width <= 0 || height <= 0) return [];
  const blank = () => Array.from({ length: height }, () => ' '.repeat(width));
  if (values.length < 2 || height < 2) {
    const lines = blank();
    lines[Math.floor((height - 1) / 2)] = fit(opts.emptyText ?? 'no data', width, 'center');
    return lines;
  }
  const tick = tickOf(opts.tick);
  const intervals = height - 1;
  // The label column's width decides how many points fit, and the points decide the axis:
  // settle both (the shown values only shrink, so labels rarely widen after the first pass).
  let labelWidth = 0;
  let shown = values;
  let axis: PriceAxis | undefined;
  let labels: string[] = [];
  for (let pass = 0; ; pass++) {
    // line = label + axis glyph + points (asciichart with offset 2 and fixed-width labels)
    const points = width - labelWidth - 1;
    if (points < 2) return blank();
    shown = shown.slice(-points);
    if (!axis || pass < 4) {
      axis = priceAxis(shown, tick, intervals);
      labels = axisPrices(axis).map((raw) => formatPrice(raw, { priceScale: scale }));
    }
    const widest = Math.max(...labels.map(textWidth));
    if (widest <= labelWidth) break;
    labelWidth = widest;
  }
  const bottom = axis.top - BigInt(intervals) * axis.step;
  const plotted = asciichart.plot(
    shown.map((v) => Number(v - bottom)),
    {
      height: intervals,
      offset: 2,
      min: 0,
      max: Number(axis.top - bottom),
      format: (_value: number, row: number) => fit(labels[row] ?? '', labelWidth, 'right'),
    },
  );
  const lines = plotted.split('\n').map((l) => fit(l, width, 'left', ''));
  // asciichart can be a line off after float rounding; the pane height is fixed.
  while (lines.length < height) lines.push(' '.repeat(width));
  return lines.slice(0, height);
}
