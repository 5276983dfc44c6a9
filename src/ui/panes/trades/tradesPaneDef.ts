import type { PaneDef } from '../paneDef.js';
import { listPane } from '../ListPane.js';
import { TRADES_LIST } from './tradesList.js';
import { TRADES_SPEC } from './tradesPaneSpec.js';

export const TRADES_PANE: PaneDef<'trades'> = { ...TRADES_SPEC, component: listPane(TRADES_LIST) };
