import type { PaneDef } from '../paneDef.js';
import { AccountsPane } from './AccountsPane.js';
import { ACCOUNTS_SPEC } from './accountsPaneSpec.js';

export const ACCOUNTS_PANE: PaneDef<'accounts'> = { ...ACCOUNTS_SPEC, component: AccountsPane };
