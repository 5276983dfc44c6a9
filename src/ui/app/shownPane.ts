import type { PaneId, PaneRect } from './layout.js';

/**
 * The pane an area shows: the focused pane when it lives in the area (focus is always
 * visible), else the area's chosen tab when the area still has it after a resize, else its
 * first tab.
 */
export function shownPane(area: Pick<PaneRect, 'id' | 'tabs'>, focus: PaneId, activeTab: Readonly<Record<string, PaneId>>): PaneId {
  if (area.tabs.includes(focus)) return focus;
  const chosen = activeTab[area.id];
  return chosen !== undefined && area.tabs.includes(chosen) ? chosen : area.tabs[0]!;
}

/** The tab `step` away from the shown one, wrapping; the same pane for a single-tab area. */
export function stepTab(area: Pick<PaneRect, 'id' | 'tabs'>, current: PaneId, step: 1 | -1): PaneId {
  const i = area.tabs.indexOf(current);
  const n = area.tabs.length;
  return area.tabs[((i < 0 ? 0 : i) + step + n) % n]!;
}
