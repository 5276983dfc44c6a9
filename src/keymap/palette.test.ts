import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from './bindings.js';
import { filterCommands } from './palette.js';
import { asWords, rankMatches } from './rankMatches.js';

const ids = (query: string) => filterCommands(query).map((m) => m.binding.id);

describe('palette ranking', () => {
  it('fees lists the fee setting first and never the focus commands', () => {
    expect(ids('fees')[0]).toBe('fees.set');
    expect(ids('fees')).not.toContain('focus.next');
    expect(ids('Fees')[0]).toBe('fees.set');
    expect(ids('fee rate')).toEqual(['fees.set']);
  });

  it('an exact id or name beats a prefix, a prefix beats a substring, a substring beats scattered letters', () => {
    // Exact id: quit, help; exact name: "Quit".
    expect(ids('quit')[0]).toBe('quit');
    expect(ids('help')[0]).toBe('help');
    // A word of position.tpsl starts with it; cancelTpSl only contains it.
    expect(ids('tpsl').slice(0, 2)).toEqual(['position.tpsl', 'position.cancelTpSl']);
    // margin.mode has the word; order.modify, collateral.move only share letters.
    expect(ids('mode')[0]).toBe('margin.mode');
    expect(ids('lev')[0]).toBe('margin.leverage');
    expect(ids('cancel all')[0]).toBe('order.cancelAll');
    // Letters in order, nothing better: still found.
    expect(ids('ordr')).toContain('order.buy');
  });

  it('breaks ties by binding order', () => {
    expect(ids('buy').slice(0, 2)).toEqual(['order.buy', 'book.buyAtCursor']);
    expect(ids('agent').slice(0, 4)).toEqual(['agents.manage', 'agents.generate', 'agents.approve', 'agents.revoke']);
    expect(ids('col lock').slice(0, 2)).toEqual(['collateral.lock', 'collateral.lockGroup']);
  });

  it('lists every palette command for an empty query, in binding order', () => {
    const all = filterCommands('', DEFAULT_BINDINGS, 500);
    expect(all[0]?.binding.id).toBe('quit');
    expect(all.some((m) => m.binding.id === 'list.up')).toBe(false);
    expect(all[0]?.label).toBe('Quit  (quit)');
  });

  it('returns nothing when the letters are not there in order', () => {
    expect(filterCommands('zzzz')).toEqual([]);
  });
});

describe('rankMatches', () => {
  it('ranks equal > starts with > word start > substring > in order, ties as given', () => {
    const items = ['xxabcxx', 'a-b-c', 'abcdef', 'xx abc', 'abc', 'axbxc'];
    expect(rankMatches(items, 'abc', [(s) => s])).toEqual(['abc', 'abcdef', 'xx abc', 'xxabcxx', 'a-b-c', 'axbxc']);
    expect(rankMatches(items, '  ', [(s) => s])).toEqual(items);
    expect(rankMatches(['SOL1', 'ETH1', 'BTC1'], 'et', [(s) => s])).toEqual(['ETH1']);
  });

  it('splits ids and names into words', () => {
    expect(asWords('position.cancelTpSl')).toBe('position cancel Tp Sl');
    expect(asWords('Set fee-rate overrides')).toBe('Set fee rate overrides');
    expect(asWords('Lock collateral: chain -> pool')).toBe('Lock collateral chain pool');
  });
});
