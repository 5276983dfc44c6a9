import { blockerLines, keyRequirement, needsOverride, pressKey, priceSourceLabel, type FieldView } from '../../forms/index.js';
import type { Segment } from '../components/Tone.js';
import { fit, textWidth } from '../format/width.js';
import type { ThemeToken } from '../theme/tokens.js';
import type { LocalForm } from './agentKeyForm.js';
import type { AlgoForm } from './algoForms.js';
import { DEFAULT_BLOCKER_KEYS, type BlockerKeys } from './blockerKeys.js';
import { focusedField, MULTILINE_FIELDS, showsError } from './fieldEditing.js';
import type { Resolved } from './formActions.js';
import type { FormMessage, FormState } from './formState.js';
import { itemNote } from './menus.js';
import { wrapText } from './wrapText.js';

/**
 * What the form overlay shows, as rows of styled text within `width` columns: a pure
 * function of the form state and its evaluation, so a test can read a form without a
 * terminal. `anchor` is the row that must stay visible when the box is too short.
 */
export interface FormScreen {
  title: string;
  info?: string;
  rows: Segment[][];
  anchor: number;
  footer: string;
}

const MESSAGE_TOKEN: Record<FormMessage['tone'], ThemeToken> = { info: 'text', success: 'ok', warning: 'warning', error: 'error' };
const RESULT_TOKEN = { success: 'ok', warning: 'warning', error: 'error' } as const;

function wrapped(text: string, width: number, token?: ThemeToken, indent = ''): Segment[][] {
  return wrapText(text, Math.max(1, width - textWidth(indent))).map((l) => [{ text: indent + l, ...(token ? { token } : {}) }]);
}

const EDIT_FOOTER = 'Tab/↑↓ field · Space/←→ choice · Enter review · Esc close';

function valueSegments(f: FieldView, focused: boolean, replace: boolean, masked: boolean, line: string): Segment[] {
  if (f.kind === 'choice' || f.kind === 'toggle') {
    const choice = f.choices?.find((c) => c.text.toLowerCase() === f.text.trim().toLowerCase());
    const shown = f.kind === 'toggle' ? `${/^(yes|y|true|on|1)$/i.test(f.text.trim()) ? '[x]' : '[ ]'} ${f.text}` : `‹ ${f.text} ›`;
    const segs: Segment[] = [{ text: shown, ...(focused ? { token: 'accent' as const, bold: true } : {}) }];
    if (choice?.label && f.kind === 'choice') segs.push({ text: `  ${choice.label}`, token: 'muted' });
    return segs;
  }
  const text = masked ? '•'.repeat([...line].length) : line;
  if (!focused) return [{ text }];
  if (replace && text !== '') return [{ text, token: 'selection' }];
  return [{ text }, { text: '▏', token: 'accent' }];
}

/** Beside a field's value: what it stands for, or where the order form's price comes from. */
function fieldNote(st: FormState, f: FieldView, keys: BlockerKeys): string | undefined {
  if (st.formId === 'order' && f.key === 'price') {
    const isBuy = (st.texts['side'] ?? '').trim().toLowerCase() !== 'sell';
    const from = st.priceSource === undefined ? 'typed' : priceSourceLabel(st.priceSource, isBuy);
    const key = keys.keyOf('form.priceSource');
    return key === undefined ? `${from} · mid/best/last/cursor from the palette` : `${from} · ${key} mid/best/last/cursor`;
  }
  return f.note;
}

function fieldRows(st: FormState, fields: readonly FieldView[], width: number, masked: ReadonlySet<string>, keys: BlockerKeys = DEFAULT_BLOCKER_KEYS): { rows: Segment[][]; anchor: number } {
  const visible = fields.filter((f) => f.visible);
  const focus = focusedField(st, fields);
  const labelWidth = Math.min(18, Math.max(6, ...visible.map((f) => textWidth(f.label) + 1)));
  const rows: Segment[][] = [];
  let anchor = 0;
  for (const f of visible) {
    const focused = f.key === focus?.key;
    if (focused) anchor = rows.length;
    const lines = MULTILINE_FIELDS.has(f.key) ? f.text.split('\n') : [f.text];
    lines.forEach((line, i) => {
      const head: Segment[] = [
        { text: focused && i === 0 ? '› ' : '  ', token: 'accent' },
        { text: fit(i === 0 ? f.label : '', labelWidth), token: focused ? 'accent' : 'muted', bold: focused },
      ];
      // The cursor goes after the last line of a multi-line field.
      const note = i === lines.length - 1 && !masked.has(f.key) ? fieldNote(st, f, keys) : undefined;
      rows.push([...head, ...valueSegments(f, focused && i === lines.length - 1, st.replace, masked.has(f.key), line), ...(note ? [{ text: `  ${note}`, token: 'muted' as const }] : [])]);
    });
    if (showsError(st, f)) rows.push(...wrapped(`✕ ${f.error}`, width, 'error', ' '.repeat(labelWidth + 2)));
  }
  if (focus) {
    rows.push([]);
    const hint = MULTILINE_FIELDS.has(focus.key) ? `${focus.help} (";" starts a new line)` : focus.help;
    rows.push(...wrapped(hint, width, 'muted', '  '));
  }
  return { rows, anchor };
}

function messageRows(st: FormState, width: number): Segment[][] {
  return st.message ? [[], ...wrapped(st.message.text, width, MESSAGE_TOKEN[st.message.tone], ' ')] : [];
}

function specEdit(st: FormState, r: Extract<Resolved, { kind: 'spec' }>, width: number, keys: BlockerKeys): FormScreen {
  const { spec, ctx, ev } = r;
  const need = keyRequirement(spec.actionType, ctx.keys);
  const where = ctx.contract ? ` · ${ctx.contract.name}` : '';
  const screen: FormScreen = { title: spec.title, info: need.ok ? `signs: ${need.role}${where}` : `no key${where}`, rows: [], anchor: 0, footer: EDIT_FOOTER };
  if (st.note) screen.rows.push(...wrapped(st.note, width, 'accent', ' '));
  const headline = ev.blocked === undefined ? spec.headline?.(ctx) : undefined;
  if (headline) screen.rows.push(...wrapped(headline, width, 'muted', ' '));
  if (ev.blocked !== undefined) {
    screen.rows.push(...wrapped(`✕ ${ev.blocked}`, width, 'error', ' '));
    screen.footer = 'Esc close · nothing is signed';
    return screen;
  }
  const fields = fieldRows(st, ev.fields, width, new Set(), keys);
  screen.anchor = screen.rows.length + fields.anchor;
  screen.rows.push(...fields.rows);
  // A form-level complaint (nothing to change, a refused margin switch) warns; after Enter it is an error.
  if (!ev.ready && ev.fields.every((f) => f.error === undefined)) for (const e of ev.errors) screen.rows.push(...wrapped(`✕ ${e}`, width, st.submitted ? 'error' : 'warning', ' '));
  if (ev.ready && ev.built) {
    screen.rows.push([]);
    for (const line of ev.built.summary) screen.rows.push(...wrapped(line, width, 'text', '  '));
  }
  screen.rows.push(...messageRows(st, width));
  return screen;
}

function confirmScreen(st: FormState, title: string, width: number, keys: BlockerKeys): FormScreen {
  const c = st.confirm!;
  const rows: Segment[][] = st.note ? wrapped(st.note, width, 'accent', ' ') : [];
  c.plan.lines.forEach((l, i) => rows.push(...wrapped(l, width, i === 0 && !st.note ? 'accent' : 'text', ' ')));
  const blocked = c.plan.blockers.length > 0;
  if (blocked) {
    rows.push([], [{ text: ' ✕ the exchange is expected to refuse this: Enter does not sign', token: 'error', bold: true }]);
    for (const l of blockerLines(c.plan, pressKey(keys.labelOf))) rows.push(...wrapped(`• ${l}`, width, 'error', ' '));
  }
  if (c.plan.overrides.length > 0) {
    rows.push([], [{ text: ' ⚠ fat-finger guards: each needs an explicit override', token: 'warning', bold: true }]);
    for (const v of c.plan.overrides) rows.push(...wrapped(`• ${v.message}`, width, 'warning', ' '));
  }
  const gated = needsOverride(c.plan);
  if (gated) {
    const past = blocked ? (c.plan.overrides.length > 0 ? 'despite the refusal expected and the guards' : 'despite the refusal expected') : 'despite the guards';
    const ask = blocked
      ? "if the dashboard's copy of the account is out of date, press o to override, then Enter; plain Enter does not sign"
      : 'press o to override, then Enter; plain Enter does not pass a guard';
    rows.push(...wrapped(c.override ? `override armed: Enter signs and sends ${past} (o again withdraws it)` : ask, width, c.override ? 'error' : 'warning', ' '));
  }
  if (c.plan.staleBook !== undefined) rows.push([], ...wrapped(`⏸ ${c.plan.staleBook}`, width, 'stale', ' '));
  const skipKey = keys.keyOf('form.skipConfirm');
  if (c.plan.skipUnder !== undefined && skipKey !== undefined) {
    rows.push([], ...wrapped(`${skipKey}: send, and don't ask again for ${c.plan.kind ?? 'order'}s up to ${c.plan.skipUnder.above} ${c.plan.skipUnder.coin} (saved to the config file)`, width, 'muted', ' '));
  }
  rows.push(...messageRows(st, width));
  const footer = !gated ? 'Enter/y sign & send · n back · Esc close' : c.override ? 'Enter/y sign & send · o withdraw override · n back · Esc close' : 'o override · n back · Esc close · Enter does not sign yet';
  return { title: `${title}: confirm`, info: blocked ? 'blocked' : 'review', rows, anchor: 0, footer };
}

function sendingScreen(st: FormState, title: string, width: number): FormScreen {
  const rows: Segment[][] = [[{ text: ' ⧗ sending… waiting for the exchange’s answer', token: 'warning', bold: true }], []];
  for (const l of st.confirm?.plan.lines ?? []) rows.push(...wrapped(l, width, 'muted', ' '));
  rows.push(...messageRows(st, width));
  return { title, info: 'sending…', rows, anchor: 0, footer: 'q asks before quitting · Esc hides this (the answer still lands in the journal)' };
}

function resultScreen(st: FormState, title: string, width: number): FormScreen {
  const r = st.result!;
  const rows: Segment[][] = [];
  for (const l of r.lines) rows.push(...wrapped(l, width, RESULT_TOKEN[r.tone], ' '));
  const word = r.tone === 'success' ? 'answered' : r.tone === 'warning' ? 'answered, check' : 'refused';
  return { title: `${title}: exchange answer`, info: word, rows, anchor: 0, footer: r.tone === 'success' ? 'Enter/Esc close' : 'n back to the form · Enter/Esc close' };
}

function menuScreen(st: FormState, r: Extract<Resolved, { kind: 'menu' }>, width: number): FormScreen {
  const rows: Segment[][] = [];
  for (const h of r.menu.header(r.ctx)) rows.push(...wrapped(h, width, 'muted', ' '));
  rows.push([]);
  const first = rows.length;
  r.menu.items.forEach((item, i) => {
    const on = String(i) === st.focus;
    const note = itemNote(item, r.ctx);
    rows.push([
      { text: on ? '› ' : '  ', token: 'accent' },
      { text: `${i + 1} `, token: 'key' },
      { text: item.label, ...(on ? { token: 'accent' as const, bold: true } : {}) },
      ...(note ? [{ text: `  (${note})`, token: 'warning' as const }] : []),
    ]);
  });
  return { title: r.menu.title, rows: [...rows, ...messageRows(st, width)], anchor: first + Number(st.focus), footer: `↑↓ choose · 1-${r.menu.items.length} · Enter open · Esc close` };
}

function localScreen(st: FormState, form: LocalForm, r: Extract<Resolved, { kind: 'local' }>, width: number, stateDir: string | undefined): FormScreen {
  const rows: Segment[][] = [];
  const canSwitch = r.ev.fields.some((f) => f.key === 'signWith' && f.visible);
  for (const l of form.intro({ stateDir, canSwitch, texts: st.texts })) rows.push(...wrapped(l, width, 'muted', ' '));
  if (st.note) rows.push(...wrapped(st.note, width, 'accent', ' '));
  rows.push([]);
  const fields = fieldRows(st, r.ev.fields, width, form.masked);
  const anchor = rows.length + fields.anchor;
  rows.push(...fields.rows, ...messageRows(st, width));
  return { title: form.title, info: form.info, rows, anchor, footer: st.stage === 'sending' ? 'encrypting…' : form.footer };
}

/** An algo form: its fields and, once complete, what it will do; then the review, the start and a refusal. */
function algoScreen(st: FormState, form: AlgoForm, r: Extract<Resolved, { kind: 'algo' }>, width: number): FormScreen {
  // An algo acted on by id (resume, cancel) may be on another contract than the one in view.
  const where = r.ctx.contract && Object.keys(form.fields).length > 0 ? ` · ${r.ctx.contract.name}` : '';
  if (st.stage === 'result' && st.result) return resultScreen(st, form.title, width);
  if (st.stage === 'confirm' || st.stage === 'sending') {
    const rows: Segment[][] = st.note ? wrapped(st.note, width, 'muted', ' ') : [];
    (st.review ?? []).forEach((l, i) => rows.push(...wrapped(l, width, i === 0 ? 'accent' : 'text', ' ')));
    rows.push([], ...wrapped('Each order it sends is checked as the order form checks one (guards, blockers); one that fails pauses the algo with the reason.', width, 'muted', ' '));
    rows.push(...messageRows(st, width));
    if (st.stage === 'sending') return { title: form.title, info: 'starting…', rows, anchor: 0, footer: 'starting… the Algos pane shows it once it runs' };
    return { title: `${form.title}: confirm`, info: `algo${where}`, rows, anchor: 0, footer: `Enter/y ${form.verb} · n back · Esc close` };
  }
  const screen: FormScreen = { title: form.title, info: `algo${where}`, rows: [...wrapped(form.intro, width, 'muted', ' ')], anchor: 0, footer: 'Tab/↑↓ field · Space/←→ choice · Enter review · Esc close' };
  if (st.note) screen.rows.push(...wrapped(st.note, width, 'accent', ' '));
  if (r.ev.blocked !== undefined) {
    screen.rows.push(...wrapped(`✕ ${r.ev.blocked}`, width, 'error', ' '));
    screen.footer = 'Esc close · nothing is started';
    return screen;
  }
  screen.rows.push([]);
  const fields = fieldRows(st, r.ev.fields, width, new Set());
  screen.anchor = screen.rows.length + fields.anchor;
  screen.rows.push(...fields.rows);
  if (!r.ev.ready && r.ev.fields.every((f) => f.error === undefined)) for (const e of r.ev.errors) screen.rows.push(...wrapped(`✕ ${e}`, width, st.submitted ? 'error' : 'warning', ' '));
  if (r.ev.ready && r.ev.lines) {
    screen.rows.push([]);
    for (const line of r.ev.lines) screen.rows.push(...wrapped(line, width, 'text', '  '));
  }
  screen.rows.push(...messageRows(st, width));
  return screen;
}

export function formScreen(st: FormState, r: Resolved, width: number, o: { stateDir?: string | undefined; keys?: BlockerKeys } = {}): FormScreen {
  const title = r.kind === 'spec' ? r.spec.title : r.kind === 'menu' ? r.menu.title : r.kind === 'local' || r.kind === 'algo' ? r.form.title : st.formId;
  if (r.kind === 'local') return localScreen(st, r.form, r, width, o.stateDir);
  if (r.kind === 'algo') return algoScreen(st, r.form, r, width);
  if (st.stage === 'result' && st.result) return resultScreen(st, title, width);
  if (st.stage === 'sending') return sendingScreen(st, title, width);
  if (st.stage === 'confirm' && st.confirm) return confirmScreen(st, title, width, o.keys ?? DEFAULT_BLOCKER_KEYS);
  if (r.kind === 'menu') return menuScreen(st, r, width);
  if (r.kind === 'spec') return specEdit(st, r, width, o.keys ?? DEFAULT_BLOCKER_KEYS);
  return { title, rows: [[{ text: `unknown form ${st.formId}`, token: 'error' }]], anchor: 0, footer: 'Esc close' };
}
