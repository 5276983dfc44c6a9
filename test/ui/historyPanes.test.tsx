import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryStore } from '../../src/history/historyStore.js';
import type { Fill, OrderUpdate } from '../../src/protocol/wire/index.js';
import { HistoryReader } from '../../src/session/historyReader.js';
import { createAppStore } from '../../src/state/store.js';
import { PANE_MIN } from '../../src/ui/app/layout.js';
import { textWidth } from '../../src/ui/format/width.js';
import { PANES } from '../../src/ui/panes/paneDefs.js';
import { historyListed } from '../../src/ui/panes/history/historyListed.js';
import { paneRowCount } from '../../src/ui/panes/selection.js';
import { createViewStore, view } from '../../src/ui/view/viewStore.js';
import { LIST_COMMANDS } from '../../src/ui/commands/listCommands.js';
import type { CommandContext } from '../../src/ui/commands/types.js';
import { tempDirs } from '../support/tempDirs.js';
import { CONFIGS, fullState } from './support/paneFixtures.js';
import { renderPane } from './support/renderPane.js';
import { HOUR, SOL_CONTRACTS, solSample } from '../history/support/solSamples.js';

/**
 * The History, Funding and PnL panes over a real history store: what the reader reads
 * (bounded, on its timers and after fills, never in a render) and what the panes draw of it.
 */

const tempDir = tempDirs('perpdesk-history-panes-');
const scope = { venue: 'embedded', account: '0x00000000000000000000000000000000000000aa' };
// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
const until = async (ok: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return ok();
};

const T0 = Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR + 60_000;
const contracts = SOL_CONTRACTS;
const sample = solSample;
const fill = (tid: number, time: number): Fill => ({ contractId: 1, oid: 5_000 + tid, tid, px: '150', sz: '1', isBuy: tid % 2 === 0, time, liquidity: 'taker', fee: '75000', closedPnl: tid % 2 === 0 ? '0' : '1000000' });
const update = (oid: number, time: number, event: OrderUpdate['event'], status: OrderUpdate['status']): OrderUpdate => ({
  event, status, statusTimestamp: time, order: { oid, asset: 1, isBuy: true, limitPx: '149', sz: '1', origSz: '1', tif: 'Gtc', reduceOnly: false, timestamp: time },
});

/** Two runs with a gap between them, 600 fills in the first, a funding time in the second. */
function fixture(): HistoryStore {
  const store = HistoryStore.open(join(tempDir(), 'h.sqlite'), scope);
  store.saveConfigs(CONFIGS);
  const a = store.beginSession('test', T0);
  let balance = 5_000_000_000n;
  store.addSample(sample(T0, balance, '0', '0'), 'start', a, contracts);
  const fills = Array.from({ length: 600 }, (_, i) => fill(i + 1, T0 + 1_000 + i * 1_000));
  store.addFills(fills, 'stream');
  for (const f of fills) balance += BigInt(f.closedPnl) - BigInt(f.fee);
  store.addOrderEvents([update(77, T0 + 500, 'new', 'open'), update(77, T0 + 700_000, 'cancel', 'canceled')], 'stream');
  store.addSample(sample(T0 + 700_000, balance, '0', '2'), 'minute', a, contracts);
  store.touchSession(a, T0 + 700_000);
  // Not recorded from T0 + 700 s until the second run starts; a funding time passes in the second run.
  const b = store.beginSession('test', T0 + HOUR + 60_000);
  store.addSample(sample(T0 + HOUR + 60_000, balance, '0', '2'), 'start', b, contracts);
  balance -= 30_000n;
  store.addSample(sample(T0 + 2 * HOUR + 60_000, balance, '0.0001', '2'), 'minute', b, contracts);
  store.touchSession(b, T0 + 2 * HOUR + 60_000);
  return store;
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

function setup(o: { afterFillMs?: number } = {}) {
  const hs = fixture();
  const app = createAppStore(fullState(Date.now()));
  const reader = new HistoryReader(hs, app, { afterFillMs: o.afterFillMs ?? 20, everyMs: 60_000 });
  cleanup.push(() => reader.close(), () => hs.close());
  return { hs, app, reader };
}

describe('the history reader', () => {
  it('reads what a pane wants off the render path, bounded, and re-reads after the session’s fills', async () => {
    const { hs, app, reader } = setup();
    const recent = vi.spyOn(hs, 'recentFills');
    const release = reader.want('day', 'rows');
    // Asked for, not read in the asking call: the read comes on the reader's own timer.
    expect(reader.read('day')).toBeUndefined();
    expect(recent).not.toHaveBeenCalled();
    expect(await until(() => reader.read('day') !== undefined)).toBe(true);
    const first = reader.read('day')!;
    expect(first.fills!.rows).toHaveLength(500);
    expect(first.fills!.count).toBe(600);
    expect(first.fills!.rows[0]!.tid).toBe(600);
    expect(first.orders!.count).toBe(2);
    expect(first.gaps).toEqual([{ from: T0 + 700_000, to: T0 + HOUR + 60_000 }]);
    // A re-read that finds the same keeps the read (the panes do not redraw).
    const version = reader.snapshot();
    reader.refresh();
    expect(reader.snapshot()).toBe(version);
    expect(reader.read('day')).toBe(first);
    // A fill reaches the session's store (and the recorder's file): the reader reads again shortly after.
    hs.addFills([fill(601, Date.now())], 'stream');
    app.setState({ orders: { ...app.getState().orders, fills: [...app.getState().orders.fills] } });
    expect(await until(() => reader.read('day')!.fills!.count === 601)).toBe(true);
    expect(reader.read('day')!.fills!.rows[0]!.tid).toBe(601);
    // Released: no timer, no subscription, no more reads.
    release();
    const calls = recent.mock.calls.length;
    app.setState({ orders: { ...app.getState().orders, fills: [] } });
    await new Promise((r) => setTimeout(r, 80));
    expect(recent.mock.calls.length).toBe(calls);
  });

  it('PnL: realised and fees per contract from every fill of the period, funding from the samples, the curve in bounded points', async () => {
    const { reader } = setup();
    reader.want('all', 'pnl');
    expect(await until(() => reader.read('all') !== undefined)).toBe(true);
    const r = reader.read('all')!;
    const sol1 = r.totals!.get(1)!;
    expect(sol1).toEqual({ realised: 300_000_000n, fees: 45_000_000n, funding: sol1.funding, fills: 600 });
    // The balances say −0.03 moved across the funding time; derived says which contract.
    expect(r.fundingObserved).toBe(-30_000n);
    expect(r.funding!.map((p) => p.contractId)).toEqual([1]);
    expect(r.curve!.map((p) => p.equity)).toEqual([5_001_000_000n, 5_256_000_000n, 5_256_000_000n, 5_255_970_000n]);
  });
});

describe('the PnL totals, kept up', () => {
  it('equal a fresh sum after new fills and after the period’s start passes some', async () => {
    const hs = fixture();
    const app = createAppStore(fullState(Date.now()));
    let clock = Date.now();
    const reader = new HistoryReader(hs, app, { now: () => clock, everyMs: 60_000 });
    cleanup.push(() => reader.close(), () => hs.close());
    reader.want('day', 'pnl');
    reader.refresh();
    const fresh = (since: number) => new Map([...hs.fillTotals({ since })].map(([id, t]) => [id, { ...t, funding: reader.read('day')!.totals!.get(id)!.funding }]));
    expect(reader.read('day')!.totals).toEqual(fresh(clock - 86_400_000));
    const sum = vi.spyOn(hs, 'fillTotals');
    hs.addFills([fill(601, clock), { ...fill(602, clock), contractId: 2, closedPnl: '-7000000' }], 'stream');
    reader.refresh();
    expect(reader.read('day')!.totals).toEqual(fresh(clock - 86_400_000));
    // Only the new rows were summed (row ids above the last read's), not the 600 before them.
    expect(sum.mock.calls[0]![1]).toEqual({ after: 600, upTo: 602 });
    // A day later less 3 h less 300 s: the period starts at T0 + 300 s; the first 299 fills have left it.
    clock = T0 + 86_400_000 + 300_000;
    reader.refresh();
    const since = clock - 86_400_000;
    expect(reader.read('day')!.totals).toEqual(fresh(since));
    expect(reader.read('day')!.totals!.get(1)!.fills).toBe(600 - 299 + 1);
    sum.mockRestore();
  });
});

describe('the trading-memory panes over a store', () => {
  it('History: the newest rows, the gap as a row and over the table, j/k over the same rows; v and o', async () => {
    const { app, reader } = setup();
    const r = renderPane(PANES.history, app, { width: 100, height: 14, focused: true }, { history: reader, view: { historyPeriods: { history: 'all' } } });
    cleanup.push(r.unmount);
    expect(await until(() => plain(r.frame()).includes('not recorded from'))).toBe(true);
    const f = plain(r.frame());
    // The newest 500 fills and the order events of their span (the order placed before the oldest of them waits for the window further back).
    expect(f).toContain('all · 501 of 602');
    expect(f).toMatch(/fill +SOL1 +Buy +150 +1 +0\.075/);
    expect(paneRowCount('history', app.getState(), r.view.getState(), { history: reader })).toBe(502);
    view.cycleHistorySort(r.view);
    expect(await until(() => plain(r.frame()).includes('History all · oldest'))).toBe(true);
    const rows = historyListed(app.getState(), r.view.getState(), { history: reader }).rows;
    // The oldest of the 500 fills read first (tid 101: the pane reads the newest 500 of 600).
    expect(rows[0]!.what).toBe('fill');
    expect(rows[0]!.ids[1]).toBe('101');
    view.cycleHistoryPeriod(r.view, 'history');
    expect(await until(() => plain(r.frame()).includes('History day · oldest'))).toBe(true);
  });

  it('History: j past the last of the newest 500 reads the window further back (500 at most), the cursor on its row; k above its top comes back', async () => {
    const { app, reader } = setup();
    const v = createViewStore();
    v.setState({ focus: 'history', historyPeriods: { ...v.getState().historyPeriods, history: 'all' } });
    const ctx = { app: { store: app, view: v, history: reader, mode: { readOnly: false } } } as unknown as CommandContext;
    const release = reader.want('all', 'rows');
    cleanup.push(release);
    reader.refresh();
    const listed = () => historyListed(app.getState(), v.getState(), { history: reader }).rows;
    const selected = () => listed()[v.getState().selection.history ?? 0]!;
    LIST_COMMANDS['list.bottom'](ctx);
    expect(selected().ids[1]).toBe('101');
    expect(reader.read('all')!.before).toBeUndefined();
    // Past the end: the window ending at tid 101 (fills 1 to 101, both order events), the cursor still on tid 101.
    LIST_COMMANDS['list.down'](ctx);
    const back = reader.read('all')!;
    expect(back.before).toBe(T0 + 101_000);
    expect(back.fills!.rows.map((x) => x.tid)).toEqual(Array.from({ length: 101 }, (_, i) => 101 - i));
    expect(back.fills!.count).toBe(600);
    expect(back.orders!.rows.map((o) => o.event)).toEqual(['new']);
    expect(selected().ids[1]).toBe('101');
    LIST_COMMANDS['list.down'](ctx);
    expect(selected().ids[1]).toBe('100');
    // Nothing older than the oldest: j at the end stays.
    LIST_COMMANDS['list.bottom'](ctx);
    const last = selected();
    expect(last.what).toBe('placed');
    LIST_COMMANDS['list.down'](ctx);
    expect(reader.read('all')).toBe(back);
    expect(selected()).toBe(last);
    // Above the top of a window further back: half a window (250 rows) newer, the cursor on its row.
    // (The gap after the window's span is in the windows of its time, not at this one's top.)
    LIST_COMMANDS['list.top'](ctx);
    expect(selected().ids[1]).toBe('101');
    LIST_COMMANDS['list.up'](ctx);
    const forward = reader.read('all')!;
    expect(forward.before).toBe(T0 + 351_000);
    expect(forward.fills!.rows).toHaveLength(351);
    expect(selected().ids[1]).toBe('101');
    LIST_COMMANDS['list.top'](ctx);
    LIST_COMMANDS['list.up'](ctx);
    // Fewer than half a window follow: the newest rows again, as at first.
    expect(reader.read('all')!.before).toBeUndefined();
    expect(reader.read('all')!.fills!.rows[0]!.tid).toBe(600);
    expect(reader.read('all')!.fills!.rows).toHaveLength(500);
  });

  it('Funding and PnL show the period’s figures', async () => {
    const { app, reader } = setup();
    const fp = renderPane(PANES.funding, app, { width: 80, height: 8, focused: false }, { history: reader });
    cleanup.push(fp.unmount);
    expect(await until(() => plain(fp.frame()).includes('(balances)'))).toBe(true);
    expect(plain(fp.frame())).toContain('funding −0.03 (balances)');
    expect(plain(fp.frame())).toMatch(/SOL1 +\+10 +\+0\.0100%/);
    const pp = renderPane(PANES.pnl, app, { width: 80, height: 14, focused: false }, { history: reader });
    cleanup.push(pp.unmount);
    expect(await until(() => plain(pp.frame()).includes('Realised +300.00'))).toBe(true);
    const f = plain(pp.frame());
    expect(f).toContain('Fees −45.00');
    expect(f).toMatch(/[\u2801-\u28ff]/);
    expect(f).toContain('5,256.00');
  });

  it('each fits its box exactly from its minimum size up, with rows and without', async () => {
    const { app, reader } = setup();
    const empty = new HistoryReader(HistoryStore.open(join(tempDir(), 'e.sqlite'), scope), createAppStore());
    cleanup.push(() => empty.close());
    for (const id of ['history', 'funding', 'pnl'] as const) {
      const min = PANE_MIN[id];
      for (const rd of [reader, empty, undefined]) {
        for (const [width, height] of [[min.width, min.height], [min.width + 7, min.height + 3], [60, 14], [100, 24]] as const) {
          const r = renderPane(PANES[id], app, { width, height, focused: width > 60 }, rd ? { history: rd, view: { historyPeriods: { [id]: 'all' } } } : {});
          if (rd) await until(() => rd.read('all') !== undefined);
          await new Promise((res) => setTimeout(res, 30));
          const lines = r.lines();
          expect(lines, `${id} ${width}x${height}`).toHaveLength(height);
          for (const l of lines) expect(textWidth(plain(l)), `${id} ${width}x${height}: ${l}`).toBe(width);
          r.unmount();
        }
      }
    }
  }, 30_000);
});
