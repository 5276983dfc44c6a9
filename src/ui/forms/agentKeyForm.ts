import { textField, toggleField, type Field, type FieldView, type Texts } from '../../forms/index.js';
import { agentKeyDir, MIN_PASSWORD } from '../../session/agentKeystore.js';


/**
 * Forms that sign nothing (local forms): a new agent key, generated here and encrypted with a
 * password typed into masked fields, saved as a keystore under the state directory (only its
 * address leaves this module; the key is wiped once written); and the alert forms
 * (alertForms.ts), which write the account's alert file.
 */

export interface LocalForm {
  id: string;
  title: string;
  fields: Readonly<Record<string, Field<string | boolean | undefined>>>;
  /** Fields shown as dots. */
  masked: ReadonlySet<string>;
  intro(o: LocalIntro): string[];
  /** The texts and the focused field the form opens with, from the overlay's params. */
  initial(params: Readonly<Record<string, string>>): { texts: Record<string, string>; focus: string };
  /** Whether a field shows; all do unless this says not (a hidden field carries the form's own data). */
  visible?(key: string, o: { canSwitch: boolean }): boolean;
  /** A check beyond the field's own parse: its complaint, or undefined. */
  check?(key: string, text: string, texts: Texts): string | undefined;
  /** The title's word (what the form does not do), and the edit step's footer. */
  info: string;
  footer: string;
}

export interface LocalIntro {
  stateDir: string | undefined;
  /** The screen can hand a new key to its session. */
  canSwitch: boolean;
  texts: Texts;
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
  initial: () => ({ texts: { password: '', repeat: '', signWith: 'yes' }, focus: 'password' }),
  visible: (key, { canSwitch }) => key !== 'signWith' || canSwitch,
  check: (key, text, texts) => {
    if (key === 'password' && text.length < MIN_PASSWORD) return `Password: at least ${MIN_PASSWORD} characters`;
    if (key === 'repeat' && text !== (texts['password'] ?? '')) return 'Repeat: does not match the password';
    return undefined;
  },
  info: 'signs nothing',
  footer: 'Tab/↑↓ field · Enter generate · Esc close',
  intro: ({ stateDir, canSwitch }) => [
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
    const visible = form.visible?.(key, { canSwitch }) ?? true;
    const view: FieldView = { key, kind: f.kind, label: f.label, help: f.help, text, visible };
    if (!visible) {
      fields.push(view);
      continue;
    }
    if (f.choices) view.choices = f.choices(undefined as never, texts);
    const r = f.parse(text, undefined as never, texts);
    let error = r.ok ? undefined : r.error;
    if (!error) error = form.check?.(key, text, texts);
    if (error) {
      view.error = error;
      errors.push(error);
    }
    fields.push(view);
  }
  return { fields, errors, ready: errors.length === 0 };
}
