import { agentMaySend } from '../protocol/wire/index.js';
import { blockerText, type Blocker, type Remedy } from './blockers.js';
import { collateralCoin, type FormContext } from './context.js';
import { preTradesOf, type Evaluation, type FormSpec } from './formSpec.js';
import { confirmKindOf, policyConfirms, skipThreshold, type ConfirmKind } from './confirmPolicy.js';
import { checkGuards, staleBookConfirmation, type GuardViolation } from './guards.js';
import type { PreTrade } from './preTrade.js';

/**
 * What happens between a ready form and signing: whether a confirm step shows, what it
 * says, what the exchange is known to refuse (blockers), which guards need an explicit
 * override, and whether a stale book asks once more.
 */
export interface PlanBlocker {
  blocker: Blocker;
  /** 1-based order of a batch the blocker is about; absent for a single order. */
  order?: number;
}

export interface ConfirmPlan {
  show: boolean;
  lines: string[];
  preTrades: readonly PreTrade[];
  /**
   * What the client knows the exchange will refuse: while any stands, Enter does not sign.
   * The client's copy of the account may be stale, so the same override as for guards sends.
   */
  blockers: PlanBlocker[];
  /** Each needs the user's explicit override before sending. */
  overrides: GuardViolation[];
  /** Set while the book is stale on order entry: a second, separate confirmation. */
  staleBook?: string;
  /** Which confirm policy applies (`confirm.<kind>` in the config). */
  kind?: ConfirmKind;
  /**
   * The step shows only because of the order policy: "don't ask again for orders up to
   * this many quote units" is offered, the request's notional rounded up.
   */
  skipUnder?: { above: string; coin: string };
}

/** Forms that put orders on the book: guards and the stale-book check apply to them. */
const ORDER_ENTRY = new Set(['order', 'modify']);

/** The plan's blockers in words, numbered for a batch; `remedy` says how to fix each where the line is shown. */
export function blockerLines(plan: Pick<ConfirmPlan, 'blockers'>, remedy?: Remedy): string[] {
  return plan.blockers.map((b) => `${b.order !== undefined ? `#${b.order} ` : ''}${blockerText(b.blocker, remedy)}`);
}

/** The plan holds something Enter alone must not sign past: a blocker or a guard. */
export function needsOverride(plan: Pick<ConfirmPlan, 'blockers' | 'overrides'>): boolean {
  return plan.blockers.length > 0 || plan.overrides.length > 0;
}

/**
 * Each thing said once: the summary's first line and a pre-trade's first line name the same
 * order, the summary's with more after a comma (a cloid the trader typed).
 */
function saidOnce(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const l of lines) if (!out.some((o) => o === l || o.startsWith(`${l}, `))) out.push(l);
  return out;
}

export function confirmPlan(spec: FormSpec, evaluation: Evaluation, ctx: FormContext): ConfirmPlan {
  const built = evaluation.built;
  if (!evaluation.ready || !built) return { show: false, lines: [], preTrades: [], blockers: [], overrides: [] };
  const collateral = collateralCoin(ctx.configs);
  const preTrades = preTradesOf(spec, evaluation, ctx);
  const lines = [...built.summary];
  // Said first, whatever the policy: the money moved is the vault's, not the signer's own.
  const vault = ctx.keys.vault;
  if (vault !== undefined && !agentMaySend(spec.actionType)) lines.unshift(`for vault ${vault}`);
  const many = preTrades.length > 1;
  const blockers: PlanBlocker[] = [];
  preTrades.forEach((pt, i) => {
    for (const l of pt.lines) lines.push(many ? `#${i + 1} ${l}` : l);
    for (const n of pt.notes) lines.push(`${many ? `#${i + 1} ` : ''}note: ${n}`);
    for (const blocker of pt.blockers ?? []) blockers.push(many ? { blocker, order: i + 1 } : { blocker });
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
  const kind = confirmKindOf(spec.actionType);
  const byPolicy = policyConfirms(ctx.settings.confirm, notional, collateral, kind, built.alwaysConfirm === true);
  // A known refusal is shown whatever the confirm policy: skipping the step would sign it.
  const forced = blockers.length > 0 || overrides.length > 0 || staleBook !== undefined;
  const plan: ConfirmPlan = { show: byPolicy || forced, lines: saidOnce(lines), preTrades, blockers, overrides, kind };
  if (staleBook !== undefined) plan.staleBook = staleBook;
  if (byPolicy && !forced && kind === 'order' && notional !== undefined) plan.skipUnder = { above: skipThreshold(notional, collateral), coin: collateral.name };
  return plan;
}
