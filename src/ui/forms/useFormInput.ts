import { useEffect, useMemo } from 'react';
import type { AppContextValue } from '../context/AppContext.js';
import { useShell } from '../context/ShellContext.js';
import { registerFormInput } from '../input/formInput.js';
import { blockerKeys } from './blockerKeys.js';
import { formKey, formTakesText, formText } from './formActions.js';

/**
 * Hands the shell's form seam (src/ui/input/formInput.ts) to the form controller for as
 * long as the dashboard is mounted, so the first key after a form opens already reaches it.
 */
export function useFormInput(app: AppContextValue): void {
  // A blocker's fix is run by the key the keymap in force binds to it.
  const { bindings } = useShell();
  const keys = useMemo(() => blockerKeys(bindings), [bindings]);
  useEffect(
    () =>
      registerFormInput({
        textInput: () => formTakesText(app),
        onText: (_form, text) => formText(app, text),
        onKey: (_form, key) => formKey(app, key, keys),
      }),
    [app, keys],
  );
}
