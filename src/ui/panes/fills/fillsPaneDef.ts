import type { PaneDef } from '../paneDef.js';
import { listPane } from '../ListPane.js';
import { FILLS_LIST } from './fillsList.js';
import { FILLS_SPEC } from './fillsPaneSpec.js';

export const FILLS_PANE: PaneDef<'fills'> = { ...FILLS_SPEC, component: listPane(FILLS_LIST) };
