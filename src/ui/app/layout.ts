/**
 * Screen layout as a pure function of the terminal size. The frame is rows-1 tall (a frame
 * exactly `rows` tall makes ink clear the terminal on every update), every row is used,
 * and panes that do not fit side by side share an area as tabs instead of overflowing.
 */

import { PANE_CONTEXTS, type PaneContext } from '../../keymap/index.js';
import { PANE_SPECS } from '../panes/paneSpecs.js';
import { PANE_IDS, type PaneId } from '../context/paneIds.js';

export { PANE_IDS, type PaneId } from '../context/paneIds.js';

export const MIN_COLS = 80;
export const MIN_ROWS = 24;
/** The header area: the market line and the account strip under it. */
export const HEADER_ROWS = 2;
/** The bottom area: the status bar and, under it, the key hint line. */
export const STATUS_ROWS = 2;

/** Smallest useful size of each pane, borders included: the shell's bars and each pane's own. */
export const PANE_MIN: Readonly<Record<PaneId, { width: number; height: number }>> = {
  header: { width: 40, height: HEADER_ROWS },
  status: { width: 40, height: STATUS_ROWS },
  ...(Object.fromEntries(
    PANE_CONTEXTS.map((id) => [id, { width: PANE_SPECS[id].size.minWidth, height: PANE_SPECS[id].size.minHeight }]),
  ) as Record<PaneContext, { width: number; height: number }>),
};

/** Beyond this width more columns add nothing; undefined where a pane can use any width. */
function paneMaxWidth(id: PaneId): number | undefined {
  return id === 'header' || id === 'status' ? undefined : PANE_SPECS[id].size.maxWidth;
}

export interface PaneRect {
  /** The area's id: the first of its tabs. */
  id: PaneId;
  /** Panes shown in this area, one at a time when more than one. */
  tabs: readonly PaneId[];
  x: number;
  y: number;
  width: number;
  height: number;
}

export type TemplateName = 'compact' | 'narrowTall' | 'medium' | 'full' | 'zoom' | 'tooSmall';

export interface Layout {
  cols: number;
  rows: number;
  /** Rows used: always rows - 1 (or 0 when too small). */
  height: number;
  template: TemplateName;
  panes: PaneRect[];
  /** Panes with no area at this size (none in the shipped templates). */
  hidden: PaneId[];
  /** Focusable areas in reading order, for Tab / Shift-Tab. */
  focusOrder: PaneId[];
}

export interface LayoutOptions {
  /** Give the body to one pane (pane.zoom); header and status bar stay. */
  zoom?: PaneId;
}

interface Cell {
  tabs: readonly PaneId[];
  weight: number;
}
interface Row {
  fixed?: number;
  weight: number;
  cells: Cell[];
}
interface Template {
  name: TemplateName;
  minCols: number;
  minRows: number;
  rows: Row[];
}

const HEADER: Row = { fixed: HEADER_ROWS, weight: 0, cells: [{ tabs: ['header'], weight: 1 }] };
const STATUS: Row = { fixed: STATUS_ROWS, weight: 0, cells: [{ tabs: ['status'], weight: 1 }] };
const ACCOUNT_TABS: PaneId[] = ['orders', 'positions', 'algos', 'alerts', 'fills', 'history', 'funding', 'account', 'accounts', 'shareGroups', 'agents', 'journal'];

/** Richest first; the first whose minimums fit is used. */
const TEMPLATES: readonly Template[] = [
  {
    name: 'full',
    minCols: 120,
    minRows: 36,
    rows: [
      HEADER,
      { weight: 44, cells: [{ tabs: ['book'], weight: 25 }, { tabs: ['chart', 'pnl', 'heatmap'], weight: 50 }, { tabs: ['trades'], weight: 25 }] },
      { weight: 30, cells: [{ tabs: ['orders'], weight: 40 }, { tabs: ['positions'], weight: 40 }, { tabs: ['account', 'accounts'], weight: 20 }] },
      {
        weight: 26,
        cells: [
          { tabs: ['fills', 'algos', 'history'], weight: 30 },
          { tabs: ['journal', 'funding', 'alerts'], weight: 30 },
          { tabs: ['shareGroups'], weight: 20 },
          { tabs: ['agents'], weight: 20 },
        ],
      },
      STATUS,
    ],
  },
  {
    name: 'medium',
    minCols: 100,
    minRows: 24,
    rows: [
      HEADER,
      { weight: 58, cells: [{ tabs: ['book'], weight: 34 }, { tabs: ['chart', 'pnl', 'heatmap'], weight: 40 }, { tabs: ['trades'], weight: 30 }] },
      {
        weight: 42,
        cells: [
          { tabs: ['orders', 'positions', 'algos'], weight: 58 },
          { tabs: ['fills', 'history', 'funding', 'alerts', 'account', 'accounts', 'shareGroups', 'agents', 'journal'], weight: 42 },
        ],
      },
      STATUS,
    ],
  },
  {
    name: 'narrowTall',
    minCols: MIN_COLS,
    minRows: 40,
    rows: [
      HEADER,
      { weight: 45, cells: [{ tabs: ['book'], weight: 55 }, { tabs: ['trades'], weight: 45 }] },
      { weight: 25, cells: [{ tabs: ['chart', 'pnl', 'heatmap'], weight: 1 }] },
      { weight: 30, cells: [{ tabs: ACCOUNT_TABS, weight: 1 }] },
      STATUS,
    ],
  },
  {
    name: 'compact',
    minCols: MIN_COLS,
    minRows: MIN_ROWS,
    rows: [
      HEADER,
      { weight: 60, cells: [{ tabs: ['book'], weight: 55 }, { tabs: ['trades', 'chart', 'pnl', 'heatmap'], weight: 45 }] },
      { weight: 40, cells: [{ tabs: ACCOUNT_TABS, weight: 1 }] },
      STATUS,
    ],
  },
];

/** Minimum size of an area: what its largest tab needs. */
export function areaMin(tabs: readonly PaneId[]): { width: number; height: number } {
  let width = 0;
  let height = 0;
  for (const t of tabs) {
    width = Math.max(width, PANE_MIN[t].width);
    height = Math.max(height, PANE_MIN[t].height);
  }
  return { width, height };
}

function areaMax(tabs: readonly PaneId[]): number {
  let max = 0;
  for (const t of tabs) {
    const m = paneMaxWidth(t);
    if (m === undefined) return Infinity;
    max = Math.max(max, m);
  }
  return max;
}

interface Slot {
  min: number;
  max: number;
  weight: number;
}

/**
 * Splits `total` into integer sizes: every slot gets its minimum, the rest goes by weight
 * up to each slot's maximum (largest remainders first), and the sizes add up to `total`
 * exactly. If every slot is at its maximum, the last slot takes what is left.
 */
export function distribute(total: number, slots: readonly Slot[]): number[] {
  const sizes = slots.map((s) => s.min);
  let extra = total - sizes.reduce((a, b) => a + b, 0);
  for (let guard = 0; extra > 0 && guard < slots.length + 1; guard++) {
    const open = slots.map((s, i) => (sizes[i]! < s.max && s.weight > 0 ? i : -1)).filter((i) => i >= 0);
    if (open.length === 0) break;
    const wsum = open.reduce((a, i) => a + slots[i]!.weight, 0);
    const shares = open.map((i) => {
      const exact = (extra * slots[i]!.weight) / wsum;
      const room = slots[i]!.max - sizes[i]!;
      return { i, whole: Math.min(room, Math.floor(exact)), frac: exact - Math.floor(exact), room };
    });
    let given = 0;
    for (const s of shares) {
      sizes[s.i]! += s.whole;
      given += s.whole;
    }
    let left = extra - given;
    const byFrac = [...shares].sort((a, b) => b.frac - a.frac || a.i - b.i);
    for (const s of byFrac) {
      if (left === 0) break;
      if (sizes[s.i]! < slots[s.i]!.max) {
        sizes[s.i]! += 1;
        left -= 1;
      }
    }
    extra = left;
  }
  if (extra > 0 && sizes.length > 0) sizes[sizes.length - 1]! += extra;
  return sizes;
}

function fits(t: Template, cols: number, bodyRows: number): boolean {
  if (cols < t.minCols || bodyRows + 1 < t.minRows) return false;
  let height = 0;
  for (const row of t.rows) {
    height += row.fixed ?? Math.max(...row.cells.map((c) => areaMin(c.tabs).height));
    const width = row.cells.reduce((a, c) => a + areaMin(c.tabs).width, 0);
    if (width > cols) return false;
  }
  return height <= bodyRows;
}

function zoomTemplate(pane: PaneId): Template {
  return { name: 'zoom', minCols: MIN_COLS, minRows: MIN_ROWS, rows: [HEADER, { weight: 1, cells: [{ tabs: [pane], weight: 1 }] }, STATUS] };
}

function place(t: Template, cols: number, height: number): PaneRect[] {
  const heights = distribute(
    height,
    t.rows.map((r) => {
      const min = r.fixed ?? Math.max(...r.cells.map((c) => areaMin(c.tabs).height));
      return { min, max: r.fixed ?? Infinity, weight: r.fixed ? 0 : r.weight };
    }),
  );
  const panes: PaneRect[] = [];
  let y = 0;
  t.rows.forEach((row, ri) => {
    const h = heights[ri]!;
    const widths = distribute(
      cols,
      row.cells.map((c) => ({ min: areaMin(c.tabs).width, max: areaMax(c.tabs), weight: c.weight })),
    );
    let x = 0;
    row.cells.forEach((cell, ci) => {
      const w = widths[ci]!;
      panes.push({ id: cell.tabs[0]!, tabs: cell.tabs, x, y, width: w, height: h });
      x += w;
    });
    y += h;
  });
  return panes;
}

export function computeLayout(cols: number, rows: number, opts: LayoutOptions = {}): Layout {
  const c = Math.max(0, Math.floor(cols));
  const r = Math.max(0, Math.floor(rows));
  const height = r - 1;
  if (c < MIN_COLS || r < MIN_ROWS) {
    return { cols: c, rows: r, height: 0, template: 'tooSmall', panes: [], hidden: [...PANE_IDS], focusOrder: [] };
  }
  const zoom = opts.zoom && opts.zoom !== 'header' && opts.zoom !== 'status' ? zoomTemplate(opts.zoom) : undefined;
  const template = zoom ?? TEMPLATES.find((t) => fits(t, c, height)) ?? TEMPLATES[TEMPLATES.length - 1]!;
  const panes = place(template, c, height);
  const placed = new Set(panes.flatMap((p) => p.tabs));
  return {
    cols: c,
    rows: r,
    height,
    template: template.name,
    panes,
    hidden: PANE_IDS.filter((p) => !placed.has(p)),
    focusOrder: panes.filter((p) => p.id !== 'header' && p.id !== 'status').map((p) => p.id),
  };
}

/** The area showing `pane` (as its only pane or as one of its tabs). */
export function areaOf(layout: Layout, pane: PaneId): PaneRect | undefined {
  return layout.panes.find((p) => p.tabs.includes(pane));
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/** The focusable area next to `from` in a direction (h/l and arrows), if any. */
export function neighbour(layout: Layout, from: PaneId, dir: Direction): PaneId | undefined {
  const a = areaOf(layout, from);
  if (!a) return undefined;
  let best: { id: PaneId; gap: number; overlap: number } | undefined;
  for (const b of layout.panes) {
    if (b === a || !layout.focusOrder.includes(b.id)) continue;
    const horizontal = dir === 'left' || dir === 'right';
    const gap =
      dir === 'left' ? a.x - (b.x + b.width) : dir === 'right' ? b.x - (a.x + a.width) : dir === 'up' ? a.y - (b.y + b.height) : b.y - (a.y + a.height);
    if (gap < 0) continue;
    const overlap = horizontal
      ? Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
      : Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
    if (overlap <= 0) continue;
    if (!best || gap < best.gap || (gap === best.gap && overlap > best.overlap)) best = { id: b.id, gap, overlap };
  }
  return best?.id;
}

/** Tab / Shift-Tab through areas, wrapping around. */
export function cycleFocus(layout: Layout, from: PaneId | undefined, step: 1 | -1): PaneId | undefined {
  const order = layout.focusOrder;
  if (order.length === 0) return undefined;
  const current = from ? (areaOf(layout, from)?.id ?? from) : undefined;
  const i = current ? order.indexOf(current) : -1;
  if (i < 0) return step === 1 ? order[0] : order[order.length - 1];
  return order[(i + step + order.length) % order.length];
}
