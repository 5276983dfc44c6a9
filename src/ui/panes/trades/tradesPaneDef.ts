import type { PaneDef } from '../paneDef.js';
import { TradesPane } from './TradesPane.js';
import { TRADES_SPEC } from './tradesPaneSpec.js';

export const TRADES_PANE: PaneDef<'trades'> = { ...TRADES_SPEC, component: TradesPane };
