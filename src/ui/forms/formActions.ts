import {
  collateralCoin,
  confirmPlan,
  contractById,
  evaluateForm,
  formById,
  initialTexts,
  needsOverride,
  type Built,
  type Evaluation,
  type FieldView,
  type FormContext,
  type FormSpec,
  type RenderOptions,
  type ResultView,
} from '../../forms/index.js';
import type { AppContextValue } from '../context/AppContext.js';
import { selectTopOverlay, view } from '../view/viewStore.js';
import { generateAgentKeystore } from '../../session/agentKeystore.js';
import { evaluateLocal, GENERATE_AGENT, type LocalEvaluation, type LocalForm } from './agentKeyForm.js';
import { DEFAULT_BLOCKER_KEYS, type BlockerCommand, type BlockerKeys } from './blockerKeys.js';
import { backspace, cycleChoice, focusedField, isTextKind, jumpChoice, moveFocus, typeInto } from './fieldEditing.js';
import { formContextOf } from './formContext.js';
import { newFormState, type Captured, type FormMessage, type FormState } from './formState.js';
import { menuById, type Menu } from './menus.js';
import { renderOptionsFor, sendCall } from '../../session/sendCall.js';

/**
 * What the form keys do: open, type, move, submit, confirm, override, send, close. Every
 * path to signing runs through submitForm: validation first (nothing is signed while a
 * field is wrong), then the confirm plan (policy, blockers, guards, stale book), then one
 * send whose answer is shown verbatim and lands in the journal through the client.
 */

export type Resolved =
  | { kind: 'spec'; spec: FormSpec; ctx: FormContext; ev: Evaluation }
  | { kind: 'menu'; menu: Menu; ctx: FormContext }
  | { kind: 'local'; form: LocalForm; ev: LocalEvaluation }
  | { kind: 'unknown' };

/** Forms that put orders on the book: the stale-book check applies to them. */
const ORDER_ENTRY: ReadonlySet<string> = new Set(['order', 'modify']);

export function resolveForm(app: AppContextValue, st: FormState, now = Date.now()): Resolved {
  const { ctx, gone } = formContextOf(app, st.captured, now);
  const menu = menuById(st.formId);
  if (menu) return { kind: 'menu', menu, ctx };
  if (st.formId === GENERATE_AGENT.id) return { kind: 'local', form: GENERATE_AGENT, ev: evaluateLocal(GENERATE_AGENT, st.texts) };
  const spec = formById(st.formId);
  if (!spec) return { kind: 'unknown' };
  const ev = evaluateForm(spec, st.texts, ctx);
  if (gone === undefined) return { kind: 'spec', spec, ctx, ev };
  return { kind: 'spec', spec, ctx, ev: { blocked: gone, fields: ev.fields.map(({ error: _e, ...f }) => f), errors: [gone], ready: false } };
}

export function fieldsOf(r: Resolved): readonly FieldView[] {
  return r.kind === 'spec' || r.kind === 'local' ? r.ev.fields : [];
}

export interface OpenOptions {
  params?: Readonly<Record<string, string>>;
  note?: string;
  captured?: Captured;
  /** Book and position keys: go straight on to validation and the confirm policy. */
  submit?: boolean;
}

/** Opens a form (replacing a menu or form already on top) with its defaults and the given values. */
export function openForm(app: AppContextValue, formId: string, o: OpenOptions = {}): void {
  const st = initialState(app, formId, o);
  if (!st) {
    view.notify(app.view, `${formId}: no such form`, 'error');
    return;
  }
  if (selectTopOverlay(app.view.getState())?.kind === 'form') view.closeOverlay(app.view);
  view.openOverlay(app.view, { kind: 'form', form: formId, ...(o.params ? { params: o.params } : {}) });
  view.setForm(app.view, st);
  if (o.submit) submitForm(app);
}

/** A form overlay pushed without its state (by the palette or a test): start it from its params. */
export function adoptOverlay(app: AppContextValue, formId: string, params: Readonly<Record<string, string>> | undefined): void {
  const st = initialState(app, formId, params ? { params } : {});
  if (st) view.setForm(app.view, st);
  else closeForm(app);
}

function initialState(app: AppContextValue, formId: string, o: OpenOptions): FormState | undefined {
  const captured = o.captured ?? {};
  let texts: Record<string, string> = {};
  let focus = '0';
  let replace = false;
  const spec = formById(formId);
  if (spec) {
    const { ctx } = formContextOf(app, captured);
    texts = initialTexts(spec, ctx, o.params ?? {});
    const visible = evaluateForm(spec, texts, ctx).fields.filter((f) => f.visible);
    // Start where typing is needed: the first field that is not valid yet, else the first one.
    const first = visible.find((f) => f.error !== undefined) ?? visible[0];
    focus = first?.key ?? '';
    replace = first !== undefined && first.text !== '' && isTextKind(first.kind);
  } else if (formId === GENERATE_AGENT.id) {
    texts = { password: '', repeat: '' };
    focus = 'password';
  } else if (!menuById(formId)) {
    return undefined;
  }
  return { ...newFormState(formId, texts, focus, { note: o.note, captured }), replace };
}

export function closeForm(app: AppContextValue): void {
  if (selectTopOverlay(app.view.getState())?.kind === 'form') view.closeOverlay(app.view);
  view.setForm(app.view, null);
}

function patch(app: AppContextValue, st: FormState, change: Partial<FormState>): void {
  view.updateForm(app.view, st.instance, (f) => ({ ...f, ...change }));
}

function say(app: AppContextValue, st: FormState, text: string, tone: FormMessage['tone']): void {
  patch(app, st, { message: { text, tone } });
}

/** Enter: review, confirm or send, by stage. */
export function submitForm(app: AppContextValue): void {
  const st = app.view.getState().form;
  if (!st) return;
  if (st.stage === 'sending') return say(app, st, 'sending… the answer will show here', 'info');
  if (st.stage === 'result') return closeForm(app);
  if (st.stage === 'confirm') return confirmSend(app, st);
  const r = resolveForm(app, st);
  switch (r.kind) {
    case 'unknown':
      return closeForm(app);
    case 'menu': {
      const item = r.menu.items[Number(st.focus)];
      if (item) openForm(app, item.form, { captured: st.captured });
      return;
    }
    case 'local':
      return void submitLocal(app, st, r.ev);
  }
  const { spec, ctx, ev } = r;
  if (ev.blocked !== undefined) return say(app, st, `not sent: ${ev.blocked}`, 'error');
  if (!ev.ready || !ev.built) {
    const firstBad = ev.fields.find((f) => f.visible && f.error !== undefined);
    const { message: _m, ...rest } = st;
    const next: FormState = { ...rest, submitted: true, message: { text: `not sent: ${ev.errors[0] ?? 'the form is not complete'}`, tone: 'error' } };
    if (firstBad && firstBad.key !== st.focus) Object.assign(next, { focus: firstBad.key, replace: false });
    view.updateForm(app.view, st.instance, () => next);
    return;
  }
  const plan = confirmPlan(spec, ev, ctx);
  if (plan.show) {
    const { message: _m, ...rest } = st;
    view.updateForm(app.view, st.instance, () => ({ ...rest, stage: 'confirm', confirm: { built: ev.built!, plan, override: false, staleAck: false }, scroll: 0 }));
    return;
  }
  void send(app, st, spec, ev.built);
}

function confirmSend(app: AppContextValue, st: FormState): void {
  const c = st.confirm;
  const spec = formById(st.formId);
  if (!c || !spec) return;
  if (c.plan.blockers.length > 0 && !c.override) {
    const what = c.plan.blockers.length === 1 ? 'the exchange is expected to refuse it for the reason above' : `the exchange is expected to refuse it for the ${c.plan.blockers.length} reasons above`;
    return say(app, st, `not sent: ${what}. Fix it, or if the dashboard's copy of the account is out of date, press o, then Enter, to send anyway (Esc goes back)`, 'error');
  }
  if (c.plan.overrides.length > 0 && !c.override) {
    return say(app, st, `not sent: ${c.plan.overrides.length === 1 ? 'a guard needs' : 'the guards need'} an explicit override: press o, then Enter (Esc goes back)`, 'warning');
  }
  const staleNow = ORDER_ENTRY.has(spec.actionType) && app.store.getState().session.staleness.book;
  if ((c.plan.staleBook !== undefined || staleNow) && !c.staleAck) {
    patch(app, st, { confirm: { ...c, staleAck: true }, message: { text: 'the order book is stale: press Enter once more to send anyway', tone: 'warning' } });
    return;
  }
  void send(app, st, spec, c.built);
}

/** The override key on the confirm step: arms (or disarms) sending past the blockers and the guards alike. */
export function overrideGuards(app: AppContextValue): void {
  const st = app.view.getState().form;
  if (!st) return;
  if (st.stage === 'edit') return formKey(app, 'o');
  const c = st.confirm;
  if (st.stage !== 'confirm' || !c || !needsOverride(c.plan)) return;
  const override = !c.override;
  const past = [c.plan.blockers.length > 0 ? 'what the exchange is expected to refuse' : '', c.plan.overrides.length > 0 ? 'the guards' : ''].filter(Boolean).join(' and ');
  patch(app, st, {
    confirm: { ...c, override },
    message: override ? { text: `override armed past ${past}: Enter signs and sends`, tone: 'warning' } : { text: 'override withdrawn', tone: 'info' },
  });
}

/**
 * A blocker's fix from the confirm step, as its command does elsewhere: the enroll form for
 * the contract's deployer, the collateral menu, the contract picker. The order form gives
 * way to it (its values are not kept).
 */
function runBlockerCommand(app: AppContextValue, command: BlockerCommand, params: Readonly<Record<string, string>> | undefined): void {
  switch (command) {
    case 'deployer.enroll':
      return openForm(app, 'enroll', params ? { params } : {});
    case 'collateral.move':
      return openForm(app, 'menu:collateral');
    case 'contract.pick':
      closeForm(app);
      view.openListOverlay(app.view, { kind: 'picker' });
      return;
  }
}

/** Esc: back from the confirm step, else close (a request in flight still lands in the journal). */
export function backForm(app: AppContextValue): void {
  const st = app.view.getState().form;
  if (!st || st.stage !== 'confirm') return closeForm(app);
  // A form without fields (cancel, cancel all) has nothing to go back to.
  if (!fieldsOf(resolveForm(app, st)).some((f) => f.visible)) return closeForm(app);
  const { confirm: _c, message: _m, ...rest } = st;
  view.updateForm(app.view, st.instance, () => ({ ...rest, stage: 'edit', scroll: 0 }));
}


const NOTICE_TONE: Record<ResultView['tone'], 'success' | 'warning' | 'error'> = { success: 'success', warning: 'warning', error: 'error' };

async function send(app: AppContextValue, st: FormState, spec: FormSpec, built: Built): Promise<void> {
  const exchange = app.session?.exchange;
  const { message: _m, ...rest } = st;
  view.updateForm(app.view, st.instance, () => ({ ...rest, stage: 'sending', scroll: 0 }));
  let result: ResultView;
  if (!exchange) result = { tone: 'error', lines: ['not sent: no exchange session'] };
  else {
    view.beginRequest(app.view);
    try {
      result = (await sendCall(exchange, built.call, renderOptionsFor(app.store.getState().market.configs, built.call))).view;
    } catch (e) {
      // The client answers with values; a throw is a bug, reported as a line, never a stack.
      result = { tone: 'error', lines: [`not sent: ${e instanceof Error ? e.message : String(e)}`] };
    } finally {
      view.endRequest(app.view);
    }
  }
  const shown = app.view.getState().form?.instance === st.instance;
  view.updateForm(app.view, st.instance, (f) => ({ ...f, stage: 'result', result, scroll: 0 }));
  // The open form shows the answer in full; the status bar stays free for the fill alert it may cause.
  if (!shown) view.notify(app.view, `${spec.title}: ${result.lines.join(' ')}`, NOTICE_TONE[result.tone]);
  const a = built.action;
  if (result.tone === 'success' && a.type === 'updateLeverage') view.setLeverage(app.view, a.asset, a.leverage);
}

async function submitLocal(app: AppContextValue, st: FormState, ev: LocalEvaluation): Promise<void> {
  if (!ev.ready) {
    patch(app, st, { submitted: true, message: { text: `not saved: ${ev.errors[0]}`, tone: 'error' } });
    return;
  }
  if (!app.stateDir) return say(app, st, 'not saved: no state directory to keep the key in', 'error');
  const password = st.texts['password'] ?? '';
  // The password leaves the view state as soon as it is used.
  patch(app, st, { stage: 'sending', texts: { password: '', repeat: '' }, message: { text: 'generating and encrypting the key…', tone: 'info' } });
  try {
    const { address, file } = await generateAgentKeystore(app.stateDir, password);
    view.notify(app.view, `new agent key ${address} saved encrypted to ${file}`, 'success');
    if (app.view.getState().form?.instance !== st.instance) return;
    openForm(app, 'approveAgent', {
      params: { address },
      note: `new agent key saved encrypted to ${file}. Approve it here; to trade with it, start with --agent-keystore and that file.`,
    });
  } catch (e) {
    patch(app, st, { stage: 'edit', replace: false, message: { text: `not saved: ${e instanceof Error ? e.message : String(e)}`, tone: 'error' } });
  }
}

/** Whether printable keys are text right now: a text field has focus on the edit step. */
export function formTakesText(app: AppContextValue): boolean {
  const st = app.view.getState().form;
  if (!st || st.stage !== 'edit' || menuById(st.formId)) return false;
  const f = focusedField(st, fieldsOf(resolveForm(app, st)));
  return f !== undefined && isTextKind(f.kind);
}

export function formText(app: AppContextValue, text: string): void {
  const st = app.view.getState().form;
  if (!st || st.stage !== 'edit') return;
  const f = focusedField(st, fieldsOf(resolveForm(app, st)));
  if (!f || !isTextKind(f.kind)) return;
  view.setForm(app.view, typeInto({ ...st, focus: f.key }, f.key, text));
}

/**
 * Keys no binding claims: Backspace, ←/→ on choices, letters on choices, digits in menus,
 * y/n/q by stage, and on the confirm step the key of a fix a blocker names (`keys`: the
 * keymap in force).
 */
export function formKey(app: AppContextValue, key: string, keys: BlockerKeys = DEFAULT_BLOCKER_KEYS): void {
  const st = app.view.getState().form;
  if (!st) return;
  if (st.stage === 'sending') {
    if (key === 'q' && app.view.getState().inFlight > 0) view.openOverlay(app.view, { kind: 'quitConfirm' });
    return;
  }
  if (st.stage === 'confirm') {
    if (key === 'y') submitForm(app);
    else if (key === 'n') backForm(app);
    else {
      // Only a fix the screen offers: a key of a command no blocker names does nothing here.
      const command = keys.commandOf(key);
      const action = command && st.confirm?.plan.blockers.find((b) => b.blocker.action?.command === command)?.blocker.action;
      if (command && action) runBlockerCommand(app, command, action.params);
    }
    return;
  }
  if (st.stage !== 'edit') return;
  if (menuById(st.formId)) {
    if (/^[1-9]$/.test(key)) {
      view.setForm(app.view, { ...st, focus: String(Number(key) - 1) });
      submitForm(app);
    }
    return;
  }
  const f = focusedField(st, fieldsOf(resolveForm(app, st)));
  if (!f) return;
  if (isTextKind(f.kind)) {
    if (key === 'backspace') view.setForm(app.view, backspace({ ...st, focus: f.key }, f.key));
    return;
  }
  if (key === 'left' || key === 'right') view.setForm(app.view, cycleChoice({ ...st, focus: f.key }, f, key === 'left' ? -1 : 1));
  else if ([...key].length === 1) view.setForm(app.view, jumpChoice({ ...st, focus: f.key }, f, key));
}

/** Tab / Shift-Tab / ↑↓: the next field, the next menu item, or scrolling on the later steps. */
export function stepField(app: AppContextValue, delta: number): void {
  const st = app.view.getState().form;
  if (!st) return;
  if (st.stage !== 'edit') {
    // Bounded by the unwrapped line count; the overlay clamps to what wrapping really gives.
    const plan = st.confirm?.plan;
    const lines = (plan?.lines.length ?? 0) + (plan?.blockers.length ?? 0) + (plan?.overrides.length ?? 0) + (st.result?.lines.length ?? 0) + 8;
    view.setForm(app.view, { ...st, scroll: Math.min(lines, Math.max(0, st.scroll + delta)) });
    return;
  }
  const r = resolveForm(app, st);
  if (r.kind === 'menu') {
    const n = r.menu.items.length;
    view.setForm(app.view, { ...st, focus: String((((Number(st.focus) + delta) % n) + n) % n) });
    return;
  }
  view.setForm(app.view, moveFocus(st, fieldsOf(r), delta));
}

/** Space: cycle the focused choice or toggle; on a menu, open the highlighted item. */
export function toggleField(app: AppContextValue): void {
  const st = app.view.getState().form;
  if (!st || st.stage !== 'edit') return;
  const r = resolveForm(app, st);
  if (r.kind === 'menu') return submitForm(app);
  const f = focusedField(st, fieldsOf(r));
  if (f && !isTextKind(f.kind)) view.setForm(app.view, cycleChoice({ ...st, focus: f.key }, f, 1));
}
