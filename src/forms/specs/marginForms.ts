import { build, type ContractConfig } from '../../protocol/wire/index.js';
import { atParNote, collateralCoin, contractById, isHedge, maxLeverage, positionsOf, targetPosition, tierLeverage, type FormContext } from '../context.js';
import { amountField, choiceField, integerField } from '../field.js';
import { defineForm } from '../formSpec.js';
import { holdingOf } from '../holdingModel.js';
import { needsFor } from '../keyRequirement.js';
import { formatMoney, formatPrice, formatSize } from '../../format/index.js';
import { marginMathOf } from '../../protocol/risk/index.js';
import { notionalRaw, tryDecimal } from '../numbers.js';
import { marginPool, markRaw, positionSize } from '../orderContext.js';

/**
 * Balances and limits read as the panes show them; the amount the action moves is exact
 * (a confirm step must not round what gets signed).
 */
function money(raw: bigint | string, coin: { decimals: number; name: string }, exact = false): string {
  return formatMoney(raw, coin, { exact, symbol: true });
}

function tiersText(c: ContractConfig, ctx: FormContext): string {
  const coin = collateralCoin(ctx.configs);
  return `${c.leverageTiers.map((t) => `${t.maxLeverage}x up to ${money(t.maxNotional, coin)}`).join(', ')}${atParNote(ctx.configs, c)}`;
}

/** A contract's leverage and margin mode for the account, as the forms and the account strip show them. */
export interface ContractSettingNow {
  leverage: number;
  mode: 'cross' | 'isolated';
  /** False when no read reports the leverage and the default is assumed. */
  leverageKnown: boolean;
  /** False when no read reports the margin mode and cross is assumed. */
  modeKnown: boolean;
}

/** The setting in force: what this session set, else the position's, else what the exchange reports (holdingOf). */
export function settingNow(ctx: Pick<FormContext, 'account' | 'positions' | 'leverageOf'>, contract: ContractConfig): ContractSettingNow {
  const h = holdingOf({ account: ctx.account, positions: ctx.positions, openOrders: [], leverageOf: ctx.leverageOf }, contract);
  return { leverage: h.leverage, mode: h.marginMode, leverageKnown: h.leverageSource !== 'default', modeKnown: h.modeKnown };
}

/** "now: 10x cross"; an assumed part says so. */
function settingNowLine(s: ContractSettingNow): string {
  return `now: ${s.leverage}x${s.leverageKnown ? '' : ' (default, not reported)'} ${s.mode}${s.modeKnown ? '' : ' (assumed, not reported)'}`;
}

export const leverageForm = defineForm({
  id: 'leverage',
  title: 'Leverage',
  actionType: 'updateLeverage',
  needs: needsFor('updateLeverage'),
  fields: {
    leverage: integerField({
      label: 'Leverage',
      help: 'a whole multiple within the contract tiers',
      min: 1,
      max: (ctx) => (ctx.contract ? maxLeverage(ctx.contract) : undefined),
      // Opens on the leverage in force; an assumed default is not put in the trader's mouth.
      default: (ctx) => {
        if (!ctx.contract) return '';
        const now = settingNow(ctx, ctx.contract);
        return now.leverageKnown ? String(now.leverage) : '';
      },
    }),
  },
  unavailable: (ctx) => (ctx.contract ? undefined : 'select a contract first'),
  headline: (ctx) => (ctx.contract ? settingNowLine(settingNow(ctx, ctx.contract)) : undefined),
  build(v, ctx) {
    const c = ctx.contract!;
    const coin = collateralCoin(ctx.configs);
    const summary = [`Set ${c.name} leverage to ${v.leverage}x`, settingNowLine(settingNow(ctx, c)), `tiers: ${tiersText(c, ctx)}`];
    for (const p of positionsOf(ctx, c.contractId)) {
      const px = markRaw(ctx, c) ?? tryDecimal(p.entryPx, c.priceScale);
      if (px === undefined) continue;
      const notional = notionalRaw(px, positionSize(p, c), c.priceScale, c.qtyScale, coin.decimals);
      const cap = tierLeverage(c, notional);
      if (cap !== undefined && v.leverage > cap) {
        return { ok: false, error: `Leverage: at most ${cap}x for the position's notional ${money(notional, coin)} (tiers: ${tiersText(c, ctx)})` };
      }
      // The change's effect on the open position: its initial margin at the mark moves with the
      // leverage; its liquidation price does not (the venue liquidates on the tier's maintenance
      // margin, and a leverage change moves no collateral).
      const math = marginMathOf(c, coin.decimals);
      const liq = p.liquidationPx === null ? 'none' : formatPrice(p.liquidationPx, c);
      summary.push(
        `${p.isBuy ? 'long' : 'short'} ${formatSize(p.size, c)}: margin used ${money(math.initialMargin(notional, p.leverage), coin)} → ${money(math.initialMargin(notional, v.leverage), coin)} at the mark; liquidation price stays ${liq} (set by the tier's maintenance margin)`,
      );
      if (v.leverage < p.leverage) summary.push(`lower than the position's ${p.leverage}x: the exchange checks the position's margin and refuses if it falls short`);
    }
    const action = build.updateLeverage(c.contractId, v.leverage);
    return { ok: true, value: { action, summary } };
  },
});

const MODES = [
  { text: 'cross', label: 'shared pool' },
  { text: 'isolated', label: 'per-position margin' },
] as const;

/** The modes, the one in force marked "now" (also while a refusal hides the summary). */
function modeChoices(ctx: FormContext): { text: string; label: string }[] {
  const now = ctx.contract ? settingNow(ctx, ctx.contract) : undefined;
  return MODES.map((m) => (now?.modeKnown && now.mode === m.text ? { text: m.text, label: `${m.label} · now` } : { ...m }));
}

/** Why the exchange would refuse a margin-mode switch on this contract, from the store's data. */
export function marginModeRefusal(ctx: FormContext, contractId: number): string | undefined {
  const positions = positionsOf(ctx, contractId).length;
  const orders = ctx.openOrders.filter((o) => o.asset === contractId).length;
  if (positions === 0 && orders === 0) return undefined;
  const name = contractById(ctx.configs, contractId)?.name ?? `contract ${contractId}`;
  const what = [positions > 0 ? `${positions} open position${positions === 1 ? '' : 's'}` : '', orders > 0 ? `${orders} open order${orders === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' and ');
  return `Margin mode: ${name} has ${what}; the exchange switches margin mode only with no open positions or orders on the contract (close the position and cancel the orders first)`;
}

export const marginModeForm = defineForm({
  id: 'marginMode',
  title: 'Margin mode',
  actionType: 'updateMarginMode',
  needs: needsFor('updateMarginMode'),
  fields: {
    mode: choiceField({
      label: 'Margin mode',
      help: 'cross shares the deployer pool; isolated gives the position its own margin',
      choices: (ctx) => modeChoices(ctx),
      map: (t) => t as 'cross' | 'isolated',
      default: () => 'isolated',
    }),
  },
  unavailable: (ctx) => (ctx.contract ? undefined : 'select a contract first'),
  headline: (ctx) => (ctx.contract ? settingNowLine(settingNow(ctx, ctx.contract)) : undefined),
  build(v, ctx) {
    const c = ctx.contract!;
    const refusal = marginModeRefusal(ctx, c.contractId);
    if (refusal) return { ok: false, error: refusal };
    const action = build.updateMarginMode(c.contractId, v.mode);
    const summary = [`Switch ${c.name} to ${v.mode} margin`, settingNowLine(settingNow(ctx, c))];
    return { ok: true, value: { action, summary, alwaysConfirm: true } };
  },
});

const DIRECTIONS = [
  { text: 'Add', label: 'cross pool -> position' },
  { text: 'Remove', label: 'position -> cross pool' },
];

export const isolatedMarginForm = defineForm({
  id: 'isolatedMargin',
  title: 'Isolated margin',
  actionType: 'updateIsolatedMargin',
  needs: needsFor('updateIsolatedMargin'),
  fields: {
    direction: choiceField({ label: 'Direction', help: 'Add takes from the cross pool; Remove returns to it', choices: () => DIRECTIONS, map: (t) => t === 'Add', default: () => 'Add' }),
    amount: amountField({ label: 'Amount', help: 'in collateral coins, e.g. 25.5', decimals: (ctx) => collateralCoin(ctx.configs).decimals }),
  },
  unavailable(ctx) {
    const p = targetPosition(ctx);
    if (!p) return 'select a position first (or hold exactly one on the selected contract)';
    if (p.marginMode !== 'isolated') return `the position is in ${p.marginMode} margin: isolated margin applies to isolated positions only`;
    return undefined;
  },
  build(v, ctx) {
    const p = targetPosition(ctx)!;
    const c = contractById(ctx.configs, p.contractId) ?? ctx.contract;
    const coin = collateralCoin(ctx.configs);
    const amount = (raw: bigint) => money(raw, coin);
    // The change travels as a JSON integer of smallest units: the exchange takes no more at once.
    const most = BigInt(Number.MAX_SAFE_INTEGER);
    if (v.amount > most) return { ok: false, error: `Amount: at most ${money(most, coin, true)} in one change` };
    const iso = /^-?\d+$/.test(p.isolatedMargin) ? BigInt(p.isolatedMargin) : 0n;
    const pool = c ? marginPool(ctx, c) : { source: '' };
    if (v.direction && pool.available !== undefined && v.amount > pool.available) {
      return { ok: false, error: `Amount: exceeds the cross pool's available ${amount(pool.available)}` };
    }
    if (!v.direction && v.amount > iso) return { ok: false, error: `Amount: exceeds the position's isolated margin ${amount(iso)}` };
    const ntli = Number(v.direction ? v.amount : -v.amount);
    const action = build.updateIsolatedMargin(p.contractId, ntli, isHedge(ctx.account) ? p.isBuy : undefined);
    const delta = v.direction ? v.amount : -v.amount;
    const which = `the ${p.isBuy ? 'long' : 'short'} ${c?.name ?? `contract ${p.contractId}`} position`;
    const summary = [
      `${v.direction ? 'Add' : 'Remove'} ${money(v.amount, coin, true)} ${v.direction ? 'to' : 'from'} the isolated margin of ${which}`,
      `isolated margin: ${amount(iso)} -> ${amount(iso + delta)}`,
    ];
    if (pool.available !== undefined) summary.push(`cross available: ${amount(pool.available)} -> ${amount(pool.available - delta)}`);
    if (!v.direction) summary.push('the exchange refuses a removal that leaves less than the initial margin');
    return { ok: true, value: { action, summary, notional: v.amount } };
  },
});
