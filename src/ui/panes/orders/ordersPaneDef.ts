import type { PaneDef } from '../paneDef.js';
import { listPane } from '../ListPane.js';
import { ORDERS_LIST } from './ordersList.js';
import { ORDERS_SPEC } from './ordersPaneSpec.js';

export const ORDERS_PANE: PaneDef<'orders'> = { ...ORDERS_SPEC, component: listPane(ORDERS_LIST) };
