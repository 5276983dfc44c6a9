import { memo, useMemo } from 'react';
import { Box } from 'ink';
import { selectOpenOrderCount, selectPositions } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import type { TabItem } from '../components/Tabs.js';
import { PANES, PANE_TITLES } from '../panes/paneDefs.js';
import { useAppState, useViewState } from '../context/AppContext.js';
import type { PaneId, PaneRect } from './layout.js';
import { shownPane } from './shownPane.js';

const selectPositionCount = (s: AppState) => selectPositions(s).length;

/** Tab items with counts on orders and positions, so a new one shows without switching. */
function useTabItems(tabs: readonly PaneId[]): readonly TabItem[] {
  const orders = useAppState(selectOpenOrderCount);
  const positions = useAppState(selectPositionCount);
  return useMemo(
    () =>
      tabs.map((id) => {
        const badge = id === 'orders' && orders > 0 ? orders : id === 'positions' && positions > 0 ? positions : undefined;
        return badge === undefined ? { id, label: PANE_TITLES[id] } : { id, label: PANE_TITLES[id], badge };
      }),
    [tabs, orders, positions],
  );
}

/**
 * One area of the layout: its shown pane at the area's exact size. When several panes
 * share the area the pane's title becomes their tab strip ([ and ] switch).
 */
export const Area = memo(function Area({ area }: { area: PaneRect }) {
  const focus = useViewState((s) => s.focus);
  const chosen = useViewState((s) => s.activeTab[area.id]);
  const shown = shownPane(area, focus, chosen === undefined ? {} : { [area.id]: chosen });
  const Pane = PANES[shown];
  const items = useTabItems(area.tabs);
  const tabs = useMemo(() => (area.tabs.length > 1 ? { items, active: shown } : undefined), [area.tabs.length, items, shown]);
  return (
    <Box width={area.width} height={area.height} flexShrink={0} overflow="hidden">
      <Pane width={area.width} height={area.height} focused={focus === shown} tabs={tabs} />
    </Box>
  );
});
