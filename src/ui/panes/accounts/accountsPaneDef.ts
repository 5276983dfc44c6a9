import type { PaneDef } from '../paneDef.js';
import { listPane } from '../ListPane.js';
import { ACCOUNTS_LIST } from './accountsList.js';
import { ACCOUNTS_SPEC } from './accountsPaneSpec.js';

export const ACCOUNTS_PANE: PaneDef<'accounts'> = { ...ACCOUNTS_SPEC, component: listPane(ACCOUNTS_LIST) };
