import type { Overlay } from '../view/viewStore.js';

/**
 * The seam for the order forms: while a form overlay is on top, typed text and unbound keys
 * (backspace, left, right, home, end) go to the screen's handler, and the handler says
 * whether printable keys are text right now (a text field has focus) or commands (a choice
 * field, where Space toggles). Each screen has its own (App builds it over the screen's
 * context, and the keyboard reads it from the screen's facts): never a module's, so one
 * screen's keys cannot reach another screen's form.
 */
export interface FormInputHandler {
  textInput(form: Extract<Overlay, { kind: 'form' }>): boolean;
  onText(form: Extract<Overlay, { kind: 'form' }>, text: string): void;
  onKey(form: Extract<Overlay, { kind: 'form' }>, key: string): void;
}
