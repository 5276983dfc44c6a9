import { describe, expect, it } from 'vitest';
import type { TwapPlan } from '../../src/algo/algoPlan.js';
import { readRecord, recordLine, type AlgoRecord } from '../../src/algo/algoRecord.js';
import { readAlgoRecords, replayAlgos } from '../../src/algo/replayAlgos.js';
import { twapSliceSize } from '../../src/algo/twapSliceSize.js';
import { twapSlot } from '../../src/algo/twapSlot.js';

/** The TWAP's schedule and the algo file's lines, without an exchange. */
const plan: TwapPlan = {
  kind: 'twap',
  id: 'twap-1',
  createdAt: 1_000_000,
  contract: 'ETH1',
  contractId: 3,
  priceScale: 2,
  qtyScale: 3,
  tickSize: 50n,
  stepSize: 5n,
  isBuy: false,
  total: 10_000n,
  durationMs: 600_000,
  slices: 7,
  intervalMs: 85_714,
  arrivalMark: 250_000n,
  bandBps: 150,
  bandLow: 246_250n,
  bandHigh: 253_750n,
  sizeJitterPct: 50,
  timeJitterPct: 90,
  seed: 99,
  reduceOnly: true,
};

describe('TWAP schedule', () => {
  it('sizes: on the step, within the stated variation of an even share, the last taking the rest', () => {
    let remaining = plan.total;
    const sizes: bigint[] = [];
    for (let i = 0; i < plan.slices; i++) {
      const left = plan.slices - i;
      const size = twapSliceSize(plan, i, remaining, left);
      const even = remaining / BigInt(left);
      expect(size % plan.stepSize).toBe(0n);
      if (left > 1) {
        expect(size * 2n >= even - plan.stepSize * 2n).toBe(true);
        expect(size * 2n <= even * 3n).toBe(true);
      }
      sizes.push(size);
      remaining -= size;
    }
    expect(remaining).toBe(0n);
    expect(new Set(sizes).size).toBeGreaterThan(1);
    // A draw depends on (seed, slice) only.
    expect(twapSliceSize(plan, 3, 4_000n, 4)).toBe(twapSliceSize(plan, 3, 4_000n, 4));
    expect(twapSliceSize({ ...plan, seed: 100 }, 0, plan.total, 7)).not.toBe(sizes[0]);
  });

  it('times: each slice inside its slot, slots counted from the last resume', () => {
    for (let i = 0; i < plan.slices; i++) {
      const slot = twapSlot(plan, { at: plan.createdAt, slice: 0 }, i);
      const open = plan.createdAt + i * plan.intervalMs;
      expect(slot.end).toBe(open + plan.intervalMs);
      expect(slot.due).toBeGreaterThanOrEqual(open);
      expect(slot.due).toBeLessThanOrEqual(open + Math.floor(plan.intervalMs * 0.9));
    }
    const resumed = twapSlot(plan, { at: 5_000_000, slice: 4 }, 5);
    expect(resumed.end).toBe(5_000_000 + 2 * plan.intervalMs);
  });
});

describe('algo file lines', () => {
  it('read back as written, sizes and prices as decimals at the plan\'s scales', () => {
    const records: AlgoRecord[] = [
      { type: 'plan', time: 1, plan },
      { type: 'state', id: plan.id, time: 1, status: 'running', base: { at: 1, slice: 0 } },
      { type: 'child', id: plan.id, time: 2, child: { cloid: '123', slice: 0, isBuy: false, size: 1_425n, price: 246_250n, reduceOnly: true, sentAt: 2 } },
      { type: 'answer', id: plan.id, time: 3, cloid: '123', answer: { status: 'partial', filled: 1_000n, avgPx: 249_990n, oid: 7, detail: 'filled 1 @ 2499.9', source: 'answer', time: 3 } },
      { type: 'skip', id: plan.id, time: 4, slice: 1, reason: 'mark 2400 is outside the band' },
      { type: 'state', id: plan.id, time: 5, status: 'paused', reason: 'x', interrupted: true },
    ];
    const lines = records.map((r) => recordLine(r, plan));
    expect(lines[0]).toContain('"total":"10"');
    expect(lines[2]).toContain('"size":"1.425","price":"2462.5"');
    const { records: back, malformed } = readAlgoRecords(lines);
    expect(malformed).toBe(0);
    expect(back).toEqual(records);
    const s = replayAlgos(back).get(plan.id)!;
    expect(s).toMatchObject({ status: 'paused', interrupted: true, nextSlice: 2, skipped: [{ slice: 1 }] });
    expect(s.children[0]?.answer?.filled).toBe(1_000n);
  });

  it('skips what is not a record: torn lines, unknown algos, bad fields', () => {
    const known = (id: string) => (id === plan.id ? plan : undefined);
    expect(readRecord('{"type":"child","id":', known)).toBeUndefined();
    expect(readRecord(JSON.stringify({ type: 'skip', id: 'other', time: 1, slice: 0, reason: 'r' }), known)).toBeUndefined();
    expect(readRecord(JSON.stringify({ type: 'state', id: plan.id, time: 1, status: 'exploded' }), known)).toBeUndefined();
    expect(readRecord(JSON.stringify({ type: 'child', id: plan.id, time: 1, child: { cloid: '1', slice: 0, isBuy: true, size: '1.0001', price: '1', reduceOnly: false, sentAt: 1 } }), known)).toBeUndefined();
  });
});

describe('slice sizes on a coarse step', () => {
  it('10 in 4 slices of step 1: each slice within its share of 2.5 and up (not 1 or 2 with the rest piled on the last)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const plan = { stepSize: 1n, sizeJitterPct: 20, seed } as Parameters<typeof twapSliceSize>[0];
      let remaining = 10n;
      const sizes: bigint[] = [];
      for (let k = 0; k < 4; k++) {
        const size = twapSliceSize(plan, k, remaining, 4 - k);
        sizes.push(size);
        remaining -= size;
      }
      expect(sizes.reduce((a, b) => a + b, 0n)).toBe(10n);
      // The first share is 2.5 ± 20 %: 2 or 3. None is ever more than 4 (the old rule left 5 to the last).
      expect(sizes[0] === 2n || sizes[0] === 3n, `seed ${seed}: ${sizes.join(',')}`).toBe(true);
      for (const s of sizes) expect(s >= 1n && s <= 4n, `seed ${seed}: ${sizes.join(',')}`).toBe(true);
    }
  });
});
