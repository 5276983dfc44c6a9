import type { ComponentType } from 'react';
import type { PaneContext } from '../../keymap/index.js';
import type { PaneProps } from './paneProps.js';
import type { PaneSpec } from './paneSpec.js';

/** One pane: its data and the component that draws it. */
export interface PaneDef<Id extends PaneContext = PaneContext> extends PaneSpec<Id> {
  component: ComponentType<PaneProps>;
}
