import type { PaneDef } from '../paneDef.js';
import { OrdersPane } from './OrdersPane.js';
import { ORDERS_SPEC } from './ordersPaneSpec.js';

export const ORDERS_PANE: PaneDef<'orders'> = { ...ORDERS_SPEC, component: OrdersPane };
