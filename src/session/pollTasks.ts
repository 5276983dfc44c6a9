import type { Result } from '../client/errors.js';
import type { InfoClient } from '../client/infoClient.js';
import type { PollTask } from '../client/poller.js';
import type { Coalescer } from '../feed/coalescer.js';
import type { ContractConfig, OpenOrder } from '../protocol/wire/index.js';
import type { AppStore } from '../state/store.js';
import type { AppState } from '../state/types.js';
import type { PollCadence } from './pollCadence.js';

export interface PollPlanInput {
  info: InfoClient;
  coalescer: Coalescer;
  store: AppStore;
  /** The watched account (master address). */
  address: string;
  cadence: PollCadence;
  /** The contracts shown, whose market state is polled (with those of the account's open positions). */
  contracts: () => readonly ContractConfig[];
  /** Poll open orders too: an account watched without a key has no private streams. */
  openOrders: boolean;
}

const SKIP: Result<undefined> = { ok: true, value: undefined };

/**
 * The polling plan: balances, positions, agents, share groups and market state are not
 * pushed by the exchange; in monitor mode neither are open orders, which are then read per
 * market deployer the account has a pool in and stored as a full snapshot under the poll
 * name 'userOrders' (the orders pane's staleness reads it).
 */
export function pollTasks(p: PollPlanInput): PollTask[] {
  const { info, coalescer, store, address, cadence } = p;
  const tasks: PollTask[] = [
    {
      name: 'userAccount',
      intervalMs: cadence.accountMs,
      burstIntervalMs: cadence.burstIntervalMs,
      run: async () => {
        const r = await info.userAccount(address);
        if (r.ok) coalescer.account(r.value);
        return r;
      },
    },
    {
      name: 'userAgents',
      intervalMs: cadence.agentsMs,
      burstIntervalMs: cadence.burstIntervalMs,
      run: async () => {
        let id = store.getState().account.accountId;
        if (id === null) {
          // Known once a userAccount answer is applied; the first may still be on its way (or
          // came before the account existed), so read it here rather than wait a whole cadence.
          const account = await info.userAccount(address);
          if (!account.ok) return SKIP; // the userAccount task reports its own errors
          coalescer.account(account.value);
          id = account.value.accountId;
        }
        const r = await info.userAgents(id);
        if (r.ok) coalescer.agents(r.value);
        return r;
      },
    },
    {
      name: 'shareGroupState',
      intervalMs: cadence.shareGroupsMs,
      run: async () => {
        const r = await info.shareGroupState();
        if (r.ok) coalescer.shareGroupDefs(r.value);
        return r;
      },
    },
    {
      name: 'marketState',
      intervalMs: cadence.marketStateMs,
      burstIntervalMs: cadence.burstIntervalMs,
      run: async () => {
        const shown = withPositions(p.contracts(), store.getState());
        if (shown.length === 0) return SKIP;
        // One read per contract shown; the first failure is the poll's error.
        for (const c of shown) {
          const r = await info.marketState(c.contractId);
          if (!r.ok) return r;
          coalescer.marketState(r.value);
        }
        return SKIP;
      },
    },
  ];
  if (p.openOrders) {
    tasks.push({
      name: 'userOrders',
      intervalMs: cadence.ordersMs,
      run: async () => {
        const state = store.getState();
        const deployers = new Set<number>(state.account.pools.map((pool) => pool.marketDeployerId));
        // Before the first userAccount answer, ask every deployer the exchange lists.
        if (deployers.size === 0) for (const d of state.market.configs?.marketDeployers ?? []) deployers.add(d.marketDeployerId);
        if (deployers.size === 0) return SKIP;
        const orders: OpenOrder[] = [];
        for (const md of deployers) {
          const r = await info.userOrders(address, md);
          if (!r.ok) return r;
          orders.push(...r.value);
        }
        coalescer.openOrders({ isSnapshot: true, orders });
        return { ok: true, value: orders };
      },
    });
  }
  return tasks;
}

/**
 * The contracts shown plus those the account holds a position in: a position's mark, uPnL
 * and liquidation price need its contract's market state whatever contract a screen shows.
 */
function withPositions(shown: readonly ContractConfig[], state: AppState): readonly ContractConfig[] {
  const held = new Set(state.account.positions.map((pos) => pos.contractId));
  const extra = Object.values(state.market.contracts).filter((c) => held.has(c.contractId) && !shown.some((s) => s.contractId === c.contractId));
  return extra.length === 0 ? shown : [...shown, ...extra];
}
