import { cancelAll, cancelByCloid, cancelByOid, modifyOrder } from '../trading/orderChanges.js';
import { parseOrderWire, submitOrder } from '../trading/orderEntry.js';
import type { ActionRegistry } from './registry.js';

/** order, cancel, cancelByCloid, cancelAll, modify (spec 4.5, 4.6); the work is in src/exchange/trading. */
export function registerTradingActions(registry: ActionRegistry): void {
  registry.register('order', (ctx, a) => {
    const t = ctx.core.trading;
    // Items run in request order, each seeing what the earlier ones did (spec 4.5).
    const statuses = t.run(() =>
      a.orders.map((w) => {
        const spec = parseOrderWire(t, w);
        return typeof spec === 'string' ? { error: spec } : submitOrder(t, ctx.account, spec, ctx.now);
      }),
    );
    return { statuses };
  });

  registry.register('cancel', (ctx, a) => ({ statuses: cancelByOid(ctx.core.trading, ctx.account, a.cancels, ctx.now) }));

  registry.register('cancelByCloid', (ctx, a) => ({ statuses: cancelByCloid(ctx.core.trading, ctx.account, a.cancels, ctx.now) }));

  registry.register('cancelAll', (ctx, a) => cancelAll(ctx.core.trading, ctx.account, a.a, ctx.now));

  registry.register('modify', (ctx, a) => modifyOrder(ctx.core.trading, ctx.account, a, ctx.now));
}
