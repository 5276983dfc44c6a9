import { describe, expect, it } from 'vitest';
import { ACCOUNT, CONFIGS } from '../../../../test/ui/support/paneFixtures.js';
import { accountRows } from './accountRows.js';

describe('accountRows', () => {
  it('lists chain balances, then pools with margin figures, then other coins in a pool', () => {
    const rows = accountRows(ACCOUNT.chainBalances, ACCOUNT.marketDeployers, CONFIGS);
    expect(rows.map((r) => [r.kind, r.where, r.coin, r.balance, r.equity, r.used, r.available, r.withdrawable])).toEqual([
      ['chain', 'Chain', 'USDC', '8,000.00', '', '', '', ''],
      ['pool', 'MD1 perpdesk', 'USDC', '2,000.00', '2,012.34', '301.50', '1,710.84', '1,700.00'],
      ['poolCoin', '', 'USDT1', '15.50', '', '', '', ''],
    ]);
  });
  it('never rounds an available amount up', () => {
    const pools = [{ ...ACCOUNT.marketDeployers[0]!, available: '1999999' }];
    expect(accountRows([], pools, CONFIGS)[0]!.available).toBe('1.99');
  });
  it('copes with unknown deployers and coins', () => {
    const rows = accountRows([{ coinId: 9, total: '5000000' }], [{ ...ACCOUNT.marketDeployers[0]!, marketDeployerId: 5 }], null);
    expect(rows[0]).toMatchObject({ where: 'Chain', coin: 'coin 9', balance: '5.00' });
    expect(rows[1]!.where).toBe('MD5');
  });
});
