import { formatPrice } from '../../../format/index.js';
import { axisPrices, priceAxis } from '../../../format/priceAxis.js';
import { divRound } from '../../../protocol/decimal.js';
import { ceilDiv, floorDiv } from '../../../protocol/risk/marginMath.js';
import type { Segment } from '../../components/Tone.js';
import { formatCountdown } from '../../format/time.js';
import { fit, textWidth } from '../../format/width.js';
import type { ThemeToken } from '../../theme/tokens.js';
import type { ContractConfig, L2Book } from '../../../protocol/wire/index.js';
import { buildLadder, type BookLadder } from '../book/bookLadder.js';
import { memoLast, memoPerItem } from '../memo.js';
import { clipSegments } from '../segments.js';
import type { HeatColumn, HeatTrade } from './bookHeat.js';

/**
 * The heatmap's lines, exactly `height` lines of exactly `width` columns: time runs left to
 * right (one column per bucket, the newest at the right edge), price top to bottom (rows
 * of one tick-aligned step, centred on the latest mid), each cell shaded by the resting
 * size at that price then. Shades are characters (' ░▒▓█', all in the Linux console's
 * set), so the picture reads in mono and 16 colours; colour only adds the side (the bid
 * and ask bar tokens). Trades are a '•' over the cell of their price and second, the
 * trader's own open orders a '◆' in the column after the newest. Then a price axis (a few
 * labels) and, room permitting, a time axis under the grid; the first row is a legend.
 */

export const SHADES = [' ', '░', '▒', '▓', '█'] as const;
export const TRADE_MARK = '•';
export const OWN_MARK = '◆';

export interface OwnOrderPx {
  px: bigint;
  side: 'bid' | 'ask';
}

export interface HeatRowsInput {
  columns: readonly HeatColumn[];
  bucketMs: number;
  /** Buckets drawn per column (1: a column a bucket). */
  perColumn?: number;
  width: number;
  height: number;
  /** The contract the columns are of (its scales, its tick); none: the empty text. */
  contract: ContractConfig | undefined;
  own: readonly OwnOrderPx[];
  /** Shown instead of the grid when there is no book yet. */
  emptyText: string;
}

export interface HeatLine {
  key: string;
  segments: Segment[];
}

/** A size's shade, 0 (none) to 4 (the largest on screen), by a ratio of bigints: the quarter of `max` it reaches. */
export function shadeOf(size: bigint, max: bigint): number {
  if (size <= 0n || max <= 0n) return 0;
  const q = divRound(size * 4n, max, 'up');
  return q > 4n ? 4 : Number(q);
}

/** Resting size per row of one book: a price rounds to the row at or beyond it on its side (bids down, asks up), as the book's grouping does. */
interface PlacedBook {
  bid: readonly bigint[];
  ask: readonly bigint[];
}

function place(book: BookLadder, grid: { top: bigint; step: bigint; rows: number }): PlacedBook {
  const bid = new Array<bigint>(grid.rows).fill(0n);
  const ask = new Array<bigint>(grid.rows).fill(0n);
  for (const l of book.bids) {
    const row = Number(ceilDiv(grid.top - l.px, grid.step));
    if (row >= 0 && row < grid.rows) bid[row]! += l.sz;
  }
  for (const l of book.asks) {
    const row = Number(floorDiv(grid.top - l.px, grid.step));
    if (row >= 0 && row < grid.rows) ask[row]! += l.sz;
  }
  return { bid, ask };
}

/** The nearest row to a price (a trade), or -1 off the grid. */
function nearestRow(px: bigint, top: bigint, step: bigint, rows: number): number {
  const row = Number(floorDiv(top - px + step / 2n, step));
  return row >= 0 && row < rows ? row : -1;
}

/** One book placed per grid: a carried book (a still second) is placed once, not once per column. */
const placedOf = memoPerItem((book: BookLadder, grid: { top: bigint; step: bigint; rows: number }) => place(book, grid));
/** The same grid object for the same rows (bigints compare by value), so the placements above are kept between frames. */
/** A store book in raw units, once per snapshot (a book carried through still seconds is parsed once). */
const ladderOf = memoPerItem((book: L2Book, contract: ContractConfig) => buildLadder(book, contract, 1));
const gridOf = memoLast((top: bigint, step: bigint, rows: number) => ({ top, step, rows }));

/**
 * Columns of `n` buckets, on boundaries of the clock (not of the newest bucket), so a
 * column keeps its place as time moves and only the newest one grows: the last book of
 * each span, its trades together.
 */
export function groupColumns(columns: readonly HeatColumn[], n: number, bucketMs: number): readonly HeatColumn[] {
  if (n <= 1) return columns;
  const span = n * bucketMs;
  const out: HeatColumn[] = [];
  for (const c of columns) {
    const t = c.t - (c.t % span);
    const last = out.at(-1);
    if (last && last.t === t) out[out.length - 1] = { t, book: c.book, trades: c.trades.length ? [...last.trades, ...c.trades] : last.trades };
    else out.push({ t, book: c.book, trades: c.trades });
  }
  return out;
}

function midOf(book: BookLadder): bigint | undefined {
  const { bestBid, bestAsk } = book;
  if (bestBid !== undefined && bestAsk !== undefined) return divRound(bestBid + bestAsk, 2n, 'half-up');
  return bestBid ?? bestAsk;
}

const LEGEND = `${SHADES.slice(1).join('')} size  ${TRADE_MARK} trade  ${OWN_MARK} yours`;

/** The first row whatever the pane shows: what the shades and marks mean, and the price a row spans once there is a grid. */
function legendLine(width: number, step: string | undefined): HeatLine {
  const right = step === undefined ? '' : `row ${step}`;
  const fits = right !== '' && textWidth(LEGEND) + 2 + textWidth(right) <= width;
  const text = fits ? LEGEND + fit(right, width - textWidth(LEGEND), 'right') : fit(LEGEND, width);
  return { key: 'legend', segments: [{ text, token: 'muted' }] };
}

function messageLines(text: string, width: number, height: number): HeatLine[] {
  const rows = height - 1;
  const at = Math.floor((rows - 1) / 2);
  return [
    legendLine(width, undefined),
    ...Array.from({ length: rows }, (_, i) => ({
      key: `m${i}`,
      segments: [{ text: i === at ? fit(text, width, 'center') : ' '.repeat(width), token: 'muted' as const }],
    })),
  ];
}

/** Adjacent cells of one token as one segment. */
function pushCell(segments: Segment[], text: string, token: ThemeToken | undefined): void {
  const last = segments.at(-1);
  if (last && last.token === token) last.text += text;
  else segments.push(token ? { text, token } : { text });
}

/** "2m00s" for a span of time, as the countdowns write it. */
export function spanText(ms: number): string {
  return formatCountdown(ms, 0);
}

export function heatRows(input: HeatRowsInput): HeatLine[] {
  const { width, height, contract } = input;
  if (width <= 0 || height <= 0) return [];
  if (!contract) return messageLines(input.emptyText, width, height);
  const { priceScale } = contract;
  const ladder = (book: L2Book | undefined) => (book ? ladderOf(book, contract) : undefined);
  const columns = groupColumns(input.columns, Math.max(1, Math.trunc(input.perColumn ?? 1)), input.bucketMs);
  let latest: BookLadder | undefined;
  for (let i = columns.length - 1; i >= 0 && !latest; i--) {
    const l = ladder(columns[i]!.book);
    if (l && (l.bids.length > 0 || l.asks.length > 0)) latest = l;
  }
  const mid = latest ? midOf(latest) : undefined;
  if (!latest || mid === undefined) return messageLines(input.emptyText, width, height);

  if (height === 1) return [legendLine(width, undefined)];
  const showAxis = height >= 5;
  const rows = height - 1 - (showAxis ? 1 : 0);
  // Centred on the mid, over four fifths of the way to the shallower side's deepest level:
  // the deepest levels fall off the edge rather than double the step for all the others.
  const below = latest.bids.length > 0 ? mid - latest.bids.at(-1)!.px : undefined;
  const above = latest.asks.length > 0 ? latest.asks.at(-1)!.px - mid : undefined;
  const depth = below === undefined ? (above ?? 0n) : above === undefined ? below : below < above ? below : above;
  const half = (depth * 4n) / 5n;
  const tick = BigInt(Math.max(1, Math.trunc(contract.tickSize)));
  const axis = priceAxis([mid - half, mid + half], tick, Math.max(1, rows - 1));
  const prices = axisPrices(axis).slice(0, rows);
  const grid = gridOf(axis.top, axis.step, rows);
  const midRow = nearestRow(mid, grid.top, grid.step, rows);

  // Labels every few rows, counted from the mid's, so the mid's row is one of them.
  const every = rows < 8 ? 2 : 4;
  const labelled = (i: number) => midRow >= 0 && (i - midRow) % every === 0;
  const labels = prices.map((p, i) => (labelled(i) ? formatPrice(p, { priceScale }) : ''));
  const labelWidth = Math.max(0, ...labels.map(textWidth));
  let gridWidth = width - 1 - 1 - labelWidth;
  const showLabels = gridWidth >= 8;
  if (!showLabels) gridWidth = width - 1;
  const ownColumn = gridWidth >= 1;
  if (!ownColumn) gridWidth = width;

  const shown = columns.slice(-gridWidth);
  const pad = gridWidth - shown.length;
  const placed = shown.map((c) => {
    const l = ladder(c.book);
    return l ? placedOf(l, grid) : undefined;
  });
  let max = 0n;
  for (const p of placed) {
    if (!p) continue;
    for (let r = 0; r < rows; r++) {
      if (p.bid[r]! > max) max = p.bid[r]!;
      if (p.ask[r]! > max) max = p.ask[r]!;
    }
  }
  // Trades by column and row.
  const marks = shown.map((c) => {
    const m = new Map<number, boolean>();
    for (const t of c.trades) {
      const r = nearestRow(t.px, grid.top, grid.step, rows);
      if (r >= 0) m.set(r, t.buy);
    }
    return m;
  });
  const own = new Set<number>();
  for (const o of input.own) {
    const r = Number(o.side === 'bid' ? ceilDiv(grid.top - o.px, grid.step) : floorDiv(grid.top - o.px, grid.step));
    if (r >= 0 && r < rows) own.add(r);
  }

  const out: HeatLine[] = [legendLine(width, formatPrice(grid.step, { priceScale }))];
  for (let r = 0; r < rows; r++) {
    const segments: Segment[] = [];
    if (pad > 0) segments.push({ text: ' '.repeat(pad) });
    for (let c = 0; c < shown.length; c++) {
      const trade = marks[c]!.get(r);
      if (trade !== undefined) {
        pushCell(segments, TRADE_MARK, trade ? 'up' : 'down');
        continue;
      }
      const p = placed[c];
      const bid = p?.bid[r] ?? 0n;
      const ask = p?.ask[r] ?? 0n;
      const isBid = bid >= ask;
      const shade = shadeOf(isBid ? bid : ask, max);
      pushCell(segments, SHADES[shade]!, shade === 0 ? undefined : isBid ? 'bidBar' : 'askBar');
    }
    if (ownColumn) pushCell(segments, own.has(r) ? OWN_MARK : ' ', own.has(r) ? 'accent' : undefined);
    if (showLabels) segments.push({ text: ` ${fit(labels[r]!, labelWidth, 'right')}`, token: r === midRow ? 'text' : 'muted' });
    out.push({ key: `r${r}`, segments: clipSegments(segments, width) });
  }
  if (showAxis) {
    const span = `−${spanText(gridWidth * Math.max(1, Math.trunc(input.perColumn ?? 1)) * input.bucketMs)}`;
    const axisWidth = ownColumn ? gridWidth + 1 : gridWidth;
    const text = textWidth(span) + 4 <= axisWidth ? span + fit('now', axisWidth - textWidth(span), 'right') : fit('now', axisWidth, 'right');
    out.push({ key: 'time', segments: clipSegments([{ text, token: 'muted' }], width) });
  }
  return out;
}
