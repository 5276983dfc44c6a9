import { describe, expect, it } from 'vitest';
import type { UserAccount } from '../../src/protocol/wire/index.js';
import { accountSummary, marginRatioBps, poolRisk, selectAccountSummary } from '../../src/state/accountSummary.js';
import { createAppStore } from '../../src/state/store.js';
import { ACCOUNT, CONFIGS, SHARE_GROUPS } from '../ui/support/paneFixtures.js';

const md = ACCOUNT.marketDeployers[0]!;
const [sol, btc, doge] = md.positions;
/** SOL1 cross with its maintenance reported, BTC1 isolated with a 300.50 bucket. */
const UNIFIED: UserAccount = { ...ACCOUNT, marketDeployers: [{ ...md, positions: [{ ...sol!, maintenanceMargin: '75500000' }, { ...btc!, isolatedMargin: '300500000' }, doge!] }] };

describe('accountSummary', () => {
  it('adds the pools up and takes the ratio against the cross equity', () => {
    const s = accountSummary(UNIFIED, CONFIGS, SHARE_GROUPS)!;
    expect(s).toMatchObject({ accountId: 7, equity: 2_511_111_110n, upnl: 17_500_000n, marginUsed: 301_500_000n, available: 1_710_845_678n, poolsAtRisk: 1 });
    const pool = poolRisk(s, 'md', 1)!;
    // equity less the isolated bucket and its PnL: 2,012.345678 − (300.50 − 12.50)
    expect(pool.crossEquity).toBe(1_724_345_678n);
    expect(s.riskiest).toBe(pool);
    expect(marginRatioBps(pool)).toBe(438n); // 75.5 / 1,724.35 = 4.378 %, rounded up
  });

  it('knows nothing before the account arrives, and no ratio without a reported maintenance margin', () => {
    expect(accountSummary(null, CONFIGS)).toBeUndefined();
    expect(marginRatioBps(poolRisk(accountSummary(ACCOUNT, CONFIGS), 'md', 1)!)).toBeUndefined();
  });

  it('in PORTFOLIO mode counts share-group contracts in their group pool, with its reported maintenance', () => {
    const portfolio: UserAccount = {
      ...UNIFIED,
      marginShareType: 'PORTFOLIO',
      shareGroups: [
        { groupId: 1, coinId: 0, balance: '500000000', equity: '900000000', frozen: false, maintenanceMargin: '450000000', marginUsed: '320000000', available: '0' },
        { groupId: 1, coinId: 1, balance: '15000000', equity: '15000000', frozen: false },
      ],
    };
    const s = accountSummary(portfolio, CONFIGS, SHARE_GROUPS)!;
    const group = poolRisk(s, 'group', 1)!;
    // the settlement entry carries the pool; the other coin's entry is part of it, not added again
    expect(group).toMatchObject({ equity: 900_000_000n, crossEquity: 900_000_000n - 288_000_000n, maintenance: 450_000_000n, crossPositions: 1 });
    expect(poolRisk(s, 'md', 1)!.crossPositions).toBe(0);
    expect(s.equity).toBe(2_012_345_678n + 900_000_000n);
    expect(s.riskiest).toBe(group);
    expect(marginRatioBps(group)).toBe(7_353n);
  });

  it('reads ≥ 100% once the cross equity is gone', () => {
    expect(marginRatioBps({ kind: 'md', id: 1, equity: 0n, marginUsed: 0n, available: 0n, crossEquity: -5n, maintenance: 10n, crossPositions: 1 })).toBe(10_000n);
  });

  it('is one object per account answer for the store', () => {
    const store = createAppStore();
    expect(selectAccountSummary(store.getState())).toBeUndefined();
    store.setState({ account: { ...store.getState().account, raw: UNIFIED } });
    expect(selectAccountSummary(store.getState())).toBe(selectAccountSummary(store.getState()));
  });
});
