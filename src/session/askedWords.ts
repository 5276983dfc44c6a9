import { coinById, collateralCoin, contextFromState, contractById, deployerName, type FormContext } from '../forms/index.js';
import { placeName, type Place } from '../forms/movement.js';
import { describeOrder } from '../forms/specs/orderForm.js';
import { formatMoney, formatPrice, formatSize } from '../format/index.js';
import type { Action, ContractConfig, OpenOrder, OrderSpec, OrderWire } from '../protocol/wire/index.js';
import type { AppState } from '../state/types.js';

/**
 * What a signed action asks, in the words a trader would use, for the journal: the contract
 * by name, side, size and price at the contract's scales, time in force, reduce-only and
 * cloid; the amount and the pools a movement goes between; leverage and margin mode. Put in
 * words when the request is sent, from the store as it is then: a cancel names the order it
 * cancels while that order is still open. Orders and movements use the forms' own phrases.
 */
export function askedWords(action: Action, s: AppState): string {
  const configs = s.market.configs;
  const contract = (id: number): ContractConfig | undefined => contractById(configs, id);
  const name = (id: number) => contract(id)?.name ?? `contract ${id}`;
  const open = Object.values(s.orders.open);
  const money = (raw: string, coinId: number) => formatMoney(raw, coinById(configs, coinId), { exact: true, symbol: true });
  const move = (from: Place, to: Place, coinId: number, amount: string) => {
    // Names only: the forms' phrases read nothing of the context but its configs.
    const ctx: FormContext = contextFromState(s, { keys: { master: false, agent: false }, settings: {} });
    return `Move ${money(amount, coinId)} from the ${placeName(ctx, from)} to the ${placeName(ctx, to)}`;
  };
  const side = (isBuy: boolean | undefined) => (isBuy === undefined ? '' : isBuy ? 'long ' : 'short ');

  switch (action.type) {
    case 'order': {
      const many = action.orders.length > 1;
      return action.orders.map((o, i) => `${many ? `#${i + 1} ` : ''}${orderWords(o, contract(o.a))}`).join('; ');
    }
    case 'cancel':
      return action.cancels.map((c) => cancelWords(c.a, open.find((o) => o.oid === c.o), `oid ${c.o}`, contract(c.a))).join('; ');
    case 'cancelByCloid':
      return action.cancels
        .map((c) => cancelWords(c.asset, open.find((o) => o.asset === c.asset && o.cloid === c.cloid), `cloid ${c.cloid}`, contract(c.asset)))
        .join('; ');
    case 'cancelAll':
      return `Cancel all orders and TP/SL triggers on ${name(action.a)}`;
    case 'modify': {
      const c = contract(action.a);
      const known = open.find((o) => (action.oid !== undefined ? o.oid === action.oid : o.cloid === action.cloid));
      const px = (v: string) => (c ? formatPrice(v, c) : v);
      const sz = (v: string) => (c ? formatSize(v, c) : v);
      const changes = [
        action.p !== undefined ? `price ${known ? `${px(known.limitPx)} -> ` : ''}${px(action.p)}` : undefined,
        action.s !== undefined ? `size ${known ? `${sz(known.origSz)} -> ` : ''}${sz(action.s)}` : undefined,
        action.tif !== undefined ? `tif ${known ? `${known.tif} -> ` : ''}${action.tif}` : undefined,
        action.c !== undefined ? `cloid -> ${action.c}` : undefined,
      ].filter((x): x is string => x !== undefined);
      const which = action.oid !== undefined ? `order ${action.oid}` : `order with cloid ${action.cloid ?? '?'}`;
      const sideWord = known ? `${known.isBuy ? 'buy' : 'sell'} ` : '';
      return `Modify ${sideWord}${which} on ${name(action.a)}: ${changes.join(', ') || 'no change'}`;
    }
    case 'updateIsolatedMargin': {
      const coin = collateralCoin(configs);
      const add = action.ntli >= 0;
      const amount = formatMoney(BigInt(Math.abs(action.ntli)), coin, { exact: true, symbol: true });
      return `${add ? 'Add' : 'Remove'} ${amount} ${add ? 'to' : 'from'} the isolated margin of the ${side(action.isBuy)}${name(action.asset)} position`;
    }
    case 'updateLeverage':
      return `Set ${name(action.asset)} leverage to ${action.leverage}x`;
    case 'updateMarginMode':
      return `Switch ${name(action.asset)} to ${action.marginMode} margin`;
    case 'tpSl': {
      const c = contract(action.asset);
      const leg = (label: string, l: { triggerPx: string; sz?: string | undefined } | undefined) =>
        l ? `${label} trigger ${c ? formatPrice(l.triggerPx, c) : l.triggerPx}, ${l.sz === undefined ? 'whole position' : c ? formatSize(l.sz, c) : l.sz}` : undefined;
      const legs = [leg('TP', action.tp), leg('SL', action.sl)].filter((x): x is string => x !== undefined);
      return `TP/SL on the ${side(action.isBuy)}${name(action.asset)} position: ${legs.join('; ') || 'no legs'}`;
    }
    case 'cancelTpSl':
      return `Cancel every TP/SL trigger of the ${side(action.isBuy)}${name(action.asset)} position`;
    case 'cancelConditional':
      return `Cancel conditional order ${action.id} on ${name(action.asset)}`;
    case 'lockCollateral':
      return move({ kind: 'chain' }, { kind: 'md', id: action.marketDeployerId }, action.coinId, action.amount);
    case 'unlockCollateral':
      return move({ kind: 'md', id: action.marketDeployerId }, { kind: 'chain' }, action.coinId, action.amount);
    case 'transferBetweenDeployers':
      return move({ kind: 'md', id: action.fromMarketDeployerId }, { kind: 'md', id: action.toMarketDeployerId }, action.coinId, action.amount);
    case 'transferMdToShareGroup':
      return move({ kind: 'md', id: action.marketDeployerId }, { kind: 'group', id: action.groupId }, action.coinId, action.amount);
    case 'transferShareGroupToMd':
      return move({ kind: 'group', id: action.groupId }, { kind: 'md', id: action.marketDeployerId }, action.coinId, action.amount);
    case 'lockIntoShareGroup':
      return move({ kind: 'chain' }, { kind: 'group', id: action.groupId }, action.coinId, action.amount);
    case 'unlockFromShareGroup':
      return move({ kind: 'group', id: action.groupId }, { kind: 'chain' }, action.coinId, action.amount);
    case 'setMarginShareType':
      return `Switch the account to ${action.marginShareType === 1 ? 'PORTFOLIO' : 'UNIFIED'} margin sharing`;
    case 'updateFeeSetting':
      return `Set ${action.user}'s fees on ${deployerName(configs, action.marketDeployerId)}: taker ${action.takerFeeRate}, maker ${action.makerFeeRate}`;
    case 'approveAgent': {
      const who = action.agentName === '' ? 'the anonymous agent' : `agent '${action.agentName}'`;
      const until = action.validUntil === 0 ? 'never expires' : `valid until ${new Date(action.validUntil).toISOString()}`;
      return `Approve ${action.agentAddress} as ${who}; ${until}`;
    }
    case 'revokeAgent':
      return `Revoke agent ${action.agentAddress}`;
    case 'registerAccount':
      return `Register account ${action.address}`;
    case 'enrollUserToMarketDeployer':
      return `Enroll in ${deployerName(configs, action.marketDeployerId)}`;
  }
}

/** The wire order back to the spec the order forms describe. */
function orderWords(o: OrderWire, c: ContractConfig | undefined): string {
  const spec: OrderSpec = { contractId: o.a, isBuy: o.b, size: o.s, reduceOnly: o.r, tif: 'limit' in o.t ? o.t.limit.tif : 'Market' };
  if (o.p !== undefined && 'limit' in o.t) spec.price = o.p;
  if (o.c !== undefined) spec.cloid = o.c;
  if (c) return describeOrder(c, spec);
  // A contract the configs do not list (yet): the wire's own numbers, still in words.
  const where = spec.price === undefined ? 'at market' : `@ ${spec.price} ${spec.tif}`;
  return `${o.b ? 'Buy' : 'Sell'} ${o.s} contract ${o.a} ${where}${o.r ? ', reduce-only' : ''}${o.c ? `, cloid ${o.c}` : ''}`;
}

function cancelWords(contractId: number, known: OpenOrder | undefined, id: string, c: ContractConfig | undefined): string {
  const name = c?.name ?? `contract ${contractId}`;
  if (!known) return `Cancel ${name} ${id}`;
  const what = c ? `${formatSize(known.sz, c)} ${name} @ ${formatPrice(known.limitPx, c)}` : `${known.sz} ${name} @ ${known.limitPx}`;
  return `Cancel ${known.isBuy ? 'buy' : 'sell'} ${what} (oid ${known.oid}${known.cloid ? `, cloid ${known.cloid}` : ''})`;
}
