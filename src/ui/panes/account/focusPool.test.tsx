import { describe, expect, it } from 'vitest';
import type { UserAccount } from '../../../protocol/wire/index.js';
import { PANES } from '../paneDefs.js';
import { segmentsText } from '../segments.js';
import { ACCOUNT, CONFIGS, fullStore, SHARE_GROUPS } from '../../../../test/ui/support/paneFixtures.js';
import { renderPane, tick } from '../../../../test/ui/support/renderPane.js';
import { focusCard } from './accountCard.js';
import { focusPool } from './focusPool.js';

// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
const contract = (name: string) => CONFIGS.contracts.find((c) => c.name === name)!;

function storeOn(name: string, account: UserAccount = ACCOUNT) {
  const store = fullStore();
  const s = store.getState();
  store.setState({ market: { ...s.market, selected: name }, account: { ...s.account, raw: account, pools: account.marketDeployers, shareGroups: account.shareGroups } });
  return store;
}

describe('the pool of the selected contract', () => {
  it("is the contract's deployer pool, with the exchange's figures for it", () => {
    const f = focusPool(ACCOUNT, CONFIGS, contract('SOL1'), SHARE_GROUPS)!;
    expect(f.row).toMatchObject({ where: 'SOL1 → MD1 perpdesk', coin: 'USDC', balance: '2,000.00', equity: '2,012.34', used: '301.50', available: '1,710.84', withdrawable: '1,700.00' });
    expect(f.status).toBeUndefined();
  });

  it('a deployer the account is not enrolled in has nothing: 0 available, and it says so', () => {
    const f = focusPool(ACCOUNT, CONFIGS, contract('ETH1'), SHARE_GROUPS)!;
    expect(f.row).toMatchObject({ where: 'ETH1 → MD2 alt', equity: '0.00', used: '0.00', available: '0.00' });
    expect(f.status).toBe('not enrolled');
    expect(focusCard(f, 24, 'E').map(segmentsText)).toEqual([
      'ETH1 → MD2 alt      USDC',
      '  available         0.00',
      '  not enrolled: press E ',
      '  margin used       0.00',
      '  equity            0.00',
    ]);
  });

  it('in PORTFOLIO mode a share-group contract draws on the group, FROZEN included', () => {
    const portfolio: UserAccount = {
      ...ACCOUNT,
      marginShareType: 'PORTFOLIO',
      shareGroups: [{ groupId: 1, coinId: 0, balance: '500000000', equity: '498765432', frozen: true, maintenanceMargin: '600000000', marginUsed: '120000000', available: '0' }],
    };
    const f = focusPool(portfolio, CONFIGS, contract('BTC1'), SHARE_GROUPS)!;
    expect(f.row).toMatchObject({ where: 'BTC1 → group 1 of MD1', balance: '500.00', equity: '498.76', used: '120.00', available: '0.00', withdrawable: '' });
    expect(f.status).toBe('FROZEN');
    // ETH1 is in no group: its deployer pool still.
    expect(focusPool(portfolio, CONFIGS, contract('ETH1'), SHARE_GROUPS)!.pool).toBe('MD2 alt');
  });

  it('no account or no contract: nothing pinned', () => {
    expect(focusPool(null, CONFIGS, contract('SOL1'), SHARE_GROUPS)).toBeUndefined();
    expect(focusPool(ACCOUNT, CONFIGS, undefined, SHARE_GROUPS)).toBeUndefined();
  });
});

describe('the account pane', () => {
  it("ETH1 on deployer 2 selected: the pane leads with deployer 2's pool (0 available, not enrolled), not deployer 1's", async () => {
    for (const [width, height] of [
      [26, 12],
      [80, 8],
    ] as const) {
      const r = renderPane(PANES.account, storeOn('ETH1'), { width, height, focused: false });
      await tick();
      const lines = r.lines().map(plain);
      r.unmount();
      const first = lines.findIndex((l) => l.includes('available') || /\d\.\d\d/.test(l));
      // The first figures shown are ETH1's pool's, labelled with the pool.
      expect(lines.join('\n')).toContain('ETH1 → MD2 alt');
      expect(lines[first]).toMatch(/ETH1 → MD2 alt|available +0\.00/);
      expect(lines[first]).not.toContain('1,710.84');
      if (width < 56) {
        expect(lines.slice(1, 4).map((l) => l.slice(1, -1))).toEqual(['ETH1 → MD2 alt      USDC', '  available         0.00', '  not enrolled: press E ']);
      } else {
        expect(lines[2]).toMatch(/│ETH1 → MD2 alt +0\.00 USDC +0\.00 +0\.00 +0\.00 +0\.00/);
        expect(lines[3]).toContain('not enrolled in MD2 alt: press E to enroll');
      }
      // Deployer 1's pool is still listed, below, under its own name.
      expect(lines.join('\n')).toContain('MD1 perpdesk');
    }
  });

  it('SOL1 selected: its own deployer pool is pinned with the same figures as its line', async () => {
    const r = renderPane(PANES.account, storeOn('SOL1'), { width: 80, height: 8, focused: false });
    await tick();
    const lines = r.lines().map(plain);
    r.unmount();
    expect(lines[2]).toMatch(/SOL1 → MD1 perpdesk +2,000\.00 USDC +2,012\.34 +301\.50 +1,710\.84 +1,700\.00/);
    expect(lines.find((l) => l.includes('│MD1 perpdesk'))).toMatch(/2,000\.00 USDC +2,012\.34 +301\.50 +1,710\.84 +1,700\.00/);
  });
});
