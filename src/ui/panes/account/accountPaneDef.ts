import type { PaneDef } from '../paneDef.js';
import { AccountPane } from './AccountPane.js';
import { ACCOUNT_SPEC } from './accountPaneSpec.js';

export const ACCOUNT_PANE: PaneDef<'account'> = { ...ACCOUNT_SPEC, component: AccountPane };
