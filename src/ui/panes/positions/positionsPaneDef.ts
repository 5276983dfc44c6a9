import type { PaneDef } from '../paneDef.js';
import { listPane } from '../ListPane.js';
import { POSITIONS_LIST } from './positionsList.js';
import { POSITIONS_SPEC } from './positionsPaneSpec.js';

export const POSITIONS_PANE: PaneDef<'positions'> = { ...POSITIONS_SPEC, component: listPane(POSITIONS_LIST) };
