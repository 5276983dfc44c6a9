import type { ActionOf, OrderWire } from './actions.js';
import type { Tif } from './primitives.js';

/**
 * Action builders: the only place the client spells out action field names.
 * Optional fields are left out rather than set to undefined, so canonical JSON and the
 * exchange's re-serialisation see the same object.
 */
export interface OrderSpec {
  contractId: number;
  isBuy: boolean;
  /** Human decimal price; absent for a market order. */
  price?: string;
  size: string;
  reduceOnly?: boolean;
  tif?: Tif | 'Market';
  cloid?: string;
}

export function orderWire(o: OrderSpec): OrderWire {
  const market = o.tif === 'Market' || o.price === undefined;
  const w: OrderWire = {
    a: o.contractId,
    b: o.isBuy,
    s: o.size,
    r: o.reduceOnly ?? false,
    t: market ? { market: {} } : { limit: { tif: (o.tif ?? 'Gtc') as Tif } },
  };
  if (!market) w.p = o.price;
  if (o.cloid !== undefined) w.c = o.cloid;
  return w;
}

function compact<T extends object>(obj: T): T {
  for (const k of Object.keys(obj) as (keyof T)[]) if (obj[k] === undefined) delete obj[k];
  return obj;
}

export const build = {
  registerAccount: (address: string): ActionOf<'registerAccount'> => ({ type: 'registerAccount', address }),
  enroll: (marketDeployerId: number): ActionOf<'enrollUserToMarketDeployer'> => ({ type: 'enrollUserToMarketDeployer', marketDeployerId }),
  order: (orders: OrderSpec[]): ActionOf<'order'> => ({ type: 'order', orders: orders.map(orderWire), grouping: 'na' }),
  cancel: (cancels: { contractId: number; oid: number }[]): ActionOf<'cancel'> => ({
    type: 'cancel',
    cancels: cancels.map((c) => ({ a: c.contractId, o: c.oid })),
  }),
  cancelByCloid: (cancels: { contractId: number; cloid: string }[]): ActionOf<'cancelByCloid'> => ({
    type: 'cancelByCloid',
    cancels: cancels.map((c) => ({ asset: c.contractId, cloid: c.cloid })),
  }),
  cancelAll: (contractId: number): ActionOf<'cancelAll'> => ({ type: 'cancelAll', a: contractId }),
  modify: (m: { contractId: number; oid?: number; cloid?: string; price?: string; size?: string; tif?: string; newCloid?: string }): ActionOf<'modify'> =>
    compact({ type: 'modify', a: m.contractId, oid: m.oid, cloid: m.cloid, p: m.price, s: m.size, tif: m.tif, c: m.newCloid }),
  updateIsolatedMargin: (asset: number, ntli: number, isBuy?: boolean): ActionOf<'updateIsolatedMargin'> =>
    compact({ type: 'updateIsolatedMargin', asset, isBuy, ntli }),
  updateLeverage: (asset: number, leverage: number): ActionOf<'updateLeverage'> => ({ type: 'updateLeverage', asset, leverage }),
  updateMarginMode: (asset: number, marginMode: 'cross' | 'isolated'): ActionOf<'updateMarginMode'> => ({ type: 'updateMarginMode', asset, marginMode }),
  tpSl: (t: { asset: number; isBuy?: boolean; tp?: { triggerPx: string; sz?: string }; sl?: { triggerPx: string; sz?: string } }): ActionOf<'tpSl'> =>
    compact({ type: 'tpSl', asset: t.asset, isBuy: t.isBuy, tp: t.tp && compact({ ...t.tp }), sl: t.sl && compact({ ...t.sl }) }),
  cancelTpSl: (asset: number, isBuy?: boolean): ActionOf<'cancelTpSl'> => compact({ type: 'cancelTpSl', asset, isBuy }),
  cancelConditional: (asset: number, id: number): ActionOf<'cancelConditional'> => ({ type: 'cancelConditional', asset, id }),
  lockCollateral: (marketDeployerId: number, coinId: number, amount: string): ActionOf<'lockCollateral'> => ({
    type: 'lockCollateral',
    marketDeployerId,
    coinId,
    amount,
  }),
  unlockCollateral: (marketDeployerId: number, coinId: number, amount: string): ActionOf<'unlockCollateral'> => ({
    type: 'unlockCollateral',
    marketDeployerId,
    coinId,
    amount,
  }),
  transferBetweenDeployers: (fromMarketDeployerId: number, toMarketDeployerId: number, coinId: number, amount: string): ActionOf<'transferBetweenDeployers'> => ({
    type: 'transferBetweenDeployers',
    fromMarketDeployerId,
    toMarketDeployerId,
    coinId,
    amount,
  }),
  setMarginShareType: (marginShareType: 0 | 1): ActionOf<'setMarginShareType'> => ({ type: 'setMarginShareType', marginShareType }),
  transferMdToShareGroup: (marketDeployerId: number, groupId: number, coinId: number, amount: string): ActionOf<'transferMdToShareGroup'> => ({
    type: 'transferMdToShareGroup',
    marketDeployerId,
    groupId,
    coinId,
    amount,
  }),
  transferShareGroupToMd: (marketDeployerId: number, groupId: number, coinId: number, amount: string): ActionOf<'transferShareGroupToMd'> => ({
    type: 'transferShareGroupToMd',
    marketDeployerId,
    groupId,
    coinId,
    amount,
  }),
  lockIntoShareGroup: (groupId: number, coinId: number, amount: string): ActionOf<'lockIntoShareGroup'> => ({ type: 'lockIntoShareGroup', groupId, coinId, amount }),
  unlockFromShareGroup: (groupId: number, coinId: number, amount: string): ActionOf<'unlockFromShareGroup'> => ({ type: 'unlockFromShareGroup', groupId, coinId, amount }),
  updateFeeSetting: (marketDeployerId: number, user: string, takerFeeRate: string, makerFeeRate: string): ActionOf<'updateFeeSetting'> => ({
    type: 'updateFeeSetting',
    marketDeployerId,
    user,
    takerFeeRate,
    makerFeeRate,
  }),
  approveAgent: (agentAddress: string, agentName: string, validUntil: number): ActionOf<'approveAgent'> => ({
    type: 'approveAgent',
    agentAddress,
    agentName,
    validUntil,
  }),
  revokeAgent: (agentAddress: string): ActionOf<'revokeAgent'> => ({ type: 'revokeAgent', agentAddress }),
};
