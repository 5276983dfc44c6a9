import { CANDLE_INTERVALS } from '../../protocol/wire/index.js';
import { nextThemeName } from '../theme/loadTheme.js';
import { areaOf, cycleFocus, neighbour, type Direction, type PaneId } from '../app/layout.js';
import { shownPane, stepTab } from '../app/shownPane.js';
import { view } from '../view/viewStore.js';
import type { CommandContext, CommandTable } from './types.js';

/** Focus, tabs, zoom, theme, chart interval and book grouping: nothing here leaves the process. */

/** Book grouping choices in ticks: 1, 2, 5, 10, 20, 50 ... */
export const GROUPING_TICKS: readonly number[] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

function focusArea(ctx: CommandContext, areaId: PaneId | undefined): void {
  if (!areaId) return;
  const area = ctx.layout.panes.find((p) => p.id === areaId);
  if (!area) return;
  const s = ctx.app.view.getState();
  view.focus(ctx.app.view, shownPane(area, s.focus, s.activeTab));
}

function moveFocus(dir: Direction) {
  return (ctx: CommandContext) => focusArea(ctx, neighbour(ctx.layout, ctx.app.view.getState().focus, dir));
}

function switchTab(step: 1 | -1) {
  return (ctx: CommandContext) => {
    const s = ctx.app.view.getState();
    const area = areaOf(ctx.layout, s.focus);
    if (!area || area.tabs.length < 2) return;
    const next = stepTab(area, shownPane(area, s.focus, s.activeTab), step);
    view.setTab(ctx.app.view, area.id, next);
    view.focus(ctx.app.view, next);
  };
}

function regroup(step: 1 | -1) {
  return ({ app }: CommandContext) => {
    const current = app.view.getState().bookGroupTicks;
    const i = GROUPING_TICKS.findIndex((t) => t >= current);
    const from = i < 0 ? GROUPING_TICKS.length - 1 : i;
    const next = GROUPING_TICKS[Math.max(0, Math.min(GROUPING_TICKS.length - 1, from + step))]!;
    if (next !== current) view.setGrouping(app.view, next);
  };
}

export const VIEW_COMMANDS = {
  'focus.next': (ctx) => focusArea(ctx, cycleFocus(ctx.layout, ctx.app.view.getState().focus, 1)),
  'focus.prev': (ctx) => focusArea(ctx, cycleFocus(ctx.layout, ctx.app.view.getState().focus, -1)),
  'focus.left': moveFocus('left'),
  'focus.right': moveFocus('right'),
  'tab.next': switchTab(1),
  'tab.prev': switchTab(-1),
  'pane.zoom': ({ app }) => view.toggleZoom(app.view),
  'theme.cycle': ({ app, themeNames }) => {
    const next = nextThemeName(app.view.getState().themeName, themeNames);
    view.setTheme(app.view, next);
    view.notify(app.view, `theme: ${next}`, 'info');
  },
  'chart.interval': ({ app }) => {
    const current = app.view.getState().chartInterval;
    const next = CANDLE_INTERVALS[(CANDLE_INTERVALS.indexOf(current) + 1) % CANDLE_INTERVALS.length]!;
    view.setChartInterval(app.view, next);
  },
  'book.center': ({ app }) => view.setBookCursor(app.view, null),
  'book.groupingCoarser': regroup(1),
  'book.groupingFiner': regroup(-1),
} satisfies CommandTable;
