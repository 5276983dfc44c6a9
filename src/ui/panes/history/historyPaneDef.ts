import type { PaneDef } from '../paneDef.js';
import { HistoryPane } from './HistoryPane.js';
import { HISTORY_SPEC } from './historyPaneSpec.js';

export const HISTORY_PANE: PaneDef<'history'> = { ...HISTORY_SPEC, component: HistoryPane };
