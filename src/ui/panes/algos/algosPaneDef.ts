import type { PaneDef } from '../paneDef.js';
import { listPane } from '../ListPane.js';
import { ALGOS_LIST } from './algosList.js';
import { ALGOS_SPEC } from './algosPaneSpec.js';

export const ALGOS_PANE: PaneDef<'algos'> = { ...ALGOS_SPEC, component: listPane(ALGOS_LIST) };
