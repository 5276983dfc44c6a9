import * as v from 'valibot';
import { Address, CloidString, DecimalString, Int32, SafeInt, Tif, UInt32 } from './primitives.js';

/**
 * Every write action of spec 4.4 with the field names of the spec and open-points.
 * Schemas check types only: business rules (positivity, ticks, slots) answer inside HTTP 200.
 * Strings that carry amounts are left unchecked here on purpose so that a bad amount is a
 * business rejection with the exchange's own message, not a generic 400.
 */
export const OrderType = v.union([
  v.object({ limit: v.object({ tif: Tif }) }),
  v.object({ market: v.object({}) }),
]);

export const OrderWire = v.object({
  a: Int32,
  b: v.boolean(),
  p: v.optional(v.string()),
  s: v.string(),
  r: v.boolean(),
  t: OrderType,
  c: v.optional(CloidString),
});

export const MAX_ORDERS_PER_REQUEST = 10;
export const MAX_CANCELS_PER_REQUEST = 10;

const TpSlLeg = v.object({ triggerPx: DecimalString, sz: v.optional(DecimalString) });

export const ACTION_SCHEMAS = {
  registerAccount: v.object({ type: v.literal('registerAccount'), address: Address }),
  enrollUserToMarketDeployer: v.object({ type: v.literal('enrollUserToMarketDeployer'), marketDeployerId: UInt32 }),
  order: v.object({
    type: v.literal('order'),
    orders: v.pipe(v.array(OrderWire), v.minLength(1, 'at least one order'), v.maxLength(MAX_ORDERS_PER_REQUEST, 'at most 10 per request')),
    grouping: v.literal('na'),
  }),
  cancel: v.object({
    type: v.literal('cancel'),
    cancels: v.pipe(v.array(v.object({ a: Int32, o: SafeInt })), v.minLength(1), v.maxLength(MAX_CANCELS_PER_REQUEST, 'at most 10 per request')),
  }),
  cancelByCloid: v.object({
    type: v.literal('cancelByCloid'),
    cancels: v.pipe(v.array(v.object({ asset: Int32, cloid: CloidString })), v.minLength(1), v.maxLength(MAX_CANCELS_PER_REQUEST, 'at most 10 per request')),
  }),
  cancelAll: v.object({ type: v.literal('cancelAll'), a: Int32 }),
  modify: v.object({
    type: v.literal('modify'),
    a: Int32,
    oid: v.optional(SafeInt),
    cloid: v.optional(CloidString),
    p: v.optional(v.string()),
    s: v.optional(v.string()),
    tif: v.optional(v.string()),
    c: v.optional(CloidString),
  }),
  updateIsolatedMargin: v.object({ type: v.literal('updateIsolatedMargin'), asset: Int32, isBuy: v.optional(v.boolean()), ntli: SafeInt }),
  updateLeverage: v.object({ type: v.literal('updateLeverage'), asset: Int32, leverage: SafeInt }),
  updateMarginMode: v.object({ type: v.literal('updateMarginMode'), asset: Int32, marginMode: v.picklist(['cross', 'isolated']) }),
  tpSl: v.object({ type: v.literal('tpSl'), asset: Int32, isBuy: v.optional(v.boolean()), tp: v.optional(TpSlLeg), sl: v.optional(TpSlLeg) }),
  cancelTpSl: v.object({ type: v.literal('cancelTpSl'), asset: Int32, isBuy: v.optional(v.boolean()) }),
  cancelConditional: v.object({ type: v.literal('cancelConditional'), asset: Int32, id: SafeInt }),
  lockCollateral: v.object({ type: v.literal('lockCollateral'), marketDeployerId: UInt32, coinId: UInt32, amount: v.string() }),
  unlockCollateral: v.object({ type: v.literal('unlockCollateral'), marketDeployerId: UInt32, coinId: UInt32, amount: v.string() }),
  transferBetweenDeployers: v.object({
    type: v.literal('transferBetweenDeployers'),
    fromMarketDeployerId: UInt32,
    toMarketDeployerId: UInt32,
    coinId: UInt32,
    amount: v.string(),
  }),
  setMarginShareType: v.object({ type: v.literal('setMarginShareType'), marginShareType: v.picklist([0, 1]) }),
  transferMdToShareGroup: v.object({ type: v.literal('transferMdToShareGroup'), marketDeployerId: UInt32, groupId: Int32, coinId: UInt32, amount: v.string() }),
  transferShareGroupToMd: v.object({ type: v.literal('transferShareGroupToMd'), marketDeployerId: UInt32, groupId: Int32, coinId: UInt32, amount: v.string() }),
  lockIntoShareGroup: v.object({ type: v.literal('lockIntoShareGroup'), groupId: Int32, coinId: UInt32, amount: v.string() }),
  unlockFromShareGroup: v.object({ type: v.literal('unlockFromShareGroup'), groupId: Int32, coinId: UInt32, amount: v.string() }),
  updateFeeSetting: v.object({
    type: v.literal('updateFeeSetting'),
    marketDeployerId: UInt32,
    user: Address,
    takerFeeRate: DecimalString,
    makerFeeRate: DecimalString,
  }),
  approveAgent: v.object({ type: v.literal('approveAgent'), agentAddress: Address, agentName: v.string(), validUntil: SafeInt }),
  revokeAgent: v.object({ type: v.literal('revokeAgent'), agentAddress: Address }),
} as const;

export type ActionType = keyof typeof ACTION_SCHEMAS;
export type ActionOf<T extends ActionType> = v.InferOutput<(typeof ACTION_SCHEMAS)[T]>;
export type Action = { [K in ActionType]: ActionOf<K> }[ActionType];
export type OrderWire = v.InferOutput<typeof OrderWire>;
type OrderTypeWire = v.InferOutput<typeof OrderType>;

export const ACTION_TYPES = Object.keys(ACTION_SCHEMAS) as ActionType[];

export function isActionType(type: unknown): type is ActionType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(ACTION_SCHEMAS, type);
}

/** Actions an agent wallet may sign for its master (open-points "Signing"); all others need the master. */
export const AGENT_ACTIONS: ReadonlySet<ActionType> = new Set<ActionType>([
  'order',
  'cancel',
  'cancelByCloid',
  'cancelAll',
  'modify',
  'tpSl',
  'cancelTpSl',
  'cancelConditional',
  'updateLeverage',
  'updateMarginMode',
  'updateIsolatedMargin',
]);

export function agentMaySend(type: ActionType): boolean {
  return AGENT_ACTIONS.has(type);
}

/**
 * Non-trade actions an agent of a vault may send for it with `vaultAddress` naming the vault
 * (the server checks that the signer is an authorized agent of that vault): the vault's money
 * moving between its own balances, and the account settings those need. Left out on purpose:
 * approveAgent and revokeAgent (who speaks for a vault stays with the vault's own key, else an
 * agent could appoint a successor its master never approved), updateFeeSetting (an operator's
 * rates for others) and registerAccount (signed by the account being made).
 */
export const VAULT_PROXY_ACTIONS: ReadonlySet<ActionType> = new Set<ActionType>([
  'lockCollateral',
  'unlockCollateral',
  'transferBetweenDeployers',
  'transferMdToShareGroup',
  'transferShareGroupToMd',
  'lockIntoShareGroup',
  'unlockFromShareGroup',
  'setMarginShareType',
  'enrollUserToMarketDeployer',
]);

/** WebSocket auth payload (open-points "WebSocket"), signed on the agent path. */
export const WsAuthAction = v.object({ type: v.literal('wsAuth'), time: SafeInt });
export type WsAuthAction = v.InferOutput<typeof WsAuthAction>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** First issue as `path: message`, naming the field so the user can find it. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'invalid';
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function parseAction(action: unknown): ParseResult<Action> {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) {
    return { ok: false, error: 'action: expected an object' };
  }
  const type = (action as { type?: unknown }).type;
  if (!isActionType(type)) return { ok: false, error: `action.type: unknown action ${JSON.stringify(type)}` };
  const result = v.safeParse(ACTION_SCHEMAS[type], action);
  if (!result.success) return { ok: false, error: `action.${describeIssues(result.issues)}` };
  return { ok: true, value: result.output as Action };
}
