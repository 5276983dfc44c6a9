import { pow10 } from '../protocol/index.js';
import type { ActionType } from '../protocol/wire/index.js';
import type { ConfirmSettings, KindPolicy } from './context.js';
import { truncDecimal, type CoinUnit } from './numbers.js';

/**
 * Whether the confirm step shows, by kind of action. Each kind may have its own policy in
 * the config (`confirm.order`, `confirm.cancel`, ...: "always", "never" or {"above": N});
 * a kind without one follows `confirm.policy` / `confirm.notional`, except the actions with
 * wide effects (cancel all, collateral, agents, margin mode), which then always confirm.
 */
export const CONFIRM_KINDS = ['order', 'modify', 'cancel', 'cancelAll', 'tpSl', 'margin', 'collateral', 'agent', 'account'] as const;
export type ConfirmKind = (typeof CONFIRM_KINDS)[number];

const KIND_OF: Record<ActionType, ConfirmKind> = {
  order: 'order',
  modify: 'modify',
  cancel: 'cancel',
  cancelByCloid: 'cancel',
  cancelAll: 'cancelAll',
  tpSl: 'tpSl',
  cancelTpSl: 'tpSl',
  cancelConditional: 'tpSl',
  updateLeverage: 'margin',
  updateMarginMode: 'margin',
  updateIsolatedMargin: 'margin',
  lockCollateral: 'collateral',
  unlockCollateral: 'collateral',
  transferBetweenDeployers: 'collateral',
  transferMdToShareGroup: 'collateral',
  transferShareGroupToMd: 'collateral',
  lockIntoShareGroup: 'collateral',
  unlockFromShareGroup: 'collateral',
  setMarginShareType: 'collateral',
  approveAgent: 'agent',
  revokeAgent: 'agent',
  registerAccount: 'account',
  enrollUserToMarketDeployer: 'account',
  updateFeeSetting: 'account',
};

export function confirmKindOf(type: ActionType): ConfirmKind {
  return KIND_OF[type];
}

function above(threshold: string | undefined, notional: bigint | undefined, collateral: CoinUnit): boolean {
  // No threshold, or no notional to compare: an unknown size is never a reason to skip the check.
  const t = truncDecimal(threshold, collateral.decimals);
  if (t === undefined || notional === undefined) return true;
  return notional > t;
}

function kindConfirms(policy: KindPolicy, notional: bigint | undefined, collateral: CoinUnit): boolean {
  if (policy === 'always') return true;
  if (policy === 'never') return false;
  return above(policy.above, notional, collateral);
}

/**
 * Whether the confirm step shows (before blockers, guards and staleness, which force it
 * anyway). `kind` picks the action's own policy; `wide` marks an action that confirms
 * whatever `confirm.policy` says, unless its kind has a policy of its own.
 */
export function policyConfirms(settings: ConfirmSettings | undefined, notional: bigint | undefined, collateral: CoinUnit, kind?: ConfirmKind, wide = false): boolean {
  const own = kind === undefined ? undefined : settings?.[kind];
  if (own !== undefined) return kindConfirms(own, notional, collateral);
  if (wide) return true;
  const policy = settings?.policy ?? 'always';
  if (policy === 'always') return true;
  if (policy === 'never') return false;
  return above(settings?.notional, notional, collateral);
}

/**
 * The threshold offered by "don't ask again under N" for a request of this notional: the
 * next 1, 2 or 5 times a power of ten at or above it, in whole quote units (at least 1), so
 * the order on screen is under it and the number reads at a glance (1,234.56 -> 2000).
 */
export function skipThreshold(notional: bigint, collateral: CoinUnit): string {
  const unit = pow10(collateral.decimals);
  const whole = notional <= 0n ? 1n : (notional + unit - 1n) / unit;
  for (let p = 1n; ; p *= 10n) {
    for (const m of [1n, 2n, 5n]) if (m * p >= whole) return (m * p).toString();
  }
}
