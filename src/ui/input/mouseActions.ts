import { activeContexts, isPane, type CommandId, type Context, type PaneContext } from '../../keymap/index.js';
import { selectContractOrderCount, selectOpenOrderCount, selectPositions, selectSelectedContract } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import { panelInner, staleLabel, titleRoomFor } from '../components/Panel.js';
import { tabSegments } from '../components/Tabs.js';
import type { AppContextValue } from '../context/AppContext.js';
import type { Layout, PaneId, PaneRect } from '../app/layout.js';
import { shownPane } from '../app/shownPane.js';
import { tabItems } from '../app/tabItems.js';
import { textWidth } from '../format/width.js';
import { bookRows } from '../panes/book/bookRows.js';
import { bookLadder } from '../panes/selection.js';
import { parseRaw } from '../panes/book/bookLadder.js';
import { selectTopOverlay, view, type Overlay, type ViewState } from '../view/viewStore.js';
import type { MouseEvent } from './mouseInput.js';

/**
 * What a click or a wheel notch does, worked out from the layout the screen was drawn from
 * and the same row functions the panes draw with, never from the screen's text:
 * - a left click in a pane's area focuses the pane it shows; on a tab title in the area's
 *   top border it switches to that tab (not while the pane shown there has a filter); on a
 *   book level it also puts the price cursor there (on the spread line, back to the spread);
 * - the wheel over a list pane focuses it and moves its selection (the book: its cursor)
 *   WHEEL_ROWS rows a notch, through the same commands as j and k;
 * - while an overlay is open, clicks do nothing and the wheel moves the list of help, the
 *   palette or the contract picker (as j/k do there); the header and status rows, the
 *   chart's wheel, other buttons and releases do nothing.
 */

export const WHEEL_ROWS = 3;

export interface MouseContext {
  app: Pick<AppContextValue, 'store' | 'view'>;
  layout: Layout;
  /** Runs a command as a key would (runCommand with the screen's context). */
  run(id: CommandId): void;
}

/** What a mouse event did, for tests and for nothing else. */
export type MouseOutcome =
  | { kind: 'none' }
  | { kind: 'focus'; pane: PaneId }
  | { kind: 'tab'; pane: PaneId }
  | { kind: 'bookLevel'; px: bigint | null }
  | { kind: 'scroll'; pane: PaneId | 'overlay'; rows: number };

const NONE: MouseOutcome = { kind: 'none' };

/** Overlays whose list the wheel moves; every other overlay ignores the mouse. */
const WHEEL_OVERLAYS: ReadonlySet<Overlay['kind']> = new Set(['help', 'palette', 'picker', 'rowMenu']);

export function handleMouse(e: MouseEvent, ctx: MouseContext): MouseOutcome {
  const { layout } = ctx;
  if (layout.template === 'tooSmall') return NONE;
  const wheel = e.kind === 'wheel' && (e.button === 'wheelUp' || e.button === 'wheelDown') ? (e.button === 'wheelUp' ? -1 : 1) : 0;
  const click = e.kind === 'press' && e.button === 'left';
  if (!wheel && !click) return NONE;
  const v = ctx.app.view.getState();
  const top = selectTopOverlay(v);
  if (top) {
    if (!wheel || !WHEEL_OVERLAYS.has(top.kind)) return NONE;
    return scroll(ctx, 'overlay', wheel);
  }
  const area = areaAt(layout, e.x, e.y);
  if (!area || area.id === 'header' || area.id === 'status') return NONE;
  const shown = shownPane(area, v.focus, v.activeTab);
  if (wheel) {
    if (!isListPane(shown)) return NONE;
    view.focus(ctx.app.view, shown);
    return scroll(ctx, shown, wheel);
  }
  // A filter after the tab strip takes its room as the user types: tab titles move then.
  if (e.y === area.y && area.tabs.length > 1 && v.filters[shown] === undefined) {
    const tab = tabAt(area, tabCounts(ctx.app.store.getState(), v), shown, e.x);
    if (tab) {
      view.setTab(ctx.app.view, area.id, tab);
      view.focus(ctx.app.view, tab);
      return { kind: 'tab', pane: tab };
    }
  }
  view.focus(ctx.app.view, shown);
  if (shown === 'book') {
    const line = bookLineAt(ctx.app.store.getState(), v, area, e.x, e.y);
    if (line?.kind === 'ask' || line?.kind === 'bid') {
      view.setBookCursor(ctx.app.view, line.px ?? null);
      return { kind: 'bookLevel', px: line.px ?? null };
    }
    if (line?.kind === 'spread') {
      view.setBookCursor(ctx.app.view, null);
      return { kind: 'bookLevel', px: null };
    }
  }
  return { kind: 'focus', pane: shown };
}

/** The area under a cell, if any (areas tile the body; the last terminal row is outside). */
export function areaAt(layout: Layout, x: number, y: number): PaneRect | undefined {
  return layout.panes.find((p) => x >= p.x && x < p.x + p.width && y >= p.y && y < p.y + p.height);
}

/** Panes with list navigation in the keymap (a selection or the book's cursor), where j/k act. */
function isListPane(pane: PaneId): boolean {
  return isPane(pane as Context) && activeContexts({ focused: pane as PaneContext }).includes('list');
}

function scroll(ctx: MouseContext, pane: PaneId | 'overlay', dir: -1 | 1): MouseOutcome {
  for (let i = 0; i < WHEEL_ROWS; i++) ctx.run(dir < 0 ? 'list.up' : 'list.down');
  return { kind: 'scroll', pane, rows: dir * WHEEL_ROWS };
}

function tabCounts(app: AppState, v: ViewState) {
  const orders = v.ordersScope === 'all' ? selectOpenOrderCount(app) : selectContractOrderCount(app);
  return { orders, ordersScope: v.ordersScope, positions: selectPositions(app).length };
}

/** Columns before the title in a pane's top border: the corner and "─ " (Panel's titleLine). */
const TITLE_START = 3;
/** The widest stale marker a title can carry; it takes room from the tab strip. */
let widestStale: number | undefined;
/** Measured on first use, not at import: the first width of a non-ASCII text is the costly one. */
const WIDEST_STALE = (): number => (widestStale ??= Math.max(textWidth(staleLabel('waiting')), textWidth(staleLabel(999 * 86_400_000))));

/**
 * The tab whose title is at column `x` of an area's top border. The strip is laid out by
 * Tabs' own tabSegments; a stale marker after it can take room and hide tabs, so a tab
 * counts only where it sits at `x` at every room the marker can leave.
 */
function tabAt(area: PaneRect, counts: Parameters<typeof tabItems>[1], active: PaneId, x: number): PaneId | undefined {
  const items = tabItems(area.tabs, counts);
  const widest = titleRoomFor(area.width);
  const narrowest = Math.max(0, widest - WIDEST_STALE() - 1);
  let found: PaneId | undefined;
  for (let room = narrowest; room <= widest; room++) {
    const at = tabAtRoom(items, active, room, x - area.x - TITLE_START);
    if (at === undefined || (found !== undefined && at !== found)) return undefined;
    found = at;
  }
  return found;
}

function tabAtRoom(items: ReturnType<typeof tabItems>, active: PaneId, room: number, col: number): PaneId | undefined {
  if (room <= 0 || col < 0) return undefined;
  const segments = tabSegments(items, active, room);
  const lead = segments[0]?.text === '‹' ? 1 : 0;
  const activeSeg = segments.findIndex((s) => s.token === 'tabActive');
  const first = items.findIndex((t) => t.id === active) - (activeSeg - lead);
  let x = 0;
  for (let i = 0; i < segments.length; i++) {
    const w = textWidth(segments[i]!.text);
    if (col >= x && col < x + w) {
      const tab = i < lead || segments[i]!.token === 'muted' ? undefined : items[first + i - lead];
      return tab?.id as PaneId | undefined;
    }
    x += w;
  }
  return undefined;
}

/** The book pane's line at a cell, from the rows the pane draws (same ladder, size and cursor). */
function bookLineAt(app: AppState, v: ViewState, area: PaneRect, x: number, y: number) {
  const inner = panelInner(area.width, area.height);
  const row = y - area.y - 1;
  if (row < 0 || row >= inner.height || x <= area.x || x >= area.x + area.width - 1) return undefined;
  const contract = selectSelectedContract(app);
  const lines = bookRows({
    ladder: bookLadder(app, v),
    priceScale: contract?.priceScale ?? 0,
    qtyScale: contract?.qtyScale ?? 0,
    width: inner.width,
    height: inner.height,
    cursor: parseRaw(v.bookCursorRaw),
    own: NO_OWN,
    emptyText: '',
  });
  return lines[row];
}

const NO_OWN = { bids: new Set<bigint>(), asks: new Set<bigint>() };
