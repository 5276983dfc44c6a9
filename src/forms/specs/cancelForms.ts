import { formatPrice, formatSize } from '../../format/index.js';
import { build } from '../../protocol/wire/index.js';
import { cloidField } from '../field.js';
import { defineForm, type Built } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { collateralCoin, contractById, positionsOf } from '../context.js';
import { notionalRaw, tryDecimal } from '../numbers.js';
import { orderContract } from '../orderContext.js';

/** Cancel the order selected in the orders pane. */
export const cancelForm = defineForm({
  id: 'cancel',
  title: 'Cancel order',
  actionType: 'cancel',
  needs: needsFor('cancel'),
  fields: {},
  unavailable: (ctx) => (ctx.selectedOrder ? undefined : 'select an open order in the orders pane first'),
  build(_v, ctx) {
    const o = ctx.selectedOrder!;
    const c = orderContract(ctx);
    const name = c?.name ?? `contract ${o.asset}`;
    const cancels = [{ contractId: o.asset, oid: o.oid }];
    const order = c ? `${formatSize(o.sz, c)} ${name} @ ${formatPrice(o.limitPx, c)}` : `${o.sz} ${name} @ ${o.limitPx}`;
    const summary = [`Cancel ${o.isBuy ? 'buy' : 'sell'} ${order} (oid ${o.oid}${o.cloid ? `, cloid ${o.cloid}` : ''})`];
    const built: Built = { action: build.cancel(cancels), summary };
    if (c) {
      const px = tryDecimal(o.limitPx, c.priceScale);
      const sz = tryDecimal(o.sz, c.qtyScale);
      if (px !== undefined && sz !== undefined) built.notional = notionalRaw(px, sz, c.priceScale, c.qtyScale, collateralCoin(ctx.configs).decimals);
    }
    return { ok: true, value: built };
  },
});

/** Cancel by client order id: on the contract of the open order that carries it, else on the selected contract. */
export const cancelByCloidForm = defineForm({
  id: 'cancelByCloid',
  title: 'Cancel by cloid',
  actionType: 'cancelByCloid',
  needs: needsFor('cancelByCloid'),
  fields: {
    cloid: cloidField({ label: 'Cloid', help: 'the client order id given at placement', default: (ctx) => ctx.selectedOrder?.cloid ?? '' }),
  },
  unavailable: (ctx) => (ctx.contract ? undefined : 'select a contract first'),
  build(v, ctx) {
    // A cloid names one open order of the account, whatever its contract: the cancel goes to that contract.
    const known = ctx.openOrders.find((o) => o.cloid === v.cloid);
    const c = (known && contractById(ctx.configs, known.asset)) ?? ctx.contract!;
    const cancels = [{ contractId: c.contractId, cloid: v.cloid }];
    const summary = [`Cancel the ${c.name} order with cloid ${v.cloid}`];
    summary.push(known ? `that is ${known.isBuy ? 'buy' : 'sell'} ${formatSize(known.sz, c)} @ ${formatPrice(known.limitPx, c)} (oid ${known.oid})` : 'no open order with that cloid is shown; the exchange will answer for it');
    return { ok: true, value: { action: build.cancelByCloid(cancels), summary } };
  },
});

/** Every open limit and conditional order of the selected contract; always confirmed. */
export const cancelAllForm = defineForm({
  id: 'cancelAll',
  title: 'Cancel all orders',
  actionType: 'cancelAll',
  needs: needsFor('cancelAll'),
  fields: {},
  unavailable: (ctx) => (ctx.contract ? undefined : 'select a contract first'),
  build(_v, ctx) {
    const c = ctx.contract!;
    const orders = ctx.openOrders.filter((o) => o.asset === c.contractId);
    const conditionals = positionsOf(ctx, c.contractId).reduce((n, p) => n + (p.tp ? 1 : 0) + (p.sl ? 1 : 0), 0);
    const buys = orders.filter((o) => o.isBuy).length;
    const summary = [
      `Cancel ALL open orders on ${c.name}: ${orders.length} shown (${buys} buy, ${orders.length - buys} sell) and ${conditionals} TP/SL trigger${conditionals === 1 ? '' : 's'}`,
      'the exchange answers with the counts it removed',
    ];
    return { ok: true, value: { action: build.cancelAll(c.contractId), summary, alwaysConfirm: true } };
  },
});
