import { useMemo } from 'react';
import type { AppContextValue } from '../context/AppContext.js';
import { useShell } from '../context/ShellContext.js';
import type { FormInputHandler } from '../input/formInput.js';
import { blockerKeys, type BlockerKeys } from './blockerKeys.js';
import { formKey, formTakesText, formText } from './formActions.js';

/** The form controller as one screen's keyboard reaches it: over that screen's context alone. */
export function formInputOf(app: AppContextValue, keys?: BlockerKeys): FormInputHandler {
  return {
    textInput: () => formTakesText(app),
    onText: (_form, text) => formText(app, text),
    onKey: (_form, key) => formKey(app, key, keys),
  };
}

/** This screen's form input handler, for its keyboard (App passes it in the screen's facts). */
export function useFormInput(app: AppContextValue): FormInputHandler {
  // A blocker's fix is run by the key the keymap in force binds to it.
  const { bindings } = useShell();
  const keys = useMemo(() => blockerKeys(bindings), [bindings]);
  return useMemo(() => formInputOf(app, keys), [app, keys]);
}
