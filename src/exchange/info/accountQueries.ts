import { HttpError } from '../errors.js';
import { bucket } from '../ledger.js';
import { isAgentExpired } from '../state/agents.js';
import type { Account } from '../state/accounts.js';
import type { ExchangeState } from '../state/exchangeState.js';
import { accountOf, requireMarketDeployerId } from './lookups.js';
import type { InfoRegistry } from './registry.js';

function mdEntry(core: ExchangeState, account: Account, md: number): Record<string, unknown> {
  const view = core.hooks.mdView(account.id, md);
  return {
    marketDeployerId: md,
    balances: [...core.config.coins.keys()].map((coinId) => ({
      coinId,
      total: core.ledger.balance(bucket.md(account.id, md, coinId)).toString(),
    })),
    equity: view.equity.toString(),
    marginUsed: view.marginUsed.toString(),
    available: view.available.toString(),
    withdrawable: view.withdrawable.toString(),
    positions: view.positions,
    contractSettings: core.trading.margin.contractSettings(account, md),
  };
}

/** One entry per reachable group and coin: the settlement coin always, others while they hold money. */
function groupEntries(core: ExchangeState, account: Account, onlyMd?: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const g of core.config.shareGroups.values()) {
    if (!account.enrolled.has(g.marketDeployerId)) continue;
    if (onlyMd !== undefined && g.marketDeployerId !== onlyMd) continue;
    for (const coinId of core.config.coins.keys()) {
      const balance = core.ledger.balance(bucket.group(account.id, g.groupId, coinId));
      if (coinId !== g.settlementCoinId && balance === 0n) continue;
      const view = core.hooks.groupView(account.id, g.groupId, coinId);
      const entry: Record<string, unknown> = {
        groupId: g.groupId,
        coinId,
        balance: balance.toString(),
        equity: view.equity.toString(),
        frozen: view.frozen ?? core.config.isFrozen(g.groupId),
      };
      if (view.maintenanceMargin !== undefined) entry.maintenanceMargin = view.maintenanceMargin.toString();
      if (view.marginUsed !== undefined) entry.marginUsed = view.marginUsed.toString();
      if (view.available !== undefined) entry.available = view.available.toString();
      out.push(entry);
    }
  }
  return out;
}

export function registerAccountQueries(registry: InfoRegistry): void {
  registry.register('userAccount', (core, req) => {
    const account = accountOf(core, req.user);
    if (req.marketDeployerId !== undefined) requireMarketDeployerId(core, req.marketDeployerId);
    const mds = req.marketDeployerId !== undefined ? [req.marketDeployerId] : [...account.enrolled].sort((a, b) => a - b);
    return {
      accountId: account.id,
      address: account.address,
      positionMode: account.positionMode,
      marginShareType: account.marginShareType,
      chainBalances: [...core.config.coins.keys()].map((coinId) => ({
        coinId,
        total: core.ledger.balance(bucket.chain(account.id, coinId)).toString(),
      })),
      marketDeployers: mds.map((md) => mdEntry(core, account, md)),
      shareGroups: groupEntries(core, account, req.marketDeployerId),
    };
  });

  registry.register('userAgents', (core, req) => {
    if (!/^[1-9]\d{0,15}$/.test(req.accountId)) throw new HttpError('BAD_REQUEST', 'accountId: expected the account id as a decimal string, e.g. "7"');
    const account = core.accounts.byId(Number(req.accountId));
    if (!account) throw new HttpError('NOT_FOUND', `accountId: no account ${req.accountId}`);
    const now = core.clock.now();
    return core.agents.list(account.id).map((r) => ({
      address: r.address,
      name: r.name,
      validUntil: r.validUntil,
      slot: r.slot,
      expired: isAgentExpired(r, now),
    }));
  });

  registry.register('userMarketDeployers', (core, req) => [...accountOf(core, req.user).enrolled].sort((a, b) => a - b));

  registry.register('shareGroupState', (core, req) =>
    [...core.config.shareGroups.values()]
      .filter((g) => req.groupId === undefined || g.groupId === req.groupId)
      .map((g) => ({ groupId: g.groupId, members: [...g.members], settlementCoinId: g.settlementCoinId, frozen: core.config.isFrozen(g.groupId) })),
  );
}
