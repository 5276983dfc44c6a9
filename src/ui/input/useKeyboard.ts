import { useInput } from 'ink';
import { dispatchInput, type CommandId, type Keymap } from '../../keymap/index.js';
import type { ViewStore } from '../view/viewStore.js';
import { selectTopOverlay, view } from '../view/viewStore.js';
import { paletteStartRow } from '../overlays/overlayLists.js';
import { inputStateOf, type ScreenFacts } from './inputContexts.js';

export interface KeyboardOptions {
  keymap: Keymap;
  view: ViewStore;
  run: (id: CommandId) => void;
  /** What the screen shows now (read at each key, so a resize counts from the next key). */
  screen?: () => ScreenFacts;
}

/**
 * The dashboard's one keyboard handler. Every key goes through the keymap (bindings as
 * data, user overrides applied) in the contexts the view state and the screen make live;
 * several keys in one read are split (ink passes a fast burst as one input). Typed text goes
 * to the top overlay's filter.
 */
export function handleInput(input: string, key: Partial<InkKey>, o: KeyboardOptions): void {
  const chars = [...input];
  if (chars.length > 1 && !hasNamedKey(key) && CONTROL_IN_TEXT.test(input)) {
    // Fast typing or a slow screen can deliver "ETH\r" in one read: the text stays text and
    // Enter, Tab or Backspace inside it are still keys.
    for (const part of input.split(CONTROL_SPLIT)) if (part) handleInput(part, {}, o);
    return;
  }
  const state = inputStateOf(o.view.getState(), o.screen?.());
  if (chars.length > 1 && !state.textInput && !hasNamedKey(key)) {
    // One key at a time, each in the contexts the previous one left (":abc" opens the palette, then types).
    for (const ch of chars) handleInput(ch, {}, o);
    return;
  }
  const top = selectTopOverlay(o.view.getState());
  const form = top?.kind === 'form' ? top : undefined;
  const formInput = form ? o.screen?.().formInput : undefined;
  const only = state.only ? { only: state.only } : {};
  for (const action of dispatchInput(input, key, state.contexts, { keymap: o.keymap, textInput: state.textInput, ...only })) {
    if (action.kind === 'command') o.run(action.id);
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
 * A new filter for the top overlay; the highlight goes to its best match (the palette's: see
 * paletteStartRow). A list's filter line narrows its rows as it is typed.
 */
function setFilter(store: ViewStore, query: string): void {
  const top = selectTopOverlay(store.getState());
  if (top?.kind === 'filter') view.typeFilter(store, top.pane, query);
  else view.setOverlayQuery(store, query, top?.kind === 'palette' ? paletteStartRow(query) : 0);
}

const CONTROL_IN_TEXT = /[\r\n\t\x7f\b]/;
const CONTROL_SPLIT = /([\r\n\t\x7f\b])/;

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
