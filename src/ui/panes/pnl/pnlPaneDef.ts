import type { PaneDef } from '../paneDef.js';
import { PnlPane } from './PnlPane.js';
import { PNL_SPEC } from './pnlPaneSpec.js';

export const PNL_PANE: PaneDef<'pnl'> = { ...PNL_SPEC, component: PnlPane };
