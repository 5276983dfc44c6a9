import { useInput } from 'ink';
import { dispatchInput, isRowCommand, rowMenuCommand, type CommandId, type InputAction, type Keymap, type PaneContext } from '../../keymap/index.js';
import type { ViewStore } from '../view/viewStore.js';
import { selectTopOverlay, view } from '../view/viewStore.js';
import { paletteStartRow } from '../overlays/overlayLists.js';
import { inputStateOf, type ScreenFacts } from './inputContexts.js';
import { splitBurst } from './keyBurst.js';

export interface KeyboardOptions {
  keymap: Keymap;
  view: ViewStore;
  run: (id: CommandId) => void;
  /** What the screen shows now (read at each key, so a resize counts from the next key). */
  screen?: () => ScreenFacts;
}

/**
 * The dashboard's one keyboard handler. Every key goes through the keymap (bindings as
 * data, user overrides applied) in the contexts the view state and the screen make live.
 * A read that holds several keys (a fast burst, a slow link, tmux `send-keys Enter C-c`) is
 * cut into its keys first, each keeping its modifiers (keyBurst.ts), so Ctrl-C quits from
 * anywhere in a read. Typed text goes to the top overlay's filter.
 */
export function handleInput(input: string, key: Partial<InkKey>, o: KeyboardOptions): void {
  for (const piece of splitBurst(input, key)) handleKey(piece.input, piece.key, o);
}

function handleKey(input: string, key: Partial<InkKey>, o: KeyboardOptions): void {
  const state = inputStateOf(o.view.getState(), o.screen?.());
  if ([...input].length > 1 && !state.textInput && !hasNamedKey(key)) {
    // Plain text outside a text field: one key at a time, each in the contexts the previous
    // one left (":abc" opens the palette, then types).
    for (const ch of input) handleKey(ch, {}, o);
    return;
  }
  const top = selectTopOverlay(o.view.getState());
  const form = top?.kind === 'form' ? top : undefined;
  const formInput = form ? o.screen?.().formInput : undefined;
  const only = state.only ? { only: state.only } : {};
  const step = form ? o.view.getState().form?.stage : undefined;
  const formStep = step ? { formStep: step } : {};
  const menu = top?.kind === 'rowMenu' ? top : undefined;
  for (const action of dispatchInput(input, key, state.contexts, { keymap: o.keymap, textInput: state.textInput, ...only, ...formStep })) {
    const chosen = menu ? menuChoice(action, o.keymap, menu.pane, o.view.getState().replay) : undefined;
    if (chosen) {
      // A row command's own key over its menu: the menu goes, the command runs as from the pane.
      view.closeOverlay(o.view);
      o.run(chosen);
    } else if (action.kind === 'command') o.run(action.id);
    else if (form && formInput) {
      if (action.kind === 'text') formInput.onText(form, action.text);
      else formInput.onKey(form, action.key);
    } else if (action.kind === 'text') {
      if (state.textInput) setFilter(o.view, o.view.getState().overlayQuery + action.text);
    } else if (action.key === 'backspace' && state.textInput) {
      setFilter(o.view, [...o.view.getState().overlayQuery].slice(0, -1).join(''));
    }
  }
}

/**
 * The row command a key means over a row's menu: a key the menu leaves alone (its own Enter
 * and Esc, the list moves) that runs one of the menu's commands on the pane (x cancels the
 * order), or a list command that is one (y copies).
 */
function menuChoice(action: InputAction, keymap: Keymap, pane: PaneContext, replay: boolean): CommandId | undefined {
  if (action.kind === 'command') return isRowCommand(keymap.bindings, pane, action.id) ? action.id : undefined;
  return action.kind === 'key' ? rowMenuCommand(action.key, keymap, pane, replay) : undefined;
}

/**
 * A new filter for the top overlay; the highlight goes to its best match (the palette's: see
 * paletteStartRow). A list's filter line narrows its rows as it is typed.
 */
function setFilter(store: ViewStore, query: string): void {
  const top = selectTopOverlay(store.getState());
  if (top?.kind === 'filter') view.typeFilter(store, top.pane, query);
  else view.setOverlayQuery(store, query, top?.kind === 'palette' ? paletteStartRow(query) : 0);
}

type InkKey = Parameters<Parameters<typeof useInput>[0]>[1];

function hasNamedKey(key: Partial<InkKey>): boolean {
  return Boolean(
    key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end ||
      key.return || key.escape || key.tab || key.backspace || key.delete || key.ctrl || key.meta,
  );
}

export function useKeyboard(o: KeyboardOptions & { active?: boolean }): void {
  useInput((input, key) => handleInput(input, key, o), { isActive: o.active ?? true });
}
