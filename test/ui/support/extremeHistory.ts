import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistoryStore, type FundingContract, type Sample } from '../../../src/history/historyStore.js';
import type { OrderUpdate } from '../../../src/protocol/wire/index.js';
import { HistoryReader } from '../../../src/session/historyReader.js';
import type { AppStore } from '../../../src/state/store.js';

const HOUR = 3_600_000;

/**
 * A history store holding what an extreme store's account did (its fills, an order event per
 * open order, two runs with a gap between them and a funding time in the second), and a
 * screen's reader of it: the History, Funding and PnL panes at their extremes. `close()`
 * closes the reader and the file and removes it.
 */
export function extremeHistory(app: AppStore, now = Date.now()): { reader: HistoryReader; close(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'perpdesk-extreme-history-'));
  const store = HistoryStore.open(join(dir, 'h.sqlite'), { venue: 'embedded', account: '0x00000000000000000000000000000000000000aa' });
  const s = app.getState();
  const t0 = now - 3 * HOUR;
  const positions = s.account.positions.map((p) => ({ contractId: p.contractId, isBuy: p.isBuy, size: p.size }));
  const ids = [...new Set([1, ...positions.map((p) => p.contractId)])];
  const contracts = new Map<number, FundingContract>();
  for (const id of ids) {
    const c = s.market.configs?.contracts.find((x) => x.contractId === id);
    contracts.set(id, { priceScale: c?.priceScale ?? 0, qtyScale: c?.qtyScale ?? 0, collateralDecimals: 6, fundingIntervalMs: HOUR });
  }
  const sample = (time: number, balance: bigint, index: string): Sample => ({
    time,
    equity: String(balance),
    balance: String(balance),
    markets: ids.map((contractId) => ({ contractId, markPx: '150', fundingIndex: index, nextFundingTime: Math.ceil((time + 1) / HOUR) * HOUR, positions: positions.filter((p) => p.contractId === contractId) })),
  });
  const a = store.beginSession('test', t0);
  store.addSample(sample(t0, 5_000_000_000n, '0'), 'start', a, contracts);
  store.addFills(s.orders.fills.map((f, i) => ({ ...f, time: Math.min(now, t0 + 1_000 + i) })), 'stream');
  const updates: OrderUpdate[] = Object.values(s.orders.open).map((o) => ({ event: 'new', status: 'open', statusTimestamp: t0 + 2_000, order: o }));
  store.addOrderEvents(updates, 'stream');
  store.addSample(sample(t0 + 600_000, 4_999_000_000n, '0'), 'minute', a, contracts);
  store.touchSession(a, t0 + 600_000);
  const b = store.beginSession('test', t0 + HOUR + 60_000);
  store.addSample(sample(t0 + HOUR + 60_000, 4_999_000_000n, '0'), 'start', b, contracts);
  store.addSample(sample(t0 + 2 * HOUR + 60_000, 4_998_000_000n, '0.0001'), 'minute', b, contracts);
  store.touchSession(b, now);
  const reader = new HistoryReader(store, app);
  return {
    reader,
    close() {
      reader.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
