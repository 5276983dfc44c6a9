import { describe, expect, it } from 'vitest';
import { filterTerms, matchesFilter, rowFilter } from './rowFilter.js';

interface Row {
  key: string;
  contract: string;
  side: string;
}

const rows: readonly Row[] = [
  { key: '11', contract: 'SOL1', side: 'Buy' },
  { key: '12', contract: 'ETH1', side: 'Sell' },
  { key: '13', contract: 'ETH1', side: 'Buy' },
];

describe('rowFilter', () => {
  it('splits a query into lower-case terms; a blank query has none', () => {
    expect(filterTerms('  ETH   buy ')).toEqual(['eth', 'buy']);
    expect(filterTerms('   ')).toEqual([]);
    expect(filterTerms('')).toEqual([]);
  });

  it('needs every term, in any order and any case, each inside one field', () => {
    expect(matchesFilter(['ETH1', 'Buy'], 'eth')).toBe(true);
    expect(matchesFilter(['ETH1', 'Buy'], 'buy ETH')).toBe(true);
    expect(matchesFilter(['ETH1', 'Buy'], 'eth sell')).toBe(false);
    // Fields are joined by a space and a term has none: no match across two fields.
    expect(matchesFilter(['ETH1', 'Buy'], 'h1b')).toBe(false);
    expect(matchesFilter(['ETH1', 'Buy'], '')).toBe(true);
  });

  it('keeps the rows that pass, in their order; a blank query returns the rows themselves', () => {
    const f = rowFilter((r: Row) => [r.key, r.contract, r.side]);
    expect(f(rows, 'eth').map((r) => r.key)).toEqual(['12', '13']);
    expect(f(rows, 'eth buy').map((r) => r.key)).toEqual(['13']);
    expect(f(rows, '12').map((r) => r.key)).toEqual(['12']);
    expect(f(rows, 'doge')).toEqual([]);
    expect(f(rows, '  ')).toBe(rows);
  });

  it('answers the same array for the same rows and query, so a pane and the shell agree on row indices', () => {
    const f = rowFilter((r: Row) => [r.contract, r.side]);
    const a = f(rows, 'buy');
    expect(f(rows, 'buy')).toBe(a);
    expect(f(rows, 'sell')).not.toBe(a);
    expect(f([...rows], 'buy')).toEqual(a);
  });

  it('reads only what the text function gives', () => {
    const f = rowFilter((r: Row) => [r.contract]);
    expect(f(rows, 'buy')).toEqual([]);
  });
});
