import { describe, expect, it } from 'vitest';
import { textWidth } from '../../format/width.js';
import { ACCOUNT, CONFIGS, SHARE_GROUPS } from '../../../../test/ui/support/paneFixtures.js';
import { FROZEN_EXPLANATION, frozenBanner, frozenGroups, shareGroupRows, wrapWords } from './shareGroupRows.js';

describe('shareGroupRows', () => {
  it('joins definitions with the account pools, naming member contracts', () => {
    const rows = shareGroupRows(SHARE_GROUPS, ACCOUNT.shareGroups, CONFIGS);
    expect(rows.map((r) => [r.groupId, r.members, r.coin, r.balance, r.equity, r.frozen])).toEqual([
      [1, 'SOL1, BTC1', 'USDC', '500.00', '498.76', true],
      [2, 'ETH1', 'USDC', '—', '—', false],
    ]);
    expect(frozenGroups(rows)).toEqual([1]);
  });
  it('treats a group as frozen when either source says so', () => {
    const thawed = SHARE_GROUPS.map((g) => ({ ...g, frozen: false }));
    expect(frozenGroups(shareGroupRows(thawed, ACCOUNT.shareGroups, CONFIGS))).toEqual([]);
    expect(frozenGroups(shareGroupRows(thawed, [{ ...ACCOUNT.shareGroups[0]!, frozen: true }], CONFIGS))).toEqual([1]);
  });
});

describe('frozenBanner', () => {
  it('explains what FROZEN means, wrapping rather than cutting the explanation', () => {
    expect(frozenBanner([1], 80)).toEqual([`⚠ group 1 FROZEN: ${FROZEN_EXPLANATION}`]);
    const two = frozenBanner([1, 3], 40, 2);
    expect(two).toHaveLength(2);
    expect(two.join(' ')).toContain(FROZEN_EXPLANATION);
    for (const w of [10, 20, 30, 50]) for (const l of frozenBanner([1], w, 2)) expect(textWidth(l)).toBeLessThanOrEqual(w);
    expect(frozenBanner([], 80)).toEqual([]);
  });
  it('wraps by words', () => {
    expect(wrapWords('aa bb cc', 5)).toEqual(['aa bb', 'cc']);
    expect(wrapWords('abcdefgh', 4)).toEqual(['abc…']);
  });
});
