import { useEffect } from 'react';
import type { AppContextValue } from '../app/AppContext.js';
import { registerFormInput } from '../input/formInput.js';
import { formKey, formTakesText, formText } from './formActions.js';

/**
 * Hands the shell's form seam (src/ui/input/formInput.ts) to the form controller for as
 * long as the dashboard is mounted, so the first key after a form opens already reaches it.
 */
export function useFormInput(app: AppContextValue): void {
  useEffect(
    () =>
      registerFormInput({
        textInput: () => formTakesText(app),
        onText: (_form, text) => formText(app, text),
        onKey: (_form, key) => formKey(app, key),
      }),
    [app],
  );
}
