import { isCommandId, usableBindings } from '../../keymap/index.js';
import { selectTopOverlay, view } from '../view/viewStore.js';
import { highlightedRow, paletteItems, paletteStartRow, profileItems } from '../overlays/overlayLists.js';
import { contractPickerItems, PICKER_SORTS } from '../overlays/pickerFigures.js';
import type { CommandContext, CommandTable } from './types.js';

/** Help, palette, contract picker, confirmations and the way out. */

function hasRequestInFlight(ctx: CommandContext): boolean {
  return ctx.app.view.getState().inFlight > 0;
}

/** The algos this process runs that quitting would pause (none where quitting ends only this screen). */
function algosQuitPauses(ctx: CommandContext): number {
  const board = ctx.app.algos;
  if (!ctx.app.quitPausesAlgos || !board || board.snapshot().owner.kind !== 'own') return 0;
  return board.snapshot().algos.filter((a) => a.status === 'running').length;
}

/**
 * This screen shows `name` from now on: the screen's own contract (its view store), so no
 * other screen moves, and an open form stays on the contract it was opened for. The screen
 * holds what it shows (mountDashboard), so the session subscribes to it.
 */
function switchContract(ctx: CommandContext, name: string): void {
  const { app } = ctx;
  const s = app.store.getState();
  if (s.market.selected === name) return;
  if (!s.market.contracts[name]) return view.notify(app.view, `no active contract named ${name}`, 'error');
  view.setBookCursor(app.view, null);
  view.setSelection(app.view, 'book', 0);
  view.setContract(app.view, name);
  view.notify(app.view, `switched to ${name}`, 'success');
}

export const OVERLAY_COMMANDS = {
  // Ctrl-C, from anywhere: at once, unless a signed request still waits for its answer; then
  // it asks as q does, and only once (Ctrl-C again, or y, is the answer).
  'app.forceQuit': (ctx) => {
    const asking = selectTopOverlay(ctx.app.view.getState())?.kind === 'quitConfirm';
    if (hasRequestInFlight(ctx) && !asking) view.openOverlay(ctx.app.view, { kind: 'quitConfirm', inFlight: true });
    else ctx.quit();
  },
  // The way out for q and for Quit in the palette: asks first while a signed request is in
  // flight or algos run that quitting would pause, saying which.
  quit: (ctx) => {
    const inFlight = hasRequestInFlight(ctx);
    const algos = algosQuitPauses(ctx);
    if (inFlight || algos > 0) view.openOverlay(ctx.app.view, { kind: 'quitConfirm', ...(algos > 0 ? { algos } : {}), ...(inFlight ? { inFlight } : {}) });
    else ctx.quit();
  },
  help: ({ app }) => view.openListOverlay(app.view, { kind: 'help' }),
  'help.close': ({ app }) => view.closeOverlay(app.view),
  palette: ({ app }) => view.openListOverlay(app.view, { kind: 'palette' }, paletteStartRow('')),
  'palette.close': ({ app }) => view.closeOverlay(app.view),
  'palette.run': (ctx) => {
    const { app } = ctx;
    const s = app.view.getState();
    const items = paletteItems(s.overlayQuery, usableBindings(ctx.bindings, app.mode.readOnly));
    const row = highlightedRow(s.overlayCursor, items.length);
    // Nothing highlighted (a fresh palette, or nothing matches): Enter runs nothing and the palette stays.
    if (row === undefined) return;
    const chosen = items[row]!;
    view.closeOverlay(app.view);
    // Through the same handlers and checks as the command's key.
    if (isCommandId(chosen.binding.id)) ctx.run(chosen.binding.id);
  },
  'contract.pick': ({ app }) => {
    // In the order the picker shows them (Tab's choice), the cursor on the current contract.
    const names = contractPickerItems('', app.store.getState().market, app.view.getState().pickerSort);
    view.openListOverlay(app.view, { kind: 'picker' });
    const at = names.indexOf(app.store.getState().market.selected ?? '');
    if (at > 0) view.moveOverlayCursor(app.view, at, names.length);
  },
  'profile.switch': ({ app }) => {
    const p = app.profiles;
    if (!p || p.lines.length === 0) {
      view.notify(app.view, 'no profiles: name your accounts under "profiles" in the config file (README, Profiles)', 'info');
      return;
    }
    view.openListOverlay(app.view, { kind: 'picker', list: 'profiles' });
    const at = p.lines.findIndex((l) => l.name === p.current);
    if (at > 0) view.moveOverlayCursor(app.view, at, p.lines.length);
  },
  'picker.close': ({ app }) => view.closeOverlay(app.view),
  'picker.sort': ({ app }) => {
    const top = selectTopOverlay(app.view.getState());
    if (top?.kind !== 'picker' || top.list === 'profiles') return;
    const now = app.view.getState().pickerSort;
    app.view.setState({ pickerSort: PICKER_SORTS[(PICKER_SORTS.indexOf(now) + 1) % PICKER_SORTS.length]!, overlayCursor: 0 });
  },
  'picker.choose': (ctx) => {
    const { app } = ctx;
    const s = app.view.getState();
    const top = selectTopOverlay(s);
    if (top?.kind === 'picker' && top.list === 'profiles') {
      const items = profileItems(s.overlayQuery, app.profiles?.lines ?? []);
      const row = highlightedRow(s.overlayCursor, items.length);
      const line = row === undefined ? undefined : items[row];
      view.closeOverlay(app.view);
      if (!line || !app.profiles) return;
      if (line.name === app.profiles.current) return view.notify(app.view, `already on profile ${line.name}`, 'info');
      const refused = app.profiles.switchTo(line.name);
      if (refused !== undefined) view.notify(app.view, refused, 'warning');
      return;
    }
    const items = contractPickerItems(s.overlayQuery, app.store.getState().market, s.pickerSort);
    const row = highlightedRow(s.overlayCursor, items.length);
    const name = row === undefined ? undefined : items[row];
    view.closeOverlay(app.view);
    if (name) switchContract(ctx, name);
  },
  'confirm.yes': (ctx) => {
    const top = selectTopOverlay(ctx.app.view.getState());
    if (top?.kind === 'quitConfirm') ctx.quit();
    else view.closeOverlay(ctx.app.view);
  },
  'confirm.no': ({ app }) => view.closeOverlay(app.view),
} satisfies CommandTable;
