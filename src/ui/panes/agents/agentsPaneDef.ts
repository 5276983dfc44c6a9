import type { PaneDef } from '../paneDef.js';
import { listPane } from '../ListPane.js';
import { AGENTS_LIST } from './agentsList.js';
import { AGENTS_SPEC } from './agentsPaneSpec.js';

export const AGENTS_PANE: PaneDef<'agents'> = { ...AGENTS_SPEC, component: listPane(AGENTS_LIST) };
