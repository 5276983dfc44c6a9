import { textField, toggleField, type Field, type FieldView, type Texts } from '../../forms/index.js';
import { agentKeyDir, MIN_PASSWORD } from '../../session/agentKeystore.js';


/**
 * The one form that signs nothing: a new agent key is generated here, encrypted with a
 * password typed into masked fields and saved as a keystore under the state directory.
 * Only its address leaves this module; the key is wiped once written.
 */

export interface LocalForm {
  id: string;
  title: string;
  fields: Readonly<Record<string, Field<string | boolean | undefined>>>;
  /** Fields shown as dots. */
  masked: ReadonlySet<string>;
  intro(stateDir: string | undefined, canSwitch: boolean): string[];
}

export const GENERATE_AGENT: LocalForm = {
  id: 'generateAgent',
  title: 'Generate an agent key',
  fields: {
    password: textField({ label: 'Password', help: `encrypts the key file (scrypt); at least ${MIN_PASSWORD} characters`, maxLength: 256 }),
    repeat: textField({ label: 'Repeat', help: 'the same password again', maxLength: 256 }),
    signWith: toggleField({ label: 'Sign with it', help: 'once approved, this session signs with the new key (the old agent stays approved until revoked)' }),
  },
  masked: new Set(['password', 'repeat']),
  intro: (stateDir, canSwitch) => [
    stateDir
      ? `A new key is created here and saved encrypted to ${agentKeyDir(stateDir)}/<address>.json; it is never shown.`
      : 'No state directory is known: the key cannot be stored.',
    canSwitch
      ? 'Then the approve form opens with its address; once approved, the session signs with it if "Sign with it" is yes. A later start signs with it given --agent-keystore <file>.'
      : 'Then the approve form opens with its address. Start with --agent-keystore <file> to trade with it.',
  ],
};


export interface LocalEvaluation {
  fields: FieldView[];
  errors: string[];
  ready: boolean;
}

/** `canSwitch`: the screen can hand a new key to its session (the toggle shows only then). */
export function evaluateLocal(form: LocalForm, texts: Texts, canSwitch: boolean): LocalEvaluation {
  const fields: FieldView[] = [];
  const errors: string[] = [];
  for (const [key, f] of Object.entries(form.fields)) {
    const text = texts[key] ?? '';
    const visible = key !== 'signWith' || canSwitch;
    const view: FieldView = { key, kind: f.kind, label: f.label, help: f.help, text, visible };
    if (!visible) {
      fields.push(view);
      continue;
    }
    if (f.choices) view.choices = f.choices(undefined as never, texts);
    const r = f.parse(text, undefined as never, texts);
    let error = r.ok ? undefined : r.error;
    if (!error && key === 'password' && text.length < MIN_PASSWORD) error = `Password: at least ${MIN_PASSWORD} characters`;
    if (!error && key === 'repeat' && text !== (texts['password'] ?? '')) error = 'Repeat: does not match the password';
    if (error) {
      view.error = error;
      errors.push(error);
    }
    fields.push(view);
  }
  return { fields, errors, ready: errors.length === 0 };
}
