import type { PaneDef } from '../paneDef.js';
import { PositionsPane } from './PositionsPane.js';
import { POSITIONS_SPEC } from './positionsPaneSpec.js';

export const POSITIONS_PANE: PaneDef<'positions'> = { ...POSITIONS_SPEC, component: PositionsPane };
