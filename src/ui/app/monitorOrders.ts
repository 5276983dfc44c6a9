import type { Session } from '../../client/session.js';
import type { OpenOrder } from '../../protocol/wire/index.js';

/**
 * Monitor mode has no key, so no authenticated WebSocket and no openOrders stream. The
 * watched account's open orders are polled instead (userOrders per market deployer the
 * account has a pool in) and fed to the store as a full snapshot, under the poll name
 * 'userOrders' that the orders pane's staleness reads.
 */
export function pollMonitorOrders(session: Session, address: string, intervalMs = 2_000): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastOk: number | null = null;
  let lastError: string | null = null;

  async function once(): Promise<void> {
    const state = session.store.getState();
    const deployers = new Set<number>(state.account.pools.map((p) => p.marketDeployerId));
    // Before the first userAccount answer, ask every deployer the exchange lists.
    if (deployers.size === 0) for (const d of state.market.configs?.marketDeployers ?? []) deployers.add(d.marketDeployerId);
    if (deployers.size === 0) return;
    const orders: OpenOrder[] = [];
    for (const md of deployers) {
      const r = await session.info.userOrders(address, md);
      if (stopped) return;
      if (!r.ok) {
        if (lastError !== r.error.message) session.coalescer.error({ time: Date.now(), source: 'poll:userOrders', kind: r.error.kind, message: r.error.message });
        lastError = r.error.message;
        session.coalescer.poll('userOrders', { lastOk, lastError });
        return;
      }
      orders.push(...r.value);
    }
    lastOk = Date.now();
    lastError = null;
    session.coalescer.openOrders({ isSnapshot: true, orders });
    session.coalescer.poll('userOrders', { lastOk, lastError });
  }

  const loop = async () => {
    try {
      await once();
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
    if (!stopped) timer = setTimeout(loop, intervalMs);
  };
  void loop();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
