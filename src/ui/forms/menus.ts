import { coinById, collateralCoin, deployerName, formById, keyRequirement, slotUsage, type FormContext } from '../../forms/index.js';
import { formatMoney } from '../../format/index.js';

/**
 * Keys that lead to several forms (C: every collateral movement, A: agent wallets) open a
 * short menu first. Each item names the form it opens; the header shows the balances or
 * slots the choice depends on, so the user sees them before choosing.
 */
export interface MenuItem {
  label: string;
  /** A FORMS id, or a local form ('generateAgent'). */
  form: string;
}

export interface Menu {
  id: string;
  title: string;
  header(ctx: FormContext): string[];
  items: readonly MenuItem[];
}

function balancesHeader(ctx: FormContext): string[] {
  const a = ctx.account;
  if (!a) return ['balances: account not loaded yet'];
  const coin = collateralCoin(ctx.configs);
  const lines = [`Account: ${a.marginShareType} margin`];
  const chain = a.chainBalances.map((b) => formatMoney(b.total, coinById(ctx.configs, b.coinId), { symbol: true })).join(', ') || formatMoney(0n, coin, { symbol: true });
  lines.push(`chain balance: ${chain}`);
  for (const p of a.marketDeployers) {
    lines.push(`deployer ${deployerName(ctx.configs, p.marketDeployerId)} pool: equity ${formatMoney(p.equity, coin, { symbol: true })}, withdrawable ${formatMoney(p.withdrawable, coin, { symbol: true })}`);
  }
  for (const g of a.shareGroups) {
    lines.push(`share group ${g.groupId} pool: ${formatMoney(g.balance, coinById(ctx.configs, g.coinId), { symbol: true })}${g.frozen ? ' (FROZEN)' : ''}`);
  }
  return lines;
}

export const MENUS: Readonly<Record<string, Menu>> = {
  'menu:collateral': {
    id: 'menu:collateral',
    title: 'Move collateral',
    header: balancesHeader,
    items: [
      { label: 'Lock: chain balance -> deployer pool', form: 'lockCollateral' },
      { label: 'Unlock: deployer pool -> chain balance', form: 'unlockCollateral' },
      { label: 'Transfer between deployer pools', form: 'transferBetweenDeployers' },
      { label: 'Deployer pool -> share group pool', form: 'transferMdToShareGroup' },
      { label: 'Share group pool -> deployer pool', form: 'transferShareGroupToMd' },
      { label: 'Lock: chain balance -> share group pool', form: 'lockIntoShareGroup' },
      { label: 'Unlock: share group pool -> chain balance', form: 'unlockFromShareGroup' },
      { label: 'Switch margin share type (UNIFIED / PORTFOLIO)', form: 'setMarginShareType' },
    ],
  },
  'menu:agents': {
    id: 'menu:agents',
    title: 'Agent wallets',
    header: (ctx) => [
      slotUsage(ctx.agents).text,
      'an agent signs trading actions for this account; approving and revoking needs the master key',
    ],
    items: [
      { label: 'Generate a new agent key (saved encrypted), then approve it', form: 'generateAgent' },
      { label: 'Approve an agent wallet by address', form: 'approveAgent' },
      { label: 'Revoke the selected agent', form: 'revokeAgent' },
    ],
  },
  'menu:algos': {
    id: 'menu:algos',
    title: 'Work an order with an algo',
    header: (ctx) => [
      `on ${ctx.contract?.name ?? 'no contract'}${ctx.markPx ? `, mark ${ctx.markPx}` : ''}: perpdesk runs the algo and sends its orders itself, each checked as the order form checks one`,
      'its plan and every order are written to the state directory first: after a crash it comes back paused, never doubled',
    ],
    items: [
      { label: 'TWAP: Ioc slices over a duration, within a band around the mark', form: 'algoTwap' },
      { label: 'Scale: orders spread between two prices, sizes skewed', form: 'algoScale' },
      { label: 'Chase: a post-only order that follows the touch', form: 'algoChase' },
      { label: 'Trailing stop: close the position when the mark comes back', form: 'algoTrail' },
    ],
  },
};

export function menuById(id: string): Menu | undefined {
  return Object.prototype.hasOwnProperty.call(MENUS, id) ? MENUS[id] : undefined;
}

/** Why an item cannot be used with the keys loaded, shown beside it. */
export function itemNote(item: MenuItem, ctx: FormContext): string | undefined {
  const spec = formById(item.form === 'generateAgent' ? 'approveAgent' : item.form);
  if (!spec) return undefined;
  const need = keyRequirement(spec.actionType, ctx.keys);
  return need.ok ? undefined : 'needs the master key';
}
