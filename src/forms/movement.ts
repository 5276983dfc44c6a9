import {
  balanceOf,
  coinById,
  collateralCoin,
  deployerName,
  groupBalance,
  groupDeployer,
  poolOf,
  shareGroupIds,
  type FormContext,
} from './context.js';
import { amountField, choiceField } from './field.js';
import { formatMoney } from '../format/index.js';

/**
 * Collateral movements between the chain-level balance, deployer pools and share-group
 * pools: the shared fields, the limits known before signing, and the before/after lines.
 */
export type Place = { kind: 'chain' } | { kind: 'md'; id: number } | { kind: 'group'; id: number };

export function placeName(ctx: FormContext, p: Place): string {
  if (p.kind === 'chain') return 'chain balance';
  if (p.kind === 'md') return `deployer ${deployerName(ctx.configs, p.id)} pool`;
  return `share group ${p.id} pool`;
}

/** Raw balance of a coin at a place; undefined while the account is not loaded. */
export function balanceAt(ctx: FormContext, p: Place, coinId: number): bigint | undefined {
  const a = ctx.account;
  if (!a) return undefined;
  if (p.kind === 'chain') return balanceOf(a.chainBalances, coinId);
  if (p.kind === 'md') return balanceOf(poolOf(a, p.id)?.balances, coinId);
  return groupBalance(a, p.id, coinId);
}

export function coinField() {
  return choiceField({
    label: 'Coin',
    help: 'the coin to move',
    choices: (ctx) => (ctx.configs?.coins ?? []).map((c) => ({ text: c.name, label: `coin ${c.coinId}` })),
    map: (t, ctx) => ctx.configs?.coins.find((c) => c.name === t)?.coinId ?? 0,
    default: (ctx) => collateralCoin(ctx.configs).name,
  });
}

export function amountOfCoinField() {
  return amountField({
    label: 'Amount',
    help: 'in coins, e.g. 250.5 (sent as the coin\'s smallest units)',
    decimals: (ctx, texts) => ctx.configs?.coins.find((c) => c.name.toLowerCase() === (texts['coin'] ?? '').trim().toLowerCase())?.decimals,
  });
}

export function deployerField(label: string, help: string, fallback: (ctx: FormContext) => number | undefined) {
  return choiceField({
    label,
    help,
    choices: (ctx) => (ctx.configs?.marketDeployers ?? []).map((m) => ({ text: String(m.marketDeployerId), label: m.name })),
    map: (t) => Number(t),
    default: (ctx) => {
      const id = fallback(ctx);
      return id === undefined ? '' : String(id);
    },
  });
}

export function groupField() {
  return choiceField({
    label: 'Share group',
    help: 'a portfolio share group',
    choices: (ctx) => shareGroupIds(ctx).map((id) => ({ text: String(id) })),
    map: (t) => Number(t),
    default: (ctx) => {
      const id = ctx.contract?.shareGroupId ?? shareGroupIds(ctx)[0];
      return id === undefined ? '' : String(id);
    },
  });
}

/** The selected contract's deployer, else the first one. */
export const currentDeployer = (ctx: FormContext): number | undefined => ctx.contract?.marketDeployerId ?? ctx.configs?.marketDeployers[0]?.marketDeployerId;

export function isEnrolled(ctx: FormContext, md: number): boolean | undefined {
  return ctx.account ? ctx.account.marketDeployers.some((p) => p.marketDeployerId === md) : undefined;
}

/**
 * Checks known before signing and the before/after lines of a movement. Errors name the
 * field; limits come from the last account read, and the exchange still has the last word.
 */
export function planMovement(
  ctx: FormContext,
  from: Place,
  to: Place,
  coinId: number,
  amount: bigint,
): { ok: true; lines: string[] } | { ok: false; error: string } {
  const coin = coinById(ctx.configs, coinId);
  // Balances read as the account pane shows them; the amount moved keeps every digit.
  const money = (raw: bigint) => formatMoney(raw, coin, { symbol: true });
  const moved = (raw: bigint) => formatMoney(raw, coin, { exact: true, symbol: true });
  if (to.kind === 'md' && isEnrolled(ctx, to.id) === false) {
    return { ok: false, error: `Deployer: not enrolled in ${deployerName(ctx.configs, to.id)}; enroll first (money enters a deployer only after enrolment)` };
  }
  if (to.kind === 'group' && ctx.account && ctx.account.marginShareType !== 'PORTFOLIO') {
    return { ok: false, error: 'Share group: money enters a share group only in PORTFOLIO mode; switch the margin share type first' };
  }
  const before = balanceAt(ctx, from, coinId);
  if (before !== undefined && amount > before) return { ok: false, error: `Amount: exceeds the ${placeName(ctx, from)} of ${money(before)}` };
  if (from.kind === 'md' && ctx.account && coinId === collateralCoin(ctx.configs).coinId) {
    const pool = poolOf(ctx.account, from.id);
    if (pool && /^\d+$/.test(pool.withdrawable) && amount > BigInt(pool.withdrawable)) {
      return { ok: false, error: `Amount: exceeds what ${placeName(ctx, from)} can release now, ${money(BigInt(pool.withdrawable))} (positions and orders hold the rest)` };
    }
  }
  const lines = [`Move ${moved(amount)} from the ${placeName(ctx, from)} to the ${placeName(ctx, to)}`];
  const toBefore = balanceAt(ctx, to, coinId);
  if (before === undefined || toBefore === undefined) lines.push('balances unknown (account not loaded yet)');
  else {
    lines.push(`${placeName(ctx, from)}: ${money(before)} -> ${money(before - amount)}`);
    lines.push(`${placeName(ctx, to)}: ${money(toBefore)} -> ${money(toBefore + amount)}`);
  }
  return { ok: true, lines };
}

/** A deployer<->group transfer must name the deployer the group belongs to. */
export function groupDeployerMismatch(ctx: FormContext, md: number, groupId: number): string | undefined {
  const owner = groupDeployer(ctx.configs, groupId);
  if (owner === undefined || owner === md) return undefined;
  return `Deployer: share group ${groupId} belongs to ${deployerName(ctx.configs, owner)}`;
}
