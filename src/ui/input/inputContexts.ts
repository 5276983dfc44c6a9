import { isPane, type Context, type OverlayContext, activeContexts } from '../../keymap/index.js';
import type { Overlay, ViewState } from '../view/viewStore.js';
import { selectTopOverlay } from '../view/viewStore.js';
import { formInputHandler } from './formInput.js';

/** The keymap context of each overlay kind: quit confirmation and message boxes answer y/n/Esc. */
const OVERLAY_CONTEXT: Record<Overlay['kind'], OverlayContext> = {
  help: 'help',
  palette: 'palette',
  picker: 'picker',
  quitConfirm: 'confirm',
  message: 'confirm',
  form: 'form',
};

/** Overlays with a text field: printable keys are text there, never commands. */
const TEXT_OVERLAYS: ReadonlySet<Overlay['kind']> = new Set(['palette', 'picker']);

export interface InputState {
  contexts: Context[];
  /** The top overlay takes typed text (its filter). */
  textInput: boolean;
}

/** The live contexts for a view state: the top overlay's alone, else the focused pane's, lists and global. */
export function inputStateOf(s: ViewState): InputState {
  const top = selectTopOverlay(s);
  const focus: string = s.focus;
  const focused = isPane(focus as Context) ? (focus as Extract<Context, ViewState['focus']>) : undefined;
  return {
    contexts: activeContexts({ overlay: top ? OVERLAY_CONTEXT[top.kind] : undefined, focused }),
    textInput: top !== undefined && (TEXT_OVERLAYS.has(top.kind) || (top.kind === 'form' && (formInputHandler()?.textInput(top) ?? false))),
  };
}
