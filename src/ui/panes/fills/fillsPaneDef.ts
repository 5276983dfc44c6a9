import type { PaneDef } from '../paneDef.js';
import { FillsPane } from './FillsPane.js';
import { FILLS_SPEC } from './fillsPaneSpec.js';

export const FILLS_PANE: PaneDef<'fills'> = { ...FILLS_SPEC, component: FillsPane };
