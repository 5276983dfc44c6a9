export { FormOverlay } from './FormOverlay.js';
export { useFormInput } from './useFormInput.js';
export {
  openForm,
  closeForm,
  submitForm,
  backForm,
  overrideGuards,
  stepField,
  toggleField,
  formText,
  formKey,
  formTakesText,
  resolveForm,
  type OpenOptions,
  type Resolved,
} from './formActions.js';
export { formScreen, type FormScreen } from './formScreen.js';
export { sendCall, type FormSender } from './sendCall.js';
export { formContextOf, keysOf } from './formContext.js';
export { MENUS, menuById, type Menu, type MenuItem } from './menus.js';
export { GENERATE_AGENT, generateAgentKeystore, agentKeyDir } from './agentKeyForm.js';
export type { FormState, FormStage, Captured } from './formState.js';
