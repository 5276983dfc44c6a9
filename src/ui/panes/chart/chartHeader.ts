import type { Candle } from '../../../protocol/wire/index.js';
import type { ChartBar } from '../../components/chartLines.js';
import type { Segment } from '../../components/Tone.js';
import { formatCompact, formatPrice, toRaw } from '../../../format/index.js';
import { formatPercent } from '../../format/percent.js';
import { directionSymbol } from '../../format/side.js';
import { clipSegments } from '../segments.js';
import { textWidth } from '../../format/width.js';
import { memoLast } from '../memo.js';

/**
 * A candle's bar in raw units, kept by the candle: an update of the newest bar makes a new
 * candles array whose other candles are the same objects (applyBatch's mergeBars), so only
 * the new one is parsed again. Weakly keyed by the wire object, the same for every screen.
 */
const parsedBars = new WeakMap<Candle, { priceScale: number; qtyScale: number; bar: ChartBar | undefined }>();

function barOf(c: Candle, priceScale: number, qtyScale: number): ChartBar | undefined {
  const kept = parsedBars.get(c);
  if (kept && kept.priceScale === priceScale && kept.qtyScale === qtyScale) return kept.bar;
  const o = toRaw(c.o, priceScale);
  const h = toRaw(c.h, priceScale);
  const l = toRaw(c.l, priceScale);
  const cl = toRaw(c.c, priceScale);
  const v = toRaw(c.v, qtyScale);
  const bar = o === undefined || h === undefined || l === undefined || cl === undefined ? undefined : { o, h, l, c: cl, v: v ?? 0n };
  parsedBars.set(c, { priceScale, qtyScale, bar });
  return bar;
}

/** Bars in raw units for the chart, oldest first; a bar with an unparseable field is skipped. */
export const barsOf = memoLast((candles: readonly Candle[], priceScale: number, qtyScale: number): ChartBar[] => {
  const out: ChartBar[] = [];
  for (const c of candles) {
    const bar = barOf(c, priceScale, qtyScale);
    if (bar) out.push(bar);
  }
  return out;
});

/**
 * "1m  O 150  H 152  L 149  C 151  ▲ +0.66%  V 1.2k" for the newest bar. The change is the
 * bar's close against its open, with a glyph as well as a sign. When the line is too
 * narrow, whole fields drop (volume, then open/high/low) instead of being cut mid-number.
 */
export function chartHeader(candles: readonly Candle[], interval: string, priceScale: number, qtyScale: number, width: number): Segment[] {
  const last = candles[candles.length - 1];
  // [priority, segments]: higher survives longer; display order is the array order.
  const groups: [number, Segment[]][] = [[10, [{ text: interval, token: 'accent', bold: true }]]];
  if (last) {
    const px = (v: string) => formatPrice(v, { priceScale });
    const field = (label: string, value: string): Segment[] => [
      { text: `  ${label} `, token: 'muted' },
      { text: value, token: 'text' },
    ];
    groups.push([5, field('O', px(last.o))], [4, [...field('H', px(last.h)), ...field('L', px(last.l))]], [9, field('C', px(last.c))]);
    const o = toRaw(last.o, priceScale);
    const c = toRaw(last.c, priceScale);
    if (o !== undefined && c !== undefined && o > 0n) {
      const d = c - o;
      groups.push([8, [{ text: `  ${directionSymbol(d)} ${formatPercent(d, o, { signed: true })}`, token: d > 0n ? 'up' : d < 0n ? 'down' : 'muted' }]]);
    }
    const vol = toRaw(last.v, qtyScale);
    if (vol !== undefined) groups.push([3, field('V', formatCompact(vol, qtyScale))]);
  }
  const widthOf = (g: Segment[]) => g.reduce((a, s) => a + textWidth(s.text), 0);
  const kept = new Set(groups.map((_, i) => i));
  const total = () => [...kept].reduce((a, i) => a + widthOf(groups[i]![1]), 0);
  while (kept.size > 1 && total() > width) {
    let drop = -1;
    for (const i of kept) if (i > 0 && (drop < 0 || groups[i]![0] <= groups[drop]![0])) drop = i;
    if (drop < 0) break;
    kept.delete(drop);
  }
  return clipSegments(groups.filter((_, i) => kept.has(i)).flatMap(([, segs]) => segs), width);
}
