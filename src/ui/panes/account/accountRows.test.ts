import { describe, expect, it } from 'vitest';
import { ACCOUNT, CONFIGS } from '../../../../test/ui/support/paneFixtures.js';
import { accountSummary } from '../../../state/accountSummary.js';
import { segmentsText } from '../segments.js';
import { accountCard } from './accountCard.js';
import { accountRows } from './accountRows.js';
import { focusPool } from './focusPool.js';

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
  it("shows each pool's margin ratio from the account summary (the strip's figure), in the table and on the card", () => {
    const md = ACCOUNT.marketDeployers[0]!;
    const pools = [{ ...md, positions: [{ ...md.positions[0]!, maintenanceMargin: '75500000' }, { ...md.positions[1]!, isolatedMargin: '300500000' }] }];
    const summary = accountSummary({ ...ACCOUNT, marketDeployers: pools }, CONFIGS);
    const rows = accountRows([], pools, CONFIGS, summary);
    expect(rows[0]!.ratio).toBe('4.4%');
    expect(accountCard(rows, 24).map((l) => segmentsText(l.segments))).toContain('  margin ratio      4.4%');
    const sol = CONFIGS.contracts.find((c) => c.name === 'SOL1');
    expect(focusPool({ ...ACCOUNT, marketDeployers: pools }, CONFIGS, sol, [], summary)!.row.ratio).toBe('4.4%');
    // before the summary is passed, no ratio line
    expect(accountCard(accountRows([], pools, CONFIGS), 24).some((l) => segmentsText(l.segments).includes('ratio'))).toBe(false);
  });
});
