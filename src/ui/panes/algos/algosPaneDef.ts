import type { PaneDef } from '../paneDef.js';
import { AlgosPane } from './AlgosPane.js';
import { ALGOS_SPEC } from './algosPaneSpec.js';

export const ALGOS_PANE: PaneDef<'algos'> = { ...ALGOS_SPEC, component: AlgosPane };
