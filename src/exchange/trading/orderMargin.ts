/**
 * Pre-trade margin check of a new or modified order. It prices the order as if it ran:
 * the part that would match now (walked on the book, skipping the account's own quotes
 * as self-trade prevention would) changes the position at its average price and pays the
 * taker fee; the rest reserves order margin. The order is refused when it would leave the
 * pool's available margin negative AND make it worse: orders that reduce risk always pass.
 */
import type { Account } from '../state/accounts.js';
import { effectiveFeeRates } from '../state/fees.js';
import type { ContractDef } from '../state/marketConfig.js';
import { cloneHolding } from './holdings.js';
import { tradeIntoHolding } from './positionMath.js';
import type { TradingBooks } from './tradingBooks.js';
import type { Holding, OrderTif, PositionSide } from './types.js';

export interface MarginProbe {
  isBuy: boolean;
  px: bigint;
  sz: bigint;
  tif: OrderTif;
  reduceOnly: boolean;
  positionSide: PositionSide | undefined;
}

export type MarginVerdict = 'ok' | 'insufficient' | 'beyondTiers';

function blankHolding(t: TradingBooks, accountId: number, contractId: number): Holding {
  const h = t.holdings.get(accountId, contractId);
  return h ? cloneHolding(h) : t.holdings.blank(accountId, contractId);
}

/** `change(hyp)` edits a copy of the holding (e.g. modify's resize) before the probe order is added. */
export function checkOrderMargin(
  t: TradingBooks,
  account: Account,
  contract: ContractDef,
  probe: MarginProbe | undefined,
  change?: (hyp: Holding) => void,
  now = 0,
): MarginVerdict {
  const market = t.market(contract.contractId);
  if (!market) return 'insufficient';
  const units = market.units;
  const pool = t.margin.poolOf(account, contract);
  const before = t.margin.poolFigures(account, pool);
  const hyp = blankHolding(t, account.id, contract.contractId);
  change?.(hyp);
  let balanceDelta = 0n;
  if (probe) {
    let filled = 0n;
    let fillPxSz = 0n;
    if (probe.tif !== 'Alo') {
      const sim = market.book.simulate(probe.isBuy, probe.sz, probe.px, String(account.id));
      filled = sim.filledSz;
      fillPxSz = sim.avgPxNumerator;
    }
    if (filled > 0n) {
      const e = tradeIntoHolding(hyp, units, probe.isBuy, probe.positionSide, probe.reduceOnly, filled, fillPxSz, now);
      if (hyp.marginMode === 'cross') balanceDelta += e.realized;
      else if (e.opened > 0n) balanceDelta -= units.initialMargin(units.ceil(e.openedPxSz), hyp.leverage);
      const rate = effectiveFeeRates(t.state.config, account, contract.contractId).taker;
      balanceDelta -= units.fee(units.ceil(fillPxSz), rate);
    }
    const rest = probe.sz - filled;
    if (rest > 0n && (probe.tif === 'Gtc' || probe.tif === 'Alo') && !probe.reduceOnly) {
      if (probe.isBuy) {
        hyp.buySz += rest;
        hyp.buyPxSz += rest * probe.px;
      } else {
        hyp.sellSz += rest;
        hyp.sellPxSz += rest * probe.px;
      }
    }
  }
  const mark = t.mark(contract.contractId);
  const current = t.holdings.get(account.id, contract.contractId);
  for (const p of [hyp.long, hyp.short]) {
    if (!p || p.size <= (current?.[p.side]?.size ?? 0n)) continue;
    if (t.margin.positionFigures(hyp, p, mark).notional > units.maxNotional) return 'beyondTiers';
  }
  const after = t.margin.poolFigures(account, pool, { holding: hyp, balanceDelta });
  return after.available < 0n && after.available < before.available ? 'insufficient' : 'ok';
}
