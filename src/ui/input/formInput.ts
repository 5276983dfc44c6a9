import type { Overlay } from '../view/viewStore.js';

/**
 * The seam for the order forms: while a form overlay is on top, typed text and
 * unbound keys (backspace, left, right, home, end) go to the handler registered here, and
 * the handler says whether printable keys are text right now (a text field has focus) or
 * commands (a choice field, where Space toggles).
 */
export interface FormInputHandler {
  textInput(form: Extract<Overlay, { kind: 'form' }>): boolean;
  onText(form: Extract<Overlay, { kind: 'form' }>, text: string): void;
  onKey(form: Extract<Overlay, { kind: 'form' }>, key: string): void;
}

let handler: FormInputHandler | undefined;

/** Installs the form input handler; returns a function that removes it again. */
export function registerFormInput(h: FormInputHandler): () => void {
  handler = h;
  return () => {
    if (handler === h) handler = undefined;
  };
}

export function formInputHandler(): FormInputHandler | undefined {
  return handler;
}
