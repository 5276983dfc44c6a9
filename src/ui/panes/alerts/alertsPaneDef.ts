import { listPane } from '../ListPane.js';
import type { PaneDef } from '../paneDef.js';
import { ALERTS_LIST } from './alertsList.js';
import { ALERTS_SPEC } from './alertsPaneSpec.js';

export const ALERTS_PANE: PaneDef<'alerts'> = { ...ALERTS_SPEC, component: listPane(ALERTS_LIST) };
