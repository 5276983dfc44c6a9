import { describe, expect, it } from 'vitest';
import { COMMAND_IDS, DEFAULT_BINDINGS, paletteBindings } from './bindings.js';
import { findConflicts } from './conflicts.js';
import { activeContexts, allContextStacks, OVERLAY_CONTEXTS, PANE_CONTEXTS } from './contexts.js';
import { isKeyName } from './keys.js';

describe('default bindings', () => {
  it('have unique command ids', () => {
    expect(new Set(COMMAND_IDS).size).toBe(COMMAND_IDS.length);
  });

  it('use only canonical key names', () => {
    for (const b of DEFAULT_BINDINGS) for (const k of b.keys) expect(isKeyName(k), `${b.id}: ${k}`).toBe(true);
  });

  it('never give one key two meanings in contexts that are live together', () => {
    expect(findConflicts(DEFAULT_BINDINGS)).toEqual([]);
  });

  it('would catch such a conflict', () => {
    const clash = DEFAULT_BINDINGS.map((b) => (b.id === 'book.center' ? { ...b, keys: ['b'] } : b));
    const found = findConflicts(clash);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ key: 'b', commands: expect.arrayContaining(['book.center', 'order.buy']) });
  });

  it('cover every trading command the dashboard implements', () => {
    for (const id of [
      'order.buy', 'order.sell', 'order.modify', 'order.cancel', 'order.cancelAll', 'position.tpsl',
      'position.flatten', 'position.reverse', 'position.closeHalf', 'book.buyAtCursor', 'book.sellAtCursor',
      'book.joinBid', 'book.joinAsk', 'margin.leverage', 'margin.mode', 'margin.isolated', 'collateral.move',
      'agents.manage', 'deployer.enroll', 'fees.set', 'chart.interval', 'contract.pick', 'palette', 'help',
      'focus.next', 'focus.prev', 'quit',
    ]) {
      expect(COMMAND_IDS).toContain(id);
    }
  });

  it('keep every global trading command reachable from the palette', () => {
    const ids = paletteBindings(DEFAULT_BINDINGS).map((b) => b.id);
    expect(ids).toContain('fees.set');
    expect(ids).not.toContain('list.down');
  });
});

describe('context stacks', () => {
  it('hide pane and global bindings behind overlays', () => {
    expect(activeContexts({ overlay: 'form', focused: 'book' })).toEqual(['always', 'form']);
    expect(activeContexts({ overlay: 'help' })).toEqual(['always', 'help', 'list']);
    expect(activeContexts({ focused: 'orders' })).toEqual(['always', 'orders', 'list', 'global']);
    expect(activeContexts({ focused: 'chart' })).toEqual(['always', 'chart', 'global']);
  });
  it('enumerate every pane and overlay', () => {
    // And a replay screen's: without a pane focused, and over each pane.
    expect(allContextStacks()).toHaveLength(1 + PANE_CONTEXTS.length + OVERLAY_CONTEXTS.length + 1 + PANE_CONTEXTS.length);
    expect(activeContexts({ focused: 'book', replay: true })).toEqual(['always', 'replay', 'book', 'list', 'global']);
  });
});
