import type { PaneDef } from '../paneDef.js';
import { ShareGroupsPane } from './ShareGroupsPane.js';
import { SHARE_GROUPS_SPEC } from './shareGroupsPaneSpec.js';

export const SHARE_GROUPS_PANE: PaneDef<'shareGroups'> = { ...SHARE_GROUPS_SPEC, component: ShareGroupsPane };
