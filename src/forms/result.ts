import type { ActionOutcome, CancelAllResult, CancelResult, ModifyResult, OrderResult } from '../model/actionOutcome.js';
import type { ClientError } from '../model/clientError.js';
import type { Reconciled, ReconciledItem } from '../model/actionOutcome.js';
import { formatMoney, formatPrice, formatSize, type MoneyCoin } from '../format/index.js';
import { canonicalJson } from '../protocol/index.js';
import type { ActionType, CancelStatus, Configs, ContractConfig, OrderStatus } from '../protocol/wire/index.js';
import { contractById, deployerName } from './context.js';
import { isoTime, type CoinUnit } from './numbers.js';

/**
 * The exchange's answer, shown as it was given: each item's own status or error text,
 * `errorMessage` with its code, HTTP code and status. Nothing is folded into "failed".
 */
export interface ResultView {
  tone: 'success' | 'warning' | 'error';
  lines: string[];
}

export interface RenderOptions {
  /**
   * Scales of the contract the call acts on: modify's raw numbers (limitPrice, totalSize,
   * leavesSize) and the prices and sizes of fills and reconciled orders, shown as the panes
   * show them. Without it the exchange's text is shown as given.
   */
  contract?: Pick<ContractConfig, 'priceScale' | 'qtyScale'> | undefined;
  /** Units of fund movements and isolated margin (the collateral coin). */
  coin?: CoinUnit | undefined;
  /** Names contracts and deployers as the panes do; without it they are named by id. */
  configs?: Configs | null | undefined;
}

const req = (id: string | undefined) => (id ? ` [${id}]` : '');

type Scales = RenderOptions['contract'];
const pxText = (v: string, c: Scales) => (c ? formatPrice(v, c) : v);
const szText = (v: string, c: Scales) => (c ? formatSize(v, c) : v);

/** One line for a client error, in the exchange's words where it gave any. */
export function describeFailure(e: ClientError): string {
  switch (e.kind) {
    case 'business':
      return `${e.message}${e.code !== undefined ? ` (code ${e.code})` : ''}${req(e.requestId)}`;
    case 'http':
    case 'signature':
    case 'nonce':
      if (e.httpStatus !== undefined && e.code !== undefined) return `${e.code} (HTTP ${e.httpStatus}): ${e.message}${req(e.requestId)}`;
      return `${e.message}${e.httpStatus !== undefined && !e.message.includes(`HTTP ${e.httpStatus}`) ? ` (HTTP ${e.httpStatus})` : ''}${req(e.requestId)}`;
    case 'validation':
      return `not sent, refused before signing: ${e.message}`;
    default:
      return `${e.message}${req(e.requestId)}`;
  }
}

function failureView(e: ClientError, outcomeUnknown: boolean, what: string): ResultView {
  const lines = [describeFailure(e)];
  if (outcomeUnknown) lines.push(`outcome unknown: the ${what} may or may not have been applied; check before retrying`);
  else if (e.kind === 'network' || e.kind === 'timeout') lines.push(`not sent: the ${what} did not reach the exchange`);
  return { tone: outcomeUnknown ? 'warning' : 'error', lines };
}

function reconciledText(r: Reconciled, c: Scales): string {
  const ids = [r.oid !== undefined ? `oid ${r.oid}` : '', r.cloid !== undefined ? `cloid ${r.cloid}` : ''].filter(Boolean).join(', ');
  const status = r.status === 'absent' ? 'absent, the exchange has no record of it' : r.status;
  const order = r.order ? ` (${r.order.isBuy ? 'buy' : 'sell'} ${szText(r.order.sz, c)} left of ${szText(r.order.origSz, c)} @ ${pxText(r.order.limitPx, c)})` : '';
  const applied = r.applied === undefined ? '' : r.applied ? '; the change applied' : '; the change did not apply';
  return `${ids ? `${ids}: ` : ''}${status}${order}${applied}`;
}

const lostHeader = (e: ClientError) => `response lost (${describeFailure(e)}); the exchange's records show:`;

function orderItem(s: OrderStatus | ReconciledItem, c: Scales): { text: string; bad: boolean } {
  if ('reconciled' in s) return { text: reconciledText(s.reconciled, c), bad: s.reconciled.status === 'absent' || s.reconciled.status === 'rejected' };
  if ('resting' in s) return { text: `resting oid ${s.resting.oid}`, bad: false };
  if ('filled' in s) return { text: `filled ${szText(s.filled.totalSz, c)} @ ${pxText(s.filled.avgPx, c)} (oid ${s.filled.oid})`, bad: false };
  return { text: `error: ${s.error}`, bad: true };
}

function cancelItem(s: CancelStatus | ReconciledItem, c: Scales): { text: string; bad: boolean } {
  if (s === 'success') return { text: 'cancelled', bad: false };
  if ('reconciled' in s) return { text: reconciledText(s.reconciled, c), bad: s.reconciled.status === 'open' };
  return { text: `error: ${s.error}`, bad: true };
}

function itemsView<T>(statuses: readonly T[], item: (s: T) => { text: string; bad: boolean }, head: string[]): ResultView {
  const rendered = statuses.map(item);
  const bad = rendered.filter((r) => r.bad).length;
  const tone = bad === 0 ? 'success' : bad === rendered.length ? 'error' : 'warning';
  return { tone, lines: [...head, ...rendered.map((r, i) => `#${i + 1} ${r.text}`)] };
}

export function renderOrderResult(r: OrderResult, opts: RenderOptions = {}): ResultView {
  if (!r.ok) {
    const v = failureView(r.error, r.outcomeUnknown, 'order');
    if (r.outcomeUnknown && r.cloids.length > 0) v.lines.push(`cloids to look for: ${r.cloids.join(', ')}`);
    return v;
  }
  const head = r.reconciledBecause ? [lostHeader(r.reconciledBecause)] : [`order answered${req(r.requestId)}:`];
  return itemsView(r.statuses, (s) => orderItem(s, opts.contract), head);
}

export function renderCancelResult(r: CancelResult, opts: RenderOptions = {}): ResultView {
  if (!r.ok) return failureView(r.error, r.outcomeUnknown, 'cancel');
  const head = r.reconciledBecause ? [lostHeader(r.reconciledBecause)] : [`cancel answered${req(r.requestId)}:`];
  return itemsView(r.statuses, (s) => cancelItem(s, opts.contract), head);
}

export function renderModifyResult(r: ModifyResult, opts: RenderOptions = {}): ResultView {
  if (!r.ok) return failureView(r.error, r.outcomeUnknown, 'modify');
  if (r.reconciled) return { tone: r.reconciled.applied === false ? 'warning' : 'success', lines: [lostHeader(r.reconciledBecause), reconciledText(r.reconciled, opts.contract)] };
  const d = r.data;
  const c = opts.contract;
  const px = (n: number) => (c && Number.isSafeInteger(n) ? formatPrice(BigInt(n), c) : String(n));
  const sz = (n: number) => (c && Number.isSafeInteger(n) ? formatSize(BigInt(n), c) : String(n));
  const cloid = d.clientOrderId ? `, cloid ${d.clientOrderId}` : '';
  return { tone: 'success', lines: [`modified oid ${d.orderId}: price ${px(d.limitPrice)}, total size ${sz(d.totalSize)}, ${sz(d.leavesSize)} left${cloid}${req(r.requestId)}`] };
}

export function renderCancelAllResult(r: CancelAllResult): ResultView {
  if (!r.ok) return failureView(r.error, r.outcomeUnknown, 'cancel-all');
  if (r.reconciled) return { tone: 'warning', lines: [lostHeader(r.reconciledBecause), `${r.reconciled.openOrdersLeft} open orders left on the contract`] };
  const d = r.data;
  return { tone: 'success', lines: [`cancelled ${d.cancelledOrders} order${d.cancelledOrders === 1 ? '' : 's'} and ${d.cancelledConditionals} conditional order${d.cancelledConditionals === 1 ? '' : 's'}${req(r.requestId)}`] };
}

/** A balance as the panes show it; `moved` for the amount an action moved, every digit kept. */
function money(n: number | string | undefined, coin: MoneyCoin | undefined, moved = false): string {
  if (n === undefined) return '?';
  const raw = typeof n === 'number' ? (Number.isSafeInteger(n) ? BigInt(n) : undefined) : /^-?\d+$/.test(n) ? BigInt(n) : undefined;
  if (raw === undefined) return String(n);
  return coin ? formatMoney(raw, coin, { exact: moved, symbol: true }) : `${raw} smallest units`;
}

/** The `data` of a successful non-batch action, in words. */
function dataLine(type: ActionType, data: Record<string, unknown>, opts: RenderOptions): string {
  const d = data as Record<string, string | number | undefined>;
  const contract = (id: unknown) => contractById(opts.configs ?? null, Number(id))?.name ?? `contract ${id}`;
  const deployer = (id: unknown) => deployerName(opts.configs ?? null, Number(id));
  switch (type) {
    case 'registerAccount':
      return `registered: account id ${d['accountId']}`;
    case 'enrollUserToMarketDeployer':
      return `enrolled in ${deployer(d['marketDeployerId'])}`;
    case 'updateIsolatedMargin':
      return `isolated margin ${money(d['isoBefore'], opts.coin)} -> ${money(d['isoAfter'], opts.coin)}`;
    case 'updateLeverage':
      return `leverage set to ${d['leverage']}x on ${contract(d['asset'])}`;
    case 'updateMarginMode':
      return `margin mode set to ${d['marginMode']} on ${contract(d['asset'])}`;
    case 'tpSl':
      return [d['tpId'] !== undefined ? `TP id ${d['tpId']}` : '', d['slId'] !== undefined ? `SL id ${d['slId']}` : ''].filter(Boolean).join(', ') || 'no trigger created';
    case 'cancelTpSl':
      return `cancelled ${d['cancelled']} TP/SL trigger${d['cancelled'] === 1 ? '' : 's'}`;
    case 'cancelConditional':
      return `cancelled ${d['cancelled']} conditional order${d['cancelled'] === 1 ? '' : 's'}`;
    case 'setMarginShareType':
      return `margin share type is now ${d['marginShareType'] === 1 ? 'PORTFOLIO' : 'UNIFIED'} (${d['marginShareType']})`;
    case 'updateFeeSetting':
      return `fees of ${d['user']} in ${deployer(d['marketDeployerId'])}: taker ${d['takerFeeRate']}, maker ${d['makerFeeRate']}`;
    case 'approveAgent': {
      const until = d['validUntil'] === 0 ? 'no expiry' : `valid until ${isoTime(Number(d['validUntil']))}`;
      return `approved agent ${d['agentAddress']} ${d['agentName'] === '' ? '(anonymous)' : `'${d['agentName']}'`}, ${d['slot']} slot, ${until}`;
    }
    case 'revokeAgent':
      return `revoked agent ${d['agentAddress']}`;
    case 'lockCollateral':
    case 'unlockCollateral':
    case 'transferBetweenDeployers':
    case 'transferMdToShareGroup':
    case 'transferShareGroupToMd':
    case 'lockIntoShareGroup':
    case 'unlockFromShareGroup': {
      // A coin the configs list is named by its amounts' symbol; else its id says which.
      const listed = opts.configs?.coins.find((c) => c.coinId === Number(d['coinId']));
      const coin = listed ?? opts.coin;
      const which = listed ? '' : ` (coin ${d['coinId']})`;
      return `moved ${money(d['amount'], coin, true)}${which}; source balance after: ${money(d['fromBalanceAfter'], coin)}; destination balance after: ${money(d['toBalanceAfter'], coin)}`;
    }
    default:
      return canonicalJsonSafe(data);
  }
}

function canonicalJsonSafe(data: unknown): string {
  try {
    return canonicalJson(data);
  } catch {
    return JSON.stringify(data);
  }
}

/** Any action sent with ExchangeClient.send (the catalog's non-batch actions). */
export function renderActionOutcome<T extends ActionType>(type: T, r: ActionOutcome<T>, opts: RenderOptions = {}): ResultView {
  if (!r.ok) return failureView(r.error, r.outcomeUnknown, type);
  const data = r.data as unknown as Record<string, unknown>;
  if (Array.isArray(data['statuses'])) {
    const statuses = data['statuses'] as (OrderStatus | CancelStatus)[];
    return itemsView(statuses, (s) => (s === 'success' || (typeof s === 'object' && 'error' in s && type !== 'order') ? cancelItem(s as CancelStatus, opts.contract) : orderItem(s as OrderStatus, opts.contract)), [`${type} answered${req(r.requestId)}:`]);
  }
  return { tone: 'success', lines: [`${dataLine(type, data, opts)}${req(r.requestId)}`] };
}
