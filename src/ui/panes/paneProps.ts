import type { PaneId } from '../context/paneIds.js';
import type { TabItem } from '../components/Tabs.js';

/** What the app shell gives every pane: its outer size (borders included) and focus. */
export interface PaneProps {
  width: number;
  height: number;
  focused: boolean;
  /** Set when several panes share the area: the panel shows this tab strip as its title. */
  tabs?: { items: readonly TabItem[]; active: string } | undefined;
}

/** Panes this registry provides; header and status bar belong to the app shell. */
export type ContentPaneId = Exclude<PaneId, 'header' | 'status'>;
