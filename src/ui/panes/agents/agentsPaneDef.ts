import type { PaneDef } from '../paneDef.js';
import { AgentsPane } from './AgentsPane.js';
import { AGENTS_SPEC } from './agentsPaneSpec.js';

export const AGENTS_PANE: PaneDef<'agents'> = { ...AGENTS_SPEC, component: AgentsPane };
