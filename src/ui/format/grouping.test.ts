import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cumulativeSizes, groupingSteps, groupLevels, toRawLevels, type RawLevel } from './grouping.js';

const lvl = (px: bigint, sz: bigint, n = 1): RawLevel => ({ px, sz, n });

describe('groupLevels', () => {
  it('rounds bids down and asks up, summing sizes and counts', () => {
    const bids = [lvl(1009n, 1n), lvl(1005n, 2n), lvl(1000n, 3n), lvl(999n, 4n)];
    expect(groupLevels(bids, 'bid', 10n)).toEqual([lvl(1000n, 6n, 3), lvl(990n, 4n, 1)]);
    const asks = [lvl(1001n, 1n), lvl(1010n, 2n), lvl(1011n, 5n)];
    expect(groupLevels(asks, 'ask', 10n)).toEqual([lvl(1010n, 3n, 2), lvl(1020n, 5n, 1)]);
  });
  it('keeps size, never improves a price, and sorts best first', () => {
    const levels = fc.array(
      fc.record({ px: fc.bigInt({ min: 1n, max: 100_000n }), sz: fc.bigInt({ min: 1n, max: 10n ** 12n }), n: fc.nat(5) }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(levels, fc.bigInt({ min: 1n, max: 500n }), fc.boolean(), (ls, group, isBid) => {
        const side = isBid ? 'bid' : 'ask';
        const out = groupLevels(ls, side, group);
        const total = (xs: readonly RawLevel[]) => xs.reduce((s, l) => s + l.sz, 0n);
        expect(total(out)).toBe(total(ls));
        for (const g of out) expect(g.px % group).toBe(0n);
        for (let i = 1; i < out.length; i++) {
          const prev = out[i - 1]!.px;
          const cur = out[i]!.px;
          expect(isBid ? prev > cur : prev < cur).toBe(true);
        }
        if (ls.length > 0) {
          const best = ls.reduce((b, l) => (isBid ? (l.px > b ? l.px : b) : l.px < b ? l.px : b), ls[0]!.px);
          // the best grouped bid is at or below the best raw bid; asks mirror it
          expect(isBid ? out[0]!.px <= best : out[0]!.px >= best).toBe(true);
        }
      }),
    );
  });
  it('rejects a non-positive grouping', () => {
    expect(() => groupLevels([], 'bid', 0n)).toThrow(RangeError);
  });
});

describe('grouping helpers', () => {
  it('offers 1-2-5 steps of the tick', () => {
    expect(groupingSteps(5n, 7)).toEqual([5n, 10n, 25n, 50n, 100n, 250n, 500n]);
  });
  it('accumulates sizes from the best level', () => {
    expect(cumulativeSizes([lvl(1n, 2n), lvl(2n, 3n)])).toEqual([2n, 5n]);
  });
  it('converts wire levels and skips malformed ones', () => {
    expect(
      toRawLevels(
        [
          { px: '12.5', sz: '0.010', n: 2 },
          { px: 'x', sz: '1', n: 1 },
        ],
        2,
        3,
      ),
    ).toEqual([{ px: 1250n, sz: 10n, n: 2 }]);
  });
});
