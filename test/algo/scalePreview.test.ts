import { describe, expect, it } from 'vitest';
import type { ChasePlan, TrailingStopPlan } from '../../src/algo/algoPlan.js';
import { readRecord, recordLine, type AlgoRecord } from '../../src/algo/algoRecord.js';
import { chaseTarget } from '../../src/algo/chasePlan.js';
import { readAlgoRecords, replayAlgos } from '../../src/algo/replayAlgos.js';
import { scalePlan, scalePreview, type ScaleRequest } from '../../src/algo/scalePlan.js';
import { boundPx, closePx, trailingTrigger } from '../../src/algo/trailingStopPlan.js';
import type { ContractConfig } from '../../src/protocol/wire/index.js';

/** Scale, chase and trailing-stop arithmetic and their file lines, without an exchange. */
const ETH = { contractId: 3, name: 'ETH1', priceScale: 2, qtyScale: 3, tickSize: 5, stepSize: 10, maxTicks: 10_000_000 } as unknown as ContractConfig;
const req = (o: Partial<ScaleRequest>): ScaleRequest => ({ contract: 'ETH1', side: 'buy', size: '1', orders: 4, from: '2500', to: '2470', ...o });
const preview = (o: Partial<ScaleRequest>) => {
  const r = scalePreview(req(o), ETH);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const sizes = (o: Partial<ScaleRequest>) => preview(o).orders.map((x) => x.size);

describe('scale preview', () => {
  it('spreads prices evenly on the tick, a buy rounded down and a sell up', () => {
    expect(preview({}).orders.map((o) => o.price)).toEqual([250_000n, 249_000n, 248_000n, 247_000n]);
    // 2500 to 2499.90 in 4: 2500, 2499.9666.., 2499.9333.., 2499.90, on a 0.05 tick.
    expect(preview({ to: '2499.90' }).orders.map((o) => o.price)).toEqual([250_000n, 249_995n, 249_990n, 249_990n]);
    expect(preview({ side: 'sell', to: '2499.90' }).orders.map((o) => o.price)).toEqual([250_000n, 250_000n, 249_995n, 249_990n]);
    expect(preview({ orders: 1 }).orders).toEqual([{ price: 250_000n, size: 1_000n }]);
  });

  it('sizes by skew on the step, the remainder on the last, adding up to the total exactly', () => {
    // 1.000 in steps of 0.010.
    expect(sizes({ skew: 'flat' })).toEqual([250n, 250n, 250n, 250n]);
    expect(sizes({ skew: 'flat', orders: 3 })).toEqual([330n, 330n, 340n]);
    // Weights 1:2:3:4 of 1.000 = 0.1, 0.2, 0.3, 0.4.
    expect(sizes({ skew: 'up' })).toEqual([100n, 200n, 300n, 400n]);
    expect(sizes({ skew: 'down' })).toEqual([400n, 300n, 200n, 100n]);
    // Weights 1:2:4:8 of 1.000: 66.6, 133.3, 266.6 cut to the step, 540 the rest.
    expect(sizes({ skew: 'geometric', ratio: '2' })).toEqual([60n, 130n, 260n, 550n]);
    for (const skew of ['flat', 'up', 'down', 'geometric'] as const) {
      for (const n of [1, 2, 7, 13]) {
        const s = sizes({ skew, orders: n, size: '3.33', ratio: '1.1' });
        expect(s.reduce((a, b) => a + b, 0n)).toBe(3_330n);
        for (const x of s) expect(x % 10n === 0n && x >= 10n).toBe(true);
      }
    }
  });

  it('shows the total and the size-weighted average before anything is sent', () => {
    const p = preview({ skew: 'up' });
    expect(p.total).toBe(1_000n);
    // (2500*0.1 + 2490*0.2 + 2480*0.3 + 2470*0.4) / 1 = 2480.
    expect(p.avgPx).toBe(248_000n);
  });

  it('refuses what it cannot place', () => {
    expect(scalePreview(req({ orders: 200 }), ETH)).toMatchObject({ ok: false, error: 'orders: between 1 and 100' });
    expect(scalePreview(req({ size: '0.05', orders: 10 }), ETH)).toMatchObject({ ok: false, error: expect.stringMatching(/below one step/) });
    expect(scalePreview(req({ from: '2500.01' }), ETH)).toMatchObject({ ok: false, error: expect.stringMatching(/tick/) });
    expect(scalePreview(req({ skew: 'geometric', ratio: '0' }), ETH)).toMatchObject({ ok: false });
    // Thirteen orders each 1.5 times the one before leave the first 3.33 / 386 (below the 0.010 step).
    expect(scalePreview(req({ skew: 'geometric', ratio: '1.5', orders: 13, size: '3.33' }), ETH)).toMatchObject({ ok: false, error: expect.stringMatching(/order 1 below one step/) });
  });
});

describe('chase and trailing stop arithmetic', () => {
  const plan = { isBuy: true, offsetTicks: 0, tickSize: 5n, priceScale: 2, qtyScale: 3 };
  const book = { contractId: 3, time: 0, levels: [[{ px: '2500', sz: '1', n: 1 }, { px: '2499', sz: '2', n: 1 }], [{ px: '2501', sz: '1', n: 1 }]] } as never;
  it('follows the best bid of everyone else, N ticks behind', () => {
    expect(chaseTarget(book, plan)).toBe(250_000n);
    expect(chaseTarget(book, { ...plan, offsetTicks: 2 })).toBe(249_990n);
    // Alone at the top: its own size taken out, it follows the next level down.
    expect(chaseTarget(book, plan, { price: 250_000n, remaining: 1_000n })).toBe(249_900n);
    expect(chaseTarget(book, { ...plan, isBuy: false })).toBe(250_100n);
  });

  it('fires on a retrace from the best by a distance or a percentage; the close is bounded through the mark', () => {
    const long = { isBuy: false, trailDistance: 500n };
    expect(trailingTrigger(long, 250_000n).at).toBe(249_500n);
    expect(trailingTrigger(long, 250_000n).hit(249_505n)).toBe(false);
    expect(trailingTrigger(long, 250_000n).hit(249_500n)).toBe(true);
    const short = { isBuy: true, trailBps: 150 };
    expect(trailingTrigger(short, 200_000n).hit(202_999n)).toBe(false);
    expect(trailingTrigger(short, 200_000n).hit(203_000n)).toBe(true);
    // Each close is through the touch (the bid closing a long), never past the 5 % bound of the mark it fired at.
    const plan = { throughTicks: 2, tickSize: 5n, boundBps: 500 };
    expect(boundPx(plan, { mark: 250_003n, isBuy: false })).toBe(237_505n);
    expect(boundPx(plan, { mark: 250_003n, isBuy: true })).toBe(262_500n);
    expect(closePx(plan, { mark: 250_003n, isBuy: false }, 249_503n)).toEqual({ price: 249_490n, atBound: false });
    expect(closePx(plan, { mark: 250_003n, isBuy: true }, 249_503n)).toEqual({ price: 249_515n, atBound: false });
    expect(closePx(plan, { mark: 250_003n, isBuy: false }, 237_000n)).toEqual({ price: 237_505n, atBound: true });
    expect(closePx(plan, { mark: 250_003n, isBuy: false }, undefined)).toEqual({ price: 237_505n, atBound: true });
  });
});

describe('algo file lines for scale, chase and trailing stop', () => {
  it('read back as written, and replay the chase\'s price and the stop\'s best mark', () => {
    const scale = scalePlan(req({ skew: 'geometric', ratio: '1.5', tif: 'Alo' }), ETH, 1, 'scale-1');
    if (!scale.ok) throw new Error(scale.error);
    const base = { createdAt: 1, contract: 'ETH1', contractId: 3, priceScale: 2, qtyScale: 3, tickSize: 5n, stepSize: 10n, reduceOnly: false };
    const chase: ChasePlan = { ...base, kind: 'chase', id: 'chase-1', isBuy: true, total: 500n, offsetTicks: 1, startPx: 250_000n, maxDistance: 1_000n, limitPx: 251_000n, atLimit: 'cross', intervalMs: 2_000 };
    const stop: TrailingStopPlan = { ...base, kind: 'trailingStop', id: 'trail-1', isBuy: false, total: 500n, reduceOnly: true, trailBps: 150, throughTicks: 5, startMark: 250_000n, intervalMs: 1_000 };
    const { trailBps: _bps, ...rest } = stop;
    const byDistance: TrailingStopPlan = { ...rest, id: 'trail-2', trailDistance: 1_250n };
    const records: AlgoRecord[] = [
      { type: 'plan', time: 1, plan: scale.value },
      { type: 'plan', time: 1, plan: chase },
      { type: 'plan', time: 1, plan: stop },
      { type: 'plan', time: 1, plan: byDistance },
      { type: 'child', id: 'scale-1', time: 2, child: { cloid: '0x1', slice: 0, isBuy: true, size: 120n, price: 250_000n, reduceOnly: false, tif: 'Alo', sentAt: 2 } },
      { type: 'child', id: 'chase-1', time: 2, child: { cloid: '0x2', slice: 0, isBuy: true, size: 500n, price: 249_995n, reduceOnly: false, tif: 'Alo', sentAt: 2 } },
      { type: 'move', id: 'chase-1', time: 3, cloid: '0x2', price: 250_005n },
      { type: 'best', id: 'trail-1', time: 3, mark: 251_230n },
    ];
    const lines = records.map((r) => recordLine(r, r.type === 'plan' ? r.plan : [scale.value, chase, stop].find((p) => p.id === r.id)));
    expect(lines[1]).toContain('"limitPx":"2510"');
    expect(lines[6]).toContain('"price":"2500.05"');
    const { records: back, malformed } = readAlgoRecords(lines);
    expect(malformed).toBe(0);
    expect(back).toEqual(records);
    const algos = replayAlgos(back);
    expect(algos.get('chase-1')).toMatchObject({ chasePx: 250_005n, nextSlice: 1 });
    expect(algos.get('trail-1')?.bestMark).toBe(251_230n);
    expect(algos.get('scale-1')?.children[0]?.tif).toBe('Alo');
    expect(readRecord(lines[1]!.replace('"cross"', '"maybe"'), () => undefined)).toBeUndefined();
  });
});
