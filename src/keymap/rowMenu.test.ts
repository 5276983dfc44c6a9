import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS, type Binding } from './bindings.js';
import { activeContexts } from './contexts.js';
import { Keymap } from './dispatcher.js';
import { hintEntries } from './hints.js';
import { applyOverrides } from './overrides.js';
import { rowCommands, rowMenuCommand, rowMenuItems } from './rowMenu.js';

const ids = (bs: readonly { id: string }[]) => bs.map((b) => b.id);

describe('a row menu, from the keymap', () => {
  it("lists the pane's row commands, then the global ones on its row, then copy; each with its keys", () => {
    expect(ids(rowCommands(DEFAULT_BINDINGS, 'orders'))).toEqual(['order.modify', 'order.cancel', 'order.cancelByCloid', 'alerts.onOrder', 'row.copy']);
    expect(ids(rowCommands(DEFAULT_BINDINGS, 'positions'))).toEqual([
      'position.cancelTpSl',
      'conditional.cancel',
      'alerts.onPosition',
      'position.tpsl',
      'position.flatten',
      'position.reverse',
      'position.closeHalf',
      'margin.isolated',
      'row.copy',
    ]);
    expect(ids(rowCommands(DEFAULT_BINDINGS, 'agents'))).toEqual(['agents.revoke', 'row.copy']);
    expect(ids(rowCommands(DEFAULT_BINDINGS, 'algos'))).toEqual(['algos.pauseResume', 'algos.cancel', 'row.copy']);
    expect(ids(rowCommands(DEFAULT_BINDINGS, 'alerts'))).toEqual(['alerts.edit', 'alerts.pauseResume', 'alerts.remove', 'row.copy']);
    expect(rowMenuItems(DEFAULT_BINDINGS, 'orders', false)[1]).toEqual({ id: 'order.cancel', keys: 'x / d', description: 'Cancel the selected order' });
    // A pane without list rows has no menu items at all.
    expect(rowCommands(DEFAULT_BINDINGS, 'chart')).toEqual([]);
  });

  it('a new row command shows in its pane by its binding alone; a rebound key shows as rebound', () => {
    const extra: Binding = { id: 'orders.scope', keys: ['a'], description: 'Pretend row command', context: 'orders', row: true };
    const bindings = DEFAULT_BINDINGS.map((b) => (b.id === 'orders.scope' ? extra : b));
    expect(ids(rowCommands(bindings, 'orders'))).toContain('orders.scope');
    const rebound = applyOverrides({ 'order.cancel': ['ctrl+x'] }).bindings;
    expect(rowMenuItems(rebound, 'orders', false).find((i) => i.id === 'order.cancel')?.keys).toBe('Ctrl+X');
  });

  it('monitor mode lists no command that signs', () => {
    expect(ids(rowMenuItems(DEFAULT_BINDINGS, 'orders', true))).toEqual(['row.copy']);
    expect(ids(rowMenuItems(DEFAULT_BINDINGS, 'journal', true))).toEqual(['journal.details', 'row.copy']);
  });

  it('over the menu a key is the row command it is on the pane, and only a row command', () => {
    const keymap = new Keymap(DEFAULT_BINDINGS);
    expect(rowMenuCommand('x', keymap, 'orders')).toBe('order.cancel');
    expect(rowMenuCommand('F', keymap, 'positions')).toBe('position.flatten');
    expect(rowMenuCommand('space', keymap, 'algos')).toBe('algos.pauseResume');
    // Not row commands: the orders scope, buying, quitting.
    expect(rowMenuCommand('a', keymap, 'orders')).toBeUndefined();
    expect(rowMenuCommand('b', keymap, 'orders')).toBeUndefined();
    expect(rowMenuCommand('q', keymap, 'orders')).toBeUndefined();
    // F on the orders pane flattens nothing there: it takes the positions' row only.
    expect(rowMenuCommand('F', keymap, 'orders')).toBeUndefined();
    // On a replay screen Space is the replay's, as on the pane.
    expect(rowMenuCommand('space', keymap, 'algos', true)).toBeUndefined();
  });

  it('`.` opens it from every list pane and shows in their hints; a replay screen keeps `.` for its step', () => {
    for (const focused of ['orders', 'positions', 'agents', 'algos', 'journal'] as const) {
      expect(hintEntries(DEFAULT_BINDINGS, activeContexts({ focused })).find((e) => e.id === 'row.menu')).toEqual({ id: 'row.menu', key: '.', label: 'actions' });
    }
    expect(new Keymap().lookup('replay', '.')).toBe('replay.step');
    expect(hintEntries(DEFAULT_BINDINGS, activeContexts({ focused: 'orders', replay: true })).some((e) => e.id === 'row.menu')).toBe(false);
    expect(ids(hintEntries(DEFAULT_BINDINGS, activeContexts({ overlay: 'menu' }))).slice(0, 2)).toEqual(['menu.run', 'menu.close']);
  });
});
