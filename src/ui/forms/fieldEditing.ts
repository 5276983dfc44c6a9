import type { FieldKind, FieldView } from '../../forms/index.js';
import type { FormState } from './formState.js';

/**
 * Editing a form's texts, as pure functions of the form state and the fields on screen.
 * Choice and toggle fields never take typed text: Space and arrows cycle them and a letter
 * jumps to the choice it starts, so a stray key cannot leave a value the form must reject.
 */

const TEXT_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'decimal', 'amount', 'address', 'cloid', 'integer']);

export function isTextKind(kind: FieldKind): boolean {
  return TEXT_KINDS.has(kind);
}

/** The field of the batch form that holds one order per line; ';' starts a new line there. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['lines']);

function withText(st: FormState, key: string, text: string): FormState {
  const touched = st.touched.includes(key) ? st.touched : [...st.touched, key];
  const { message: _m, ...rest } = st;
  return { ...rest, texts: { ...st.texts, [key]: text }, replace: false, touched };
}

export function typeInto(st: FormState, key: string, typed: string): FormState {
  const text = MULTILINE_FIELDS.has(key) ? typed.replace(/;/g, '\n') : typed;
  const before = st.replace ? '' : (st.texts[key] ?? '');
  return withText(st, key, before + text);
}

export function backspace(st: FormState, key: string): FormState {
  if (st.replace) return withText(st, key, '');
  const chars = [...(st.texts[key] ?? '')];
  return withText(st, key, chars.slice(0, -1).join(''));
}

/** Focus the next (delta 1) or previous (-1) visible field, wrapping around. */
export function moveFocus(st: FormState, fields: readonly FieldView[], delta: number): FormState {
  const visible = fields.filter((f) => f.visible);
  if (visible.length === 0) return st;
  const at = visible.findIndex((f) => f.key === st.focus);
  const next = visible[(((at < 0 ? 0 : at + delta) % visible.length) + visible.length) % visible.length]!;
  return { ...st, focus: next.key, replace: next.text !== '' && isTextKind(next.kind) };
}

/** The focused field, or the first visible one when focus sits on a field that is now hidden. */
export function focusedField(st: FormState, fields: readonly FieldView[]): FieldView | undefined {
  const hit = fields.find((f) => f.key === st.focus && f.visible);
  if (hit) return hit;
  const order = fields.map((f) => f.key);
  const at = order.indexOf(st.focus);
  return fields.slice(Math.max(0, at)).find((f) => f.visible) ?? fields.find((f) => f.visible);
}

function choiceIndex(f: FieldView): number {
  const t = f.text.trim().toLowerCase();
  return (f.choices ?? []).findIndex((c) => c.text.toLowerCase() === t || c.label?.toLowerCase() === t);
}

export function cycleChoice(st: FormState, f: FieldView, delta: number): FormState {
  const choices = f.choices ?? [];
  if (choices.length === 0) return st;
  const at = choiceIndex(f);
  const next = at < 0 ? (delta > 0 ? 0 : choices.length - 1) : (((at + delta) % choices.length) + choices.length) % choices.length;
  return withText(st, f.key, choices[next]!.text);
}

/** The next choice (after the current one) whose text or label starts with `letter`. */
export function jumpChoice(st: FormState, f: FieldView, letter: string): FormState {
  const choices = f.choices ?? [];
  const l = letter.toLowerCase();
  const at = choiceIndex(f);
  for (let i = 1; i <= choices.length; i++) {
    const c = choices[(Math.max(at, 0) + i) % choices.length]!;
    if (c.text.toLowerCase().startsWith(l) || c.label?.toLowerCase().startsWith(l)) return withText(st, f.key, c.text);
  }
  return st;
}

/** Whether a field's complaint shows now: once it has text, was edited, or after a submit. */
export function showsError(st: FormState, f: FieldView): boolean {
  return f.error !== undefined && (f.text !== '' || st.submitted || st.touched.includes(f.key));
}
