import { isPane, type CommandId, type Context, type OverlayContext, activeContexts } from '../../keymap/index.js';
import type { Overlay, ViewState } from '../view/viewStore.js';
import { selectTopOverlay } from '../view/viewStore.js';
import type { FormInputHandler } from './formInput.js';

/** The keymap context of each overlay kind: quit confirmation and message boxes answer y/n/Esc. */
const OVERLAY_CONTEXT: Record<Overlay['kind'], OverlayContext> = {
  help: 'help',
  palette: 'palette',
  picker: 'picker',
  quitConfirm: 'confirm',
  message: 'confirm',
  form: 'form',
  filter: 'filter',
  // Typed like a filter: Enter goes to the time, Esc stays.
  seek: 'filter',
  rowMenu: 'menu',
};

/** Overlays with a text field: printable keys are text there, never commands. */
const TEXT_OVERLAYS: ReadonlySet<Overlay['kind']> = new Set(['palette', 'picker', 'filter', 'seek']);

/** What the screen shows that the view state does not say. */
export interface ScreenFacts {
  /** The terminal is below the minimum size: one line says so, no pane or overlay is drawn. */
  tooSmall: boolean;
  /** This screen's form controller: typed text and unbound keys while a form is on top. */
  formInput?: FormInputHandler | undefined;
}

/**
 * While the terminal is too small the screen shows one line and no key may act on what it
 * hides: only the way out works. `quit` still asks while a signed request is in flight,
 * and the line shows that question, so then the answers work too.
 */
const TOO_SMALL_KEYS: ReadonlySet<CommandId> = new Set<CommandId>(['quit', 'app.forceQuit']);
const TOO_SMALL_ASKING_KEYS: ReadonlySet<CommandId> = new Set<CommandId>(['app.forceQuit', 'confirm.yes', 'confirm.no']);

export interface InputState {
  contexts: Context[];
  /** The top overlay takes typed text (its filter). */
  textInput: boolean;
  /** The commands allowed now, when not all are (the dispatcher drops every other key). */
  only?: ReadonlySet<CommandId>;
}

/**
 * The live contexts for a view state: the top overlay's alone, else the focused pane's,
 * lists and global; on a too-small terminal, the way out alone.
 */
export function inputStateOf(s: ViewState, screen: ScreenFacts = { tooSmall: false }): InputState {
  const top = selectTopOverlay(s);
  if (screen.tooSmall) {
    // Hidden overlays and panes take no key: q is quit even over a form's text field.
    return top?.kind === 'quitConfirm'
      ? { contexts: activeContexts({ overlay: 'confirm' }), textInput: false, only: TOO_SMALL_ASKING_KEYS }
      : { contexts: activeContexts({}), textInput: false, only: TOO_SMALL_KEYS };
  }
  const focus: string = s.focus;
  const focused = isPane(focus as Context) ? (focus as Extract<Context, ViewState['focus']>) : undefined;
  return {
    contexts: activeContexts({ overlay: top ? OVERLAY_CONTEXT[top.kind] : undefined, focused, replay: s.replay }),
    textInput: top !== undefined && (TEXT_OVERLAYS.has(top.kind) || (top.kind === 'form' && (screen.formInput?.textInput(top) ?? false))),
  };
}
