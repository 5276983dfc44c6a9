import { memo, useMemo } from 'react';
import { Region } from '../components/Region.js';
import { selectContractOrderCount, selectOpenOrderCount, selectPositions } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import type { TabItem } from '../components/Tabs.js';
import { PANES } from '../panes/paneDefs.js';
import { useAppState, useViewState } from '../context/AppContext.js';
import type { PaneId, PaneRect } from './layout.js';
import { shownPane } from './shownPane.js';
import { tabItems } from './tabItems.js';

const selectPositionCount = (s: AppState) => selectPositions(s).length;

function useTabItems(tabs: readonly PaneId[]): readonly TabItem[] {
  const ordersScope = useViewState((s) => s.ordersScope);
  const orders = useAppState(ordersScope === 'all' ? selectOpenOrderCount : selectContractOrderCount);
  const positions = useAppState(selectPositionCount);
  return useMemo(() => tabItems(tabs, { orders, ordersScope, positions }), [tabs, orders, positions, ordersScope]);
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
    <Region width={area.width} height={area.height} flexShrink={0}>
      <Pane width={area.width} height={area.height} focused={focus === shown} tabs={tabs} />
    </Region>
  );
});
