import { collateralCoin, type FormContext } from './context.js';
import { preTradesOf, type Evaluation, type FormSpec } from './formSpec.js';
import { checkGuards, policyConfirms, staleBookConfirmation, type GuardViolation } from './guards.js';
import type { PreTrade } from './preTrade.js';

/**
 * What happens between a ready form and signing: whether a confirm step shows, what it
 * says, which guards need an explicit override, and whether a stale book asks once more.
 */
export interface ConfirmPlan {
  show: boolean;
  lines: string[];
  preTrades: readonly PreTrade[];
  /** Each needs the user's explicit override before sending. */
  overrides: GuardViolation[];
  /** Set while the book is stale on order entry: a second, separate confirmation. */
  staleBook?: string;
}

/** Forms that put orders on the book: guards and the stale-book check apply to them. */
const ORDER_ENTRY = new Set(['order', 'modify']);

export function confirmPlan(spec: FormSpec, evaluation: Evaluation, ctx: FormContext): ConfirmPlan {
  const built = evaluation.built;
  if (!evaluation.ready || !built) return { show: false, lines: [], preTrades: [], overrides: [] };
  const collateral = collateralCoin(ctx.configs);
  const preTrades = preTradesOf(spec, evaluation, ctx);
  const lines = [...built.summary];
  const many = preTrades.length > 1;
  preTrades.forEach((pt, i) => {
    for (const l of pt.lines) lines.push(many ? `#${i + 1} ${l}` : l);
    for (const n of pt.notes) lines.push(`${many ? `#${i + 1} ` : ''}note: ${n}`);
  });

  const overrides: GuardViolation[] = [];
  const entry = ORDER_ENTRY.has(spec.actionType);
  if (entry && ctx.contract) {
    preTrades.forEach((pt, i) => {
      for (const v of checkGuards(pt, ctx.settings.guards, collateral, ctx.contract!.priceScale)) {
        overrides.push(many ? { ...v, message: `#${i + 1} ${v.message}` } : v);
      }
    });
  }
  const staleBook = entry ? staleBookConfirmation(ctx.bookStale) : undefined;

  const notional = preTrades.length > 0 ? preTrades.reduce((sum, p) => sum + p.notional, 0n) : built.notional;
  const show = built.alwaysConfirm === true || policyConfirms(ctx.settings.confirm, notional, collateral) || overrides.length > 0 || staleBook !== undefined;
  const plan: ConfirmPlan = { show, lines, preTrades, overrides };
  if (staleBook !== undefined) plan.staleBook = staleBook;
  return plan;
}
