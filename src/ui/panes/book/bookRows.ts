import { divRound } from '../../../protocol/decimal.js';
import type { Segment } from '../../components/Tone.js';
import { depthBar } from '../../format/depthBar.js';
import { formatPrice, formatSize } from '../../../format/index.js';
import type { RawLevel } from '../../format/grouping.js';
import { fit, textWidth } from '../../format/width.js';
import { clipSegments } from '../segments.js';
import type { BookLadder } from './bookLadder.js';

/**
 * The order-book pane's lines, exactly `height` lines of exactly `width` columns:
 * a column header, then asks (deepest at the top, best just above the spread), the spread
 * line, then bids (best first). The spread sits in the middle unless the price cursor is
 * deeper than the window, which then scrolls just enough to keep the cursor in view.
 *
 * Depth bars are cumulative (running total from the best price outwards), scaled to the
 * largest total on screen on either side, so both sides share one scale and the bar shows
 * how much size stands between the touch and that price.
 */

export type BookLineKind = 'header' | 'ask' | 'bid' | 'spread' | 'blank' | 'message';

export interface BookLine {
  key: string;
  kind: BookLineKind;
  segments: Segment[];
  /** The row under the price cursor: drawn in the cursor style. */
  cursor: boolean;
  /** The level's price on 'ask' and 'bid' lines (a click there puts the cursor on it). */
  px?: bigint;
}

export interface BookRowsInput {
  ladder: BookLadder | undefined;
  priceScale: number;
  qtyScale: number;
  width: number;
  height: number;
  cursor: bigint | null;
  /** Bucket prices holding the user's own orders, per side. */
  own: { bids: ReadonlySet<bigint>; asks: ReadonlySet<bigint> };
  /** Shown instead of the ladder when there is none. */
  emptyText: string;
}

interface Entry {
  side: 'ask' | 'bid';
  level: RawLevel;
  total: bigint;
  virtual: boolean;
}

const SPREAD = Symbol('spread');
type Slot = Entry | typeof SPREAD;

const GAP = ' ';
const OWN = '◆';
const MIN_BAR = 3;

function withTotals(levels: readonly RawLevel[], side: 'ask' | 'bid'): Entry[] {
  let total = 0n;
  return levels.map((level) => ({ side, level, total: (total += level.sz), virtual: false }));
}

/** Adds an empty level at the cursor price when no level is there, so the cursor stays visible. */
function withCursor(asks: Entry[], bids: Entry[], cursor: bigint | null): void {
  if (cursor === null) return;
  if (asks.some((e) => e.level.px === cursor) || bids.some((e) => e.level.px === cursor)) return;
  const bestBid = bids[0]?.level.px;
  const onAskSide = bestBid === undefined ? true : cursor > bestBid;
  const list = onAskSide ? asks : bids;
  const i = list.findIndex((e) => (onAskSide ? e.level.px > cursor : e.level.px < cursor));
  const at = i < 0 ? list.length : i;
  const prevTotal = at > 0 ? list[at - 1]!.total : 0n;
  list.splice(at, 0, { side: onAskSide ? 'ask' : 'bid', level: { px: cursor, sz: 0n, n: 0 }, total: prevTotal, virtual: true });
}

/** Spread in hundredths of a basis point of the mid price: bigint all the way. */
export function spreadBps(bestBid: bigint, bestAsk: bigint): string {
  const mid2 = bestBid + bestAsk;
  if (mid2 <= 0n) return '—';
  const hundredths = divRound((bestAsk - bestBid) * 2n * 1_000_000n, mid2, 'half-up');
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')} bps`;
}

export function spreadText(ladder: BookLadder, priceScale: number, width: number): string {
  const { bestBid, bestAsk } = ladder;
  if (bestBid === undefined && bestAsk === undefined) return 'empty book';
  if (bestBid === undefined) return 'no bids';
  if (bestAsk === undefined) return 'no asks';
  if (bestAsk < bestBid) return 'crossed';
  const px = { priceScale };
  const abs = formatPrice(bestAsk - bestBid, px);
  const core = `spread ${abs} · ${spreadBps(bestBid, bestAsk)}`;
  // Twice the mid keeps the division exact until the last digit.
  const mid = formatPrice(divRound(bestBid + bestAsk, 2n, 'half-up'), px);
  const long = `mid ${mid} · ${core}`;
  return textWidth(long) + 4 <= width ? long : textWidth(core) + 2 <= width ? core : `${abs} · ${spreadBps(bestBid, bestAsk)}`;
}

function spreadLine(text: string, width: number): Segment[] {
  const label = ` ${text} `;
  if (textWidth(label) >= width) return [{ text: fit(text, width, 'center'), token: 'spread' }];
  const left = Math.floor((width - textWidth(label)) / 2);
  const right = width - textWidth(label) - left;
  return [
    { text: '─'.repeat(left), token: 'border' },
    { text: label, token: 'spread' },
    { text: '─'.repeat(right), token: 'border' },
  ];
}

/** Column titles over the ladder: the pane's first row whether or not there is a book yet. */
function headerLine(width: number, pw: number, sw: number, tw: number, showTotal: boolean, barWidth: number): BookLine {
  let text = `  ${fit('Price', pw, 'right')}  ${fit('Size', sw, 'right')}`;
  if (showTotal) text += GAP + fit('Total', tw, 'right');
  if (barWidth > 0) text += GAP + fit('Depth', barWidth, 'left');
  return { key: 'h', kind: 'header', segments: [{ text: fit(text, width), token: 'muted' }], cursor: false };
}

/** Column widths of the ladder's fixed part: side, price, own marker, size, then total and bar while they fit. */
function columns(width: number, pw: number, sw: number, tw: number): { showTotal: boolean; used: number; barWidth: number } {
  const base = 1 + 1 + pw + 1 + 1 + sw;
  const showTotal = base + 1 + tw <= width;
  const used = base + (showTotal ? 1 + tw : 0);
  return { showTotal, used, barWidth: width - used - 1 >= MIN_BAR ? width - used - 1 : 0 };
}

const MIN_PRICE_WIDTH = 5;
const MIN_SIZE_WIDTH = 4;
const MIN_TOTAL_WIDTH = 5;

function messageLines(text: string, width: number, height: number): BookLine[] {
  const showHeader = height >= 3;
  const rows = height - (showHeader ? 1 : 0);
  const out: BookLine[] = [];
  if (showHeader) {
    const c = columns(width, MIN_PRICE_WIDTH, MIN_SIZE_WIDTH, MIN_TOTAL_WIDTH);
    out.push(headerLine(width, MIN_PRICE_WIDTH, MIN_SIZE_WIDTH, MIN_TOTAL_WIDTH, c.showTotal, c.barWidth));
  }
  const at = Math.floor((rows - 1) / 2);
  for (let i = 0; i < rows; i++) {
    out.push({
      key: `m${i}`,
      kind: i === at ? 'message' : 'blank',
      segments: [{ text: i === at ? fit(text, width, 'center') : ' '.repeat(width), token: 'muted' }],
      cursor: false,
    });
  }
  return out;
}

export function bookRows(input: BookRowsInput): BookLine[] {
  const { ladder, width, height, priceScale, qtyScale } = input;
  if (width <= 0 || height <= 0) return [];
  if (!ladder) return messageLines(input.emptyText, width, height);

  const asks = withTotals(ladder.asks, 'ask');
  const bids = withTotals(ladder.bids, 'bid');
  withCursor(asks, bids, input.cursor);

  // Screen order: deepest ask first, the spread, then bids from the best down.
  const slots: Slot[] = [...[...asks].reverse(), SPREAD, ...bids];
  const spreadAt = asks.length;
  const showHeader = height >= 3;
  const rows = height - (showHeader ? 1 : 0);
  const asksShown = Math.ceil((rows - 1) / 2);
  let start = spreadAt - asksShown;
  if (input.cursor !== null) {
    const ci = slots.findIndex((s) => s !== SPREAD && s.level.px === input.cursor);
    if (ci >= 0 && ci < start) start = ci;
    else if (ci >= start + rows) start = ci - rows + 1;
  }
  const window: (Slot | undefined)[] = Array.from({ length: rows }, (_, i) => slots[start + i]);

  const fmtPx = (px: bigint) => formatPrice(px, { priceScale });
  const fmtSz = (sz: bigint) => formatSize(sz, { qtyScale });
  const visible = window.filter((s): s is Entry => s !== undefined && s !== SPREAD);
  const pw = Math.max(MIN_PRICE_WIDTH, ...visible.map((e) => textWidth(fmtPx(e.level.px))));
  const sw = Math.max(MIN_SIZE_WIDTH, ...visible.map((e) => (e.virtual ? 0 : textWidth(fmtSz(e.level.sz)))));
  const tw = Math.max(MIN_TOTAL_WIDTH, ...visible.map((e) => textWidth(fmtSz(e.total))));
  let maxTotal = 0n;
  for (const e of visible) if (e.total > maxTotal) maxTotal = e.total;

  const { showTotal, used, barWidth } = columns(width, pw, sw, tw);
  const pad = width - used - (barWidth > 0 ? 1 + barWidth : 0);

  const out: BookLine[] = [];
  if (showHeader) out.push(headerLine(width, pw, sw, tw, showTotal, barWidth));
  window.forEach((slot, i) => {
    if (slot === undefined) {
      out.push({ key: `b${i}`, kind: 'blank', segments: [{ text: ' '.repeat(width) }], cursor: false });
      return;
    }
    if (slot === SPREAD) {
      out.push({ key: 'spread', kind: 'spread', segments: spreadLine(spreadText(ladder, priceScale, width), width), cursor: false });
      return;
    }
    const { side, level, total, virtual } = slot;
    const own = (side === 'bid' ? input.own.bids : input.own.asks).has(level.px);
    const tone = side === 'bid' ? 'bid' : 'ask';
    const segments: Segment[] = [
      { text: side === 'bid' ? 'B' : 'S', token: tone },
      { text: GAP + fit(fmtPx(level.px), pw, 'right'), token: tone },
      { text: own ? OWN : ' ', token: 'accent' },
      { text: GAP + fit(virtual ? '' : fmtSz(level.sz), sw, 'right'), token: 'text' },
    ];
    if (showTotal) segments.push({ text: GAP + fit(virtual ? '' : fmtSz(total), tw, 'right'), token: 'muted' });
    if (barWidth > 0) segments.push({ text: GAP + depthBar(virtual ? 0n : total, maxTotal, barWidth), token: side === 'bid' ? 'bidBar' : 'askBar' });
    if (pad > 0) segments.push({ text: ' '.repeat(pad) });
    out.push({ key: `${side}${level.px}`, kind: side, segments, cursor: input.cursor === level.px, px: level.px });
  });
  // Only a pane narrower than price + size needs this; everywhere else lines are exact already.
  return out.map((l) => ({ ...l, segments: clipSegments(l.segments, width) }));
}
