import type { OrderLookup } from '../../protocol/wire/index.js';
import type { ExchangeState } from '../state/exchangeState.js';
import type { OrderRecord } from '../trading/types.js';
import { orderView } from '../trading/wireViews.js';
import { accountOf, requireMarketDeployerId } from './lookups.js';
import type { InfoRegistry } from './registry.js';

/** Ids looked at per request; any beyond are ignored, so one read cannot ask for unbounded work. */
export const MAX_LOOKUP_IDS = 1000;

function lookup(core: ExchangeState, o: OrderRecord): OrderLookup | undefined {
  const c = core.config.contract(o.contractId);
  return c && { order: orderView(c, o), status: o.status, statusTimestamp: o.statusTimestamp };
}

function capped<T>(items: T[]): T[] {
  return items.slice(0, MAX_LOOKUP_IDS);
}

/** userOrders, ordersByIds, ordersByCloids; ids that match no order of the user are left out. */
export function registerOrderQueries(registry: InfoRegistry): void {
  registry.register('userOrders', (core, req) => {
    const account = accountOf(core, req.user);
    requireMarketDeployerId(core, req.marketDeployerId);
    const out = [];
    for (const o of core.trading.orders.openOf(account.id)) {
      const c = core.config.contract(o.contractId);
      if (!c || c.marketDeployerId !== req.marketDeployerId) continue;
      if (req.contractId !== undefined && o.contractId !== req.contractId) continue;
      out.push(orderView(c, o));
    }
    return out.sort((a, b) => a.oid - b.oid);
  });

  registry.register('ordersByIds', (core, req) => {
    const account = accountOf(core, req.user);
    const out: OrderLookup[] = [];
    for (const oid of capped(req.oids)) {
      const o = core.trading.orders.get(oid);
      const found = o && o.accountId === account.id ? lookup(core, o) : undefined;
      if (found) out.push(found);
    }
    return out;
  });

  registry.register('ordersByCloids', (core, req) => {
    const account = accountOf(core, req.user);
    const out: OrderLookup[] = [];
    for (const cloid of capped(req.cloids)) {
      const o = core.trading.orders.byCloid(account.id, cloid);
      const found = o ? lookup(core, o) : undefined;
      if (found) out.push(found);
    }
    return out;
  });
}
