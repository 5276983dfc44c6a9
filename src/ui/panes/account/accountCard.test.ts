import { describe, expect, it } from 'vitest';
import { textWidth } from '../../format/width.js';
import { segmentsText } from '../segments.js';
import { ACCOUNT, CONFIGS } from '../../../../test/ui/support/paneFixtures.js';
import { accountCard } from './accountCard.js';
import { accountRows } from './accountRows.js';

const rows = accountRows(ACCOUNT.chainBalances, ACCOUNT.marketDeployers, CONFIGS);

describe('accountCard', () => {
  it('lays the account out one figure per line, amounts right-aligned', () => {
    expect(accountCard(rows, 24).map((l) => segmentsText(l.segments))).toEqual([
      'Chain      8,000.00 USDC',
      'MD1 perpdesk        USDC',
      '  balance       2,000.00',
      '  equity        2,012.34',
      '  margin used     301.50',
      '  available     1,710.84',
      '  withdrawable  1,700.00',
      '  USDT1            15.50',
    ]);
  });
  it('ties every line to its account row, first line first', () => {
    const card = accountCard(rows, 30);
    expect(card.filter((l) => l.first).map((l) => l.row)).toEqual([0, 1, 2]);
    expect(card.filter((l) => l.row === 1)).toHaveLength(6);
  });
  it('cuts labels, never amounts, and is exactly as wide as asked', () => {
    const tight = accountCard(rows, 14).map((l) => segmentsText(l.segments));
    expect(tight[0]).toBe(' 8,000.00 USDC');
    expect(tight[4]).toBe('  marg… 301.50');
    for (const w of [1, 8, 14, 20, 40]) for (const l of accountCard(rows, w)) expect(textWidth(segmentsText(l.segments))).toBe(w);
  });
});
