/**
 * First messages after a subscription ack (spec 6): the current book and touch, the
 * account's open orders (`isSnapshot: true`, then increments), its recent fills, and the
 * live candle bar. Trades and config start with nothing: they are increments only.
 */
import { toCandleUpdate } from '../market/candleWire.js';
import { bboOf, l2BookOf } from '../info/marketQueries.js';
import type { ExchangeState } from '../state/exchangeState.js';
import { orderView } from '../trading/wireViews.js';

export function registerStreamSnapshots(core: ExchangeState): void {
  const { hub, config, trading } = core;
  hub.setContractCheck((id) => config.contract(id) !== undefined);
  hub.setSnapshotProvider('l2Book', (sub) => {
    const c = sub.type === 'l2Book' ? config.contract(sub.contractId) : undefined;
    return c && l2BookOf(core, c);
  });
  hub.setSnapshotProvider('bbo', (sub) => {
    const c = sub.type === 'bbo' ? config.contract(sub.contractId) : undefined;
    return c && bboOf(core, c);
  });
  hub.setSnapshotProvider('candle', (sub) => {
    if (sub.type !== 'candle') return undefined;
    const c = config.contract(sub.contractId);
    const live = trading.market(sub.contractId)?.candles.live(sub.interval);
    return c && live && toCandleUpdate(c.contractId, { interval: sub.interval, candle: live, closed: false }, c);
  });
  hub.setSnapshotProvider('openOrders', (_sub, conn) => {
    if (conn.accountId === undefined) return undefined;
    const orders = [];
    for (const o of trading.orders.openOf(conn.accountId)) {
      const c = config.contract(o.contractId);
      if (c) orders.push(orderView(c, o));
    }
    return { isSnapshot: true, orders: orders.sort((a, b) => a.oid - b.oid) };
  });
  hub.setSnapshotProvider('userFills', (_sub, conn) =>
    conn.accountId === undefined ? undefined : { isSnapshot: true, fills: trading.events.recentFills(conn.accountId) },
  );
}
