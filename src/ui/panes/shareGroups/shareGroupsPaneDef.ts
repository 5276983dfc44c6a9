import type { PaneDef } from '../paneDef.js';
import { listPane } from '../ListPane.js';
import { SHARE_GROUPS_LIST } from './shareGroupsList.js';
import { SHARE_GROUPS_SPEC } from './shareGroupsPaneSpec.js';

export const SHARE_GROUPS_PANE: PaneDef<'shareGroups'> = { ...SHARE_GROUPS_SPEC, component: listPane(SHARE_GROUPS_LIST) };
