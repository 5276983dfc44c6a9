import { axisPrices, formatCompact, formatPrice, priceAxis, type PriceAxis } from '../../format/index.js';
import type { ChartMarkKind } from '../../state/chartMarks.js';
import { fit, textWidth } from '../format/width.js';
import type { ThemeToken } from '../theme/tokens.js';
import type { Segment } from './Tone.js';

/** One bar in raw units: prices at the price scale, volume at the size scale. */
export interface ChartBar {
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  v: bigint;
}

/** A price drawn as a horizontal line across the plot and labelled at the axis. */
export interface ChartMark {
  kind: ChartMarkKind;
  /** Raw price. */
  px: bigint;
}

interface MarkStyle {
  /** Axis label prefix. */
  tag: string;
  token: ThemeToken;
  /** The line's glyph: the kinds differ by glyph as well as colour, for the mono theme. */
  line: string;
  /** Lower wins a row both want. */
  rank: number;
}

export const MARK_STYLES: Readonly<Record<ChartMarkKind, MarkStyle>> = {
  entry: { tag: 'E', token: 'accent', line: '─', rank: 0 },
  liq: { tag: 'LQ', token: 'error', line: '═', rank: 1 },
  tp: { tag: 'TP', token: 'up', line: '┄', rank: 2 },
  sl: { tag: 'SL', token: 'down', line: '┄', rank: 3 },
  buy: { tag: 'B', token: 'bid', line: '╌', rank: 4 },
  sell: { tag: 'S', token: 'ask', line: '╌', rank: 4 },
};

/**
 * Candle glyphs. Up and down differ by glyph, not only by colour: a heavy body for a bar
 * that closed up, a hollow (double) body for one that closed down; a bar that closed where
 * it opened is a cross.
 */
export const CANDLE_GLYPHS = { up: '┃', down: '║', wick: '│', flat: '─', flatWick: '┼' } as const;

const VOLUME_GLYPHS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

export interface ChartOptions {
  /** The contract's price scale: axis labels read like every other price. */
  scale: number;
  /** The contract's size scale, for the volume label. */
  qtyScale?: number;
  /** The contract's tick in raw price units: every grid label is on it. */
  tick?: bigint | number;
  marks?: readonly ChartMark[];
  /** Shown on an empty chart. */
  emptyText?: string;
}

/** Rows of a chart, each exactly `width` columns of styled text. */
export type ChartRows = Segment[][];

function tickOf(tick: bigint | number | undefined): bigint {
  if (typeof tick === 'bigint') return tick > 0n ? tick : 1n;
  return typeof tick === 'number' && Number.isSafeInteger(tick) && tick > 0 ? BigInt(tick) : 1n;
}

/** Rows of the volume strip under the candles for a chart `height` rows tall. */
export function volumeRowsFor(height: number): number {
  return height >= 12 ? 2 : height >= 7 ? 1 : 0;
}

/** A row built cell by cell, merged into segments of one token. */
class RowBuilder {
  private readonly segments: Segment[] = [];

  add(text: string, token?: ThemeToken): void {
    if (text === '') return;
    const last = this.segments[this.segments.length - 1];
    if (last && last.token === token) last.text += text;
    else this.segments.push(token ? { text, token } : { text });
  }

  done(): Segment[] {
    return this.segments;
  }
}

interface Label {
  text: string;
  token: ThemeToken;
}

interface Layout {
  plotWidth: number;
  /** Columns after the plot: the axis glyph and the labels (0: no axis). */
  axisWidth: number;
  shown: readonly ChartBar[];
  axis: PriceAxis;
  /** Per row: a grid price, a mark, the volume scale, or nothing. */
  labels: (Label | undefined)[];
  /** The mark drawn as a line across each row that has one. */
  lines: Map<number, ChartMark>;
}

/** The row of a price: the nearest grid row, clamped; and whether the price lies past the grid. */
function rowOf(px: bigint, axis: PriceAxis, rows: number): { row: number; outside: -1 | 0 | 1 } {
  const offset = axis.top - px;
  // Nearest row, halves downward (toward the lower price).
  const row = offset < 0n ? -1 : Number((offset * 2n + axis.step) / (axis.step * 2n));
  if (row < 0) return { row: 0, outside: 1 };
  if (row >= rows) return { row: rows - 1, outside: -1 };
  return { row, outside: 0 };
}

function layOut(bars: readonly ChartBar[], width: number, priceRows: number, volumeRows: number, tick: bigint, opts: ChartOptions): Layout {
  const price = (raw: bigint) => formatPrice(raw, { priceScale: opts.scale });
  const marks = [...(opts.marks ?? [])].sort((a, b) => MARK_STYLES[a.kind].rank - MARK_STYLES[b.kind].rank);
  const build = (axisWidth: number): Layout => {
    const plotWidth = width - axisWidth;
    const shown = bars.slice(-plotWidth);
    const values: bigint[] = [];
    for (const b of shown) values.push(b.h, b.l);
    const axis = priceAxis(values, tick, priceRows - 1);
    const labels: (Label | undefined)[] = new Array<Label | undefined>(priceRows + volumeRows).fill(undefined);
    // Grid labels: every row, or every other row on a tall chart so that marks stand out.
    const every = priceRows > 10 ? 2 : 1;
    axisPrices(axis).forEach((raw, row) => {
      if (row % every === 0) labels[row] = { text: price(raw), token: 'muted' };
    });
    // Marks on the grid take their rows first (by rank), drawn as a line with their label. A
    // mark whose row another holds is labelled on the nearest free row (no line of its own);
    // a mark past the grid with an arrow at that edge, or the next free row inward, the
    // farthest price outermost. Only a chart with no free row left drops a label (the
    // orders and positions panes still list every one).
    const lines = new Map<number, ChartMark>();
    const label = (row: number, m: ChartMark, arrow: string) => {
      const style = MARK_STYLES[m.kind];
      labels[row] = { text: `${arrow}${style.tag} ${price(m.px)}`, token: style.token };
    };
    const outside: { m: ChartMark; side: 1 | -1 }[] = [];
    const crowded: { m: ChartMark; row: number }[] = [];
    for (const m of marks) {
      const at = rowOf(m.px, axis, priceRows);
      if (at.outside !== 0) outside.push({ m, side: at.outside });
      else if (!lines.has(at.row)) {
        lines.set(at.row, m);
        label(at.row, m, '');
      } else crowded.push({ m, row: at.row });
    }
    const taken = new Set(lines.keys());
    const take = (row: number) => {
      if (row < 0 || row >= priceRows || taken.has(row)) return false;
      taken.add(row);
      return true;
    };
    for (const { m, row } of crowded) {
      for (let d = 1; d < priceRows; d++) {
        const free = take(row - d) ? row - d : take(row + d) ? row + d : undefined;
        if (free === undefined) continue;
        label(free, m, '');
        break;
      }
    }
    // Farthest first, so it gets the outermost free row.
    outside.sort((a, b) => (a.side !== b.side ? a.side - b.side : a.m.px === b.m.px ? 0 : (a.m.px > b.m.px ? -1 : 1) * a.side));
    for (const { m, side } of outside) {
      for (let i = 0; i < priceRows; i++) {
        const row = side > 0 ? i : priceRows - 1 - i;
        if (!take(row)) continue;
        label(row, m, side > 0 ? '▲' : '▼');
        break;
      }
    }
    if (volumeRows > 0) {
      let top = 0n;
      for (const b of shown) if (b.v > top) top = b.v;
      labels[priceRows] = { text: `V ${formatCompact(top, opts.qtyScale ?? 0)}`, token: 'muted' };
    }
    return { plotWidth, axisWidth, shown, axis, labels, lines };
  };
  // The labels' width decides how many bars fit and the bars decide the labels: settle both
  // (fewer bars only narrow the range, so this rarely takes more than two passes).
  let layout = build(0);
  for (let pass = 0; pass < 4; pass++) {
    // The axis glyph, a space, the widest label; the plot takes the rest.
    const need = 2 + Math.max(0, ...layout.labels.map((l) => (l ? textWidth(l.text) : 0)));
    if (need <= layout.axisWidth) break;
    if (width - need < 1) return build(0);
    layout = build(need);
  }
  return layout;
}

/** A bar's rows on the grid: wick from hi to lo, body from top to bottom (row 0 is the top). */
interface BarRows {
  hi: number;
  lo: number;
  top: number;
  bottom: number;
  token: ThemeToken;
  body: string;
}

function barRows(bar: ChartBar, axis: PriceAxis, rows: number): BarRows {
  const up = bar.c > bar.o;
  const down = bar.c < bar.o;
  return {
    hi: rowOf(bar.h, axis, rows).row,
    lo: rowOf(bar.l, axis, rows).row,
    top: rowOf(up ? bar.c : bar.o, axis, rows).row,
    bottom: rowOf(up ? bar.o : bar.c, axis, rows).row,
    token: up ? 'up' : down ? 'down' : 'text',
    body: up ? CANDLE_GLYPHS.up : down ? CANDLE_GLYPHS.down : '',
  };
}

function barCell(b: BarRows, row: number): string | undefined {
  if (row < b.hi || row > b.lo) return undefined;
  if (row < b.top || row > b.bottom) return CANDLE_GLYPHS.wick;
  if (b.body) return b.body;
  return b.hi < row || b.lo > row ? CANDLE_GLYPHS.flatWick : CANDLE_GLYPHS.flat;
}

/** Eighths of the strip's height for each bar's volume: at least one for any traded bar. */
function volumeLevels(bars: readonly ChartBar[], levels: number): number[] {
  let top = 0n;
  for (const b of bars) if (b.v > top) top = b.v;
  return bars.map((b) => (top <= 0n || b.v <= 0n ? 0 : Math.max(1, Number((b.v * BigInt(levels) + top - 1n) / top))));
}

/**
 * A candle chart as exactly `height` rows of exactly `width` columns: candles (body and
 * wick; up, down and flat by glyph as well as colour), newest at the right against a price
 * axis whose grid labels are prices on the tick grid (priceAxis), never repeated; the
 * position's entry and liquidation, its TP/SL and the open orders as lines labelled at the
 * axis (a mark past the grid is labelled at the edge with an arrow); a volume strip at the
 * bottom when there is room. All arithmetic on prices is bigint; volume heights are the
 * only numbers, and they are display-only.
 */
export function chartLines(bars: readonly ChartBar[], width: number, height: number, opts: ChartOptions): ChartRows {
  if (height <= 0) return [];
  if (width <= 0) return Array.from({ length: height }, () => []);
  const volumeRows = volumeRowsFor(height);
  const priceRows = height - volumeRows;
  if (bars.length === 0 || priceRows < 2) {
    // Nothing to draw, or one row: a line of words instead (the last close, if any).
    const last = bars[bars.length - 1];
    const text = last ? `last ${formatPrice(last.c, { priceScale: opts.scale })}` : (opts.emptyText ?? 'no data');
    const rows: ChartRows = Array.from({ length: height }, () => [{ text: ' '.repeat(width) }]);
    rows[Math.floor((height - 1) / 2)] = [{ text: fit(text, width, 'center'), token: 'muted' }];
    return rows;
  }
  const layout = layOut(bars, width, priceRows, volumeRows, tickOf(opts.tick), opts);
  const { plotWidth, axisWidth, shown, axis, labels, lines } = layout;
  const pad = plotWidth - shown.length;
  const volume = volumeLevels(shown, volumeRows * VOLUME_GLYPHS.length);
  const cells = shown.map((bar) => barRows(bar, axis, priceRows));
  const out: ChartRows = [];
  for (let row = 0; row < height; row++) {
    const b = new RowBuilder();
    if (row < priceRows) {
      const mark = lines.get(row);
      const style = mark && MARK_STYLES[mark.kind];
      for (let col = 0; col < plotWidth; col++) {
        const bar = col >= pad ? cells[col - pad] : undefined;
        const glyph = bar && barCell(bar, row);
        if (glyph) b.add(glyph, bar.token);
        else if (style) b.add(style.line, style.token);
        else b.add(' ');
      }
    } else {
      // Volume: the strip's rows from the top, each showing the part of a bar that reaches it.
      const fromBottom = height - 1 - row;
      b.add(' '.repeat(pad));
      shown.forEach((bar, i) => {
        const left = volume[i]! - fromBottom * VOLUME_GLYPHS.length;
        const glyph = left <= 0 ? ' ' : VOLUME_GLYPHS[Math.min(VOLUME_GLYPHS.length, left) - 1]!;
        b.add(glyph, glyph === ' ' ? undefined : bar.c < bar.o ? 'askBar' : 'bidBar');
      });
    }
    if (axisWidth > 0) {
      const label = labels[row];
      b.add(label ? '┤' : '│', label?.token === 'muted' || !label ? 'border' : label.token);
      b.add(fit(label ? ` ${label.text}` : '', axisWidth - 1, 'left', ''), label?.token);
    }
    out.push(b.done());
  }
  return out;
}

/** A chart row as plain text (tests, snapshots). */
export function rowText(row: readonly Segment[]): string {
  return row.map((s) => s.text).join('');
}
