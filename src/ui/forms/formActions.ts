import {
  cloidSlots,
  confirmPlan,
  DEFAULT_PRICE_SOURCE,
  evaluateForm,
  formById,
  initialTexts,
  needsOverride,
  nextPriceSource,
  sourceOf,
  sourcePrice,
  type Built,
  type Evaluation,
  type FieldView,
  type FormContext,
  type FormSpec,
  type PriceSource,
  type ResultView,
} from '../../forms/index.js';
import type { OrderResult } from '../../model/actionOutcome.js';
import { formatDecimal, parsePrice } from '../../protocol/index.js';
import { loadedConfigFile } from '../../startup/config.js';
import type { AppContextValue } from '../context/AppContext.js';
import { whileAgentNotRevoked } from '../view/noticeHolds.js';
import { selectTopOverlay, view } from '../view/viewStore.js';
import { generateAgentKeystore } from '../../session/agentKeystore.js';
import { evaluateLocal, GENERATE_AGENT, type LocalEvaluation, type LocalForm } from './agentKeyForm.js';
import { ALERT_FORMS, saveAlertForm } from './alertForms.js';
import { algoFormById, evaluateAlgo, initialAlgoTexts, type AlgoEvaluation, type AlgoForm } from './algoForms.js';
import { DEFAULT_BLOCKER_KEYS, type BlockerCommand, type BlockerKeys } from './blockerKeys.js';
import { backspace, cycleChoice, focusedField, isTextKind, jumpChoice, moveFocus, typeInto } from './fieldEditing.js';
import { contractGone, formBookStale, formContextOf } from './formContext.js';
import { newFormState, type Captured, type FormMessage, type FormState } from './formState.js';
import { menuById, type Menu } from './menus.js';
import { renderOptionsFor, sendCall, type SentCall } from '../../session/sendCall.js';
import { saveConfirmPolicy } from './saveConfirmPolicy.js';

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
  | { kind: 'algo'; form: AlgoForm; ctx: FormContext; ev: AlgoEvaluation }
  | { kind: 'unknown' };

/** Forms that put orders on the book: the stale-book check applies to them. */
const ORDER_ENTRY: ReadonlySet<string> = new Set(['order', 'modify']);

/** The form's cloids, drawn from the session's generator into the form's own holder (FormState.cloids). */
function cloidsOf(app: AppContextValue, st: FormState): ((slot: number) => string) | undefined {
  const exchange = app.session?.exchange;
  if (!exchange) return undefined;
  return cloidSlots(() => exchange.newCloid(), undefined, st.cloids.drawn);
}

/** The forms that sign nothing: the agent key's and the alerts'. */
const LOCAL_FORMS: ReadonlyMap<string, LocalForm> = new Map([GENERATE_AGENT, ...ALERT_FORMS].map((f) => [f.id, f]));
export const localFormById = (id: string): LocalForm | undefined => LOCAL_FORMS.get(id);

export function resolveForm(app: AppContextValue, st: FormState, now = Date.now()): Resolved {
  const { ctx: bare, gone } = formContextOf(app, st.captured, now);
  const cloidFor = cloidsOf(app, st);
  const ctx = cloidFor ? { ...bare, cloidFor } : bare;
  const menu = menuById(st.formId);
  if (menu) return { kind: 'menu', menu, ctx };
  const local = localFormById(st.formId);
  if (local) return { kind: 'local', form: local, ev: evaluateLocal(local, st.texts, app.agentSwitch !== undefined) };
  const algo = algoFormById(st.formId);
  if (algo) {
    const ev = evaluateAlgo(algo, st.texts, ctx);
    const blocked = algoBlocked(app);
    return { kind: 'algo', form: algo, ctx, ev: blocked === undefined ? ev : { ...ev, blocked, errors: [blocked], ready: false } };
  }
  const spec = formById(st.formId);
  if (!spec) return { kind: 'unknown' };
  const ev = evaluateForm(spec, st.texts, ctx);
  if (gone === undefined) return { kind: 'spec', spec, ctx, ev };
  return { kind: 'spec', spec, ctx, ev: { blocked: gone, fields: ev.fields.map(({ error: _e, ...f }) => f), errors: [gone], ready: false } };
}

export function fieldsOf(r: Resolved): readonly FieldView[] {
  return r.kind === 'spec' || r.kind === 'local' || r.kind === 'algo' ? r.ev.fields : [];
}

/** Why this dashboard cannot start or act on algos, when it cannot (another process runs them, no key). */
export function algoBlocked(app: AppContextValue): string | undefined {
  const board = app.algos?.snapshot();
  if (!board) return 'algos need a state directory';
  if (board.owner.kind === 'other') return `the algos are run by another perpdesk process (pid ${board.owner.pid}); start and change them there`;
  if (board.owner.kind === 'none') return `algos cannot run here: ${board.owner.why}`;
  if (board.loading) return 'the algos are still being read back; a moment';
  return undefined;
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
  // The form stays on the contract in view as it opens (a form opened from another keeps that one's).
  const inView = app.store.getState().market.selected;
  let captured: Captured = o.captured?.contract === undefined && inView !== null ? { ...o.captured, contract: inView } : (o.captured ?? {});
  let texts: Record<string, string> = {};
  let focus = '0';
  let replace = false;
  let priceSource: PriceSource | undefined;
  const spec = formById(formId);
  if (spec) {
    const v = app.view.getState();
    // The cursor's level is a price source of an order form opened from the book.
    if (formId === 'order' && v.focus === 'book' && v.bookCursorRaw !== null && captured.cursorPx === undefined) captured = { ...captured, cursorPx: v.bookCursorRaw };
    const { ctx } = formContextOf(app, captured);
    texts = initialTexts(spec, ctx, o.params ?? {});
    const visible = evaluateForm(spec, texts, ctx).fields.filter((f) => f.visible);
    // Start where typing is needed: the first field that is not valid yet, else the form's own start.
    const first = visible.find((f) => f.error !== undefined) ?? visible.find((f) => f.key === spec.initialFocus) ?? visible[0];
    focus = first?.key ?? '';
    replace = first !== undefined && first.text !== '' && isTextKind(first.kind);
    if (formId === 'order') priceSource = openingSource(ctx, texts, captured, o.params?.['price']);
  } else if (algoFormById(formId)) {
    const form = algoFormById(formId)!;
    const { ctx } = formContextOf(app, captured);
    texts = initialAlgoTexts(form, ctx, o.params ?? {});
    const visible = evaluateAlgo(form, texts, ctx).fields.filter((f) => f.visible);
    const first = visible.find((f) => f.error !== undefined || f.text === '') ?? visible[0];
    focus = first?.key ?? '';
    replace = first !== undefined && first.text !== '' && isTextKind(first.kind);
  } else if (localFormById(formId)) {
    ({ texts, focus } = localFormById(formId)!.initial(o.params ?? {}));
  } else if (!menuById(formId)) {
    return undefined;
  }
  const st: FormState = { ...newFormState(view.nextFormInstance(app.view), formId, texts, focus, { note: o.note, captured }), replace };
  if (priceSource !== undefined) st.priceSource = priceSource;
  return st;
}

const isBuyOf = (texts: Readonly<Record<string, string>>) => (texts['side'] ?? '').trim().toLowerCase() !== 'sell';
const cursorOf = (captured: Captured) => (captured.cursorPx !== undefined && /^\d+$/.test(captured.cursorPx) ? BigInt(captured.cursorPx) : undefined);

/** The source of the price an order form opens with: the default's, or the one a book key's price matches. */
function openingSource(ctx: FormContext, texts: Readonly<Record<string, string>>, captured: Captured, given: string | undefined): PriceSource | undefined {
  const c = ctx.contract;
  if (!c) return undefined;
  if (given === undefined) return DEFAULT_PRICE_SOURCE;
  let px: bigint;
  try {
    px = parsePrice(given, c, 'Price');
  } catch {
    return undefined;
  }
  return sourceOf(px, (s) => sourcePrice(ctx, c, isBuyOf(texts), s, cursorOf(captured)));
}

/** The order form's price text from a source, for the side the texts say; undefined when it has none now. */
function sourceText(app: AppContextValue, st: FormState, source: PriceSource): string | undefined {
  const { ctx } = formContextOf(app, st.captured);
  const c = ctx.contract;
  const px = c ? sourcePrice(ctx, c, isBuyOf(st.texts), source, cursorOf(st.captured)) : undefined;
  return px === undefined || !c ? undefined : formatDecimal(px, c.priceScale);
}

/** A price taken from a source follows the side: a buy's best is the bid, a sell's the ask. */
function followSide(app: AppContextValue, before: FormState, next: FormState): FormState {
  if (next.formId !== 'order' || next.priceSource === undefined || next.texts['side'] === before.texts['side']) return next;
  const price = sourceText(app, next, next.priceSource);
  return price === undefined ? next : { ...next, texts: { ...next.texts, price } };
}

/** The price-source key: the next of mid, best, last and the cursor that has a price now. */
export function cyclePriceSource(app: AppContextValue): void {
  const st = app.view.getState().form;
  if (!st || st.stage !== 'edit' || st.formId !== 'order') return;
  if ((st.texts['type'] ?? '').trim().toLowerCase() === 'market') return say(app, st, 'a market order has no price to take from a source', 'info');
  const next = nextPriceSource(st.priceSource, (s) => sourceText(app, st, s) !== undefined);
  const price = next === undefined ? undefined : sourceText(app, st, next);
  if (next === undefined || price === undefined) return say(app, st, 'no price to take: the book is empty and nothing has traded yet', 'warning');
  const { message: _m, ...rest } = st;
  view.setForm(app.view, { ...rest, texts: { ...st.texts, price }, priceSource: next, replace: st.focus === 'price' ? true : st.replace });
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
  if (algoFormById(st.formId)) return submitAlgo(app, st);
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
      return void submitLocal(app, st, r.form, r.ev);
    case 'algo':
      return submitAlgo(app, st);
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

function confirmSend(app: AppContextValue, st: FormState, afterAnswer?: () => void): void {
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
  // The contract may have stopped trading since the confirm step was drawn.
  const gone = contractGone(app.store.getState(), st.captured);
  if (gone !== undefined) return say(app, st, `not sent: ${gone}`, 'error');
  const staleNow = ORDER_ENTRY.has(spec.actionType) && formBookStale(app.store.getState(), st.captured);
  if ((c.plan.staleBook !== undefined || staleNow) && !c.staleAck) {
    patch(app, st, { confirm: { ...c, staleAck: true }, message: { text: 'the order book is stale: press Enter once more to send anyway', tone: 'warning' } });
    return;
  }
  void send(app, st, spec, c.built, afterAnswer);
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

/** Esc: closes the form at any step, the confirm step included (a request in flight still lands in the journal). */
export function backForm(app: AppContextValue): void {
  closeForm(app);
}

/** `n` on the confirm step, or after a refusal: back to the fields with the values kept. */
function backToFields(app: AppContextValue, st: FormState): void {
  // A form without fields (cancel, cancel all) has nothing to go back to.
  if (!fieldsOf(resolveForm(app, st)).some((f) => f.visible)) return closeForm(app);
  const { confirm: _c, message: _m, result: _r, ...rest } = st;
  view.updateForm(app.view, st.instance, () => ({ ...rest, stage: 'edit', scroll: 0 }));
}

/**
 * `form.skipConfirm` on an order's confirm step: orders up to the offered notional skip the
 * step from now on (at once, and in the config file for the next start), and this one is sent.
 */
export function skipConfirmUnder(app: AppContextValue): void {
  const st = app.view.getState().form;
  const plan = st?.confirm?.plan;
  if (!st || st.stage !== 'confirm' || !plan?.skipUnder || !plan.kind) return;
  const policy = { above: plan.skipUnder.above };
  view.setConfirmPolicy(app.view, { [plan.kind]: policy });
  const file = loadedConfigFile();
  let where = 'for this session: no config file is known';
  let tone: 'success' | 'warning' = 'warning';
  if (file) {
    try {
      saveConfirmPolicy(file, plan.kind, policy);
      where = `confirm.${plan.kind} saved to ${file}`;
      tone = 'success';
    } catch (e) {
      where = `for this session only: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  const text = `${plan.kind}s up to ${plan.skipUnder.above} ${plan.skipUnder.coin} now send without asking (${where})`;
  // Said after the answer's toast, so that it is the notice the status bar shows next.
  confirmSend(app, st, () => view.notify(app.view, text, tone));
}


const NOTICE_TONE: Record<ResultView['tone'], 'success' | 'warning' | 'error'> = { success: 'success', warning: 'warning', error: 'error' };

/**
 * One signed send. The answer shows as a toast in the status bar; when every item succeeded
 * the form closes by itself, otherwise it stays open with the answer in full (n goes back to
 * the fields). An order with a TP/SL attached is handed to the session, which places them
 * once it fills.
 */
async function send(app: AppContextValue, st: FormState, spec: FormSpec, built: Built, afterAnswer?: () => void): Promise<void> {
  const exchange = app.session?.exchange;
  const { message: _m, ...rest } = st;
  // This action's cloids are spent: sent again from the same form (n, edit, Enter), it draws new ones.
  view.updateForm(app.view, st.instance, () => ({ ...rest, stage: 'sending', scroll: 0, cloids: { drawn: [] } }));
  let result: ResultView;
  let sent: SentCall | undefined;
  if (!exchange) result = { tone: 'error', lines: ['not sent: no exchange session'] };
  else {
    view.beginRequest(app.view);
    try {
      sent = await sendCall(exchange, built.action, renderOptionsFor(app.store.getState().market.configs, built.action));
      result = sent.view;
    } catch (e) {
      // The client answers with values; a throw is a bug, reported as a line, never a stack.
      result = { tone: 'error', lines: [`not sent: ${e instanceof Error ? e.message : String(e)}`] };
    } finally {
      view.endRequest(app.view);
    }
  }
  const shown = app.view.getState().form?.instance === st.instance;
  const onTop = shown && selectTopOverlay(app.view.getState())?.kind === 'form';
  if (result.tone === 'success' && onTop) closeForm(app);
  else view.updateForm(app.view, st.instance, (f) => ({ ...f, stage: 'result', result, scroll: 0 }));
  // The answer's own words say what it was about; the bar is too short for a title too.
  view.toast(app.view, result.lines.join(' '), NOTICE_TONE[result.tone]);
  // A form hidden while sending leaves its answer in the status bar once the toast is gone.
  if (!shown) view.notify(app.view, `${spec.title}: ${result.lines.join(' ')}`, NOTICE_TONE[result.tone]);
  afterAnswer?.();
  const a = built.action;
  if (result.tone === 'success' && a.type === 'updateLeverage') view.setLeverage(app.view, a.asset, a.leverage);
  // A key generated here and approved now takes over the signing (the dashboard reopens its session).
  if (result.tone === 'success' && a.type === 'approveAgent') app.agentSwitch?.approved(a.agentAddress);
  if (built.attached && sent && a.type === 'order') {
    const outcome = sent.outcome as OrderResult;
    const cloid = outcome.cloids[0];
    if (outcome.ok && cloid !== undefined) void app.session?.attached?.track({ ...built.attached, cloid }, outcome.statuses[0]);
  }
}

/** Enter on an algo form: the review of what it will do, then (Enter again) the start. */
function submitAlgo(app: AppContextValue, st: FormState): void {
  const r = resolveForm(app, st);
  if (r.kind !== 'algo') return;
  if (st.stage === 'confirm') return void startAlgo(app, st, r.form, r.ctx);
  if (r.ev.blocked !== undefined) return say(app, st, `not started: ${r.ev.blocked}`, 'error');
  if (!r.ev.ready || !r.ev.lines) {
    const firstBad = r.ev.fields.find((f) => f.visible && f.error !== undefined);
    patch(app, st, { submitted: true, ...(firstBad ? { focus: firstBad.key, replace: false } : {}), message: { text: `not started: ${r.ev.errors[0] ?? 'the form is not complete'}`, tone: 'error' } });
    return;
  }
  const { message: _m, ...rest } = st;
  view.updateForm(app.view, st.instance, () => ({ ...rest, stage: 'confirm', review: r.ev.lines!, scroll: 0 }));
}

async function startAlgo(app: AppContextValue, st: FormState, form: AlgoForm, ctx: FormContext): Promise<void> {
  const runner = app.algos?.runner;
  const req = form.request(st.texts, ctx);
  if (!runner || !req.ok) return say(app, st, `not started: ${!runner ? (algoBlocked(app) ?? 'no algo runner') : req.ok ? '' : req.error}`, 'error');
  const { message: _m, ...rest } = st;
  // This action's cloids are spent: sent again from the same form (n, edit, Enter), it draws new ones.
  view.updateForm(app.view, st.instance, () => ({ ...rest, stage: 'sending', scroll: 0, cloids: { drawn: [] } }));
  let answer: Awaited<ReturnType<AlgoForm['start']>>;
  try {
    answer = await form.start(runner, req.value);
  } catch (e) {
    answer = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  const onTop = app.view.getState().form?.instance === st.instance && selectTopOverlay(app.view.getState())?.kind === 'form';
  if (answer.ok) {
    if (onTop) closeForm(app);
    // The Algos pane comes to the front (focus is always shown), its keys at hand.
    view.focus(app.view, 'algos');
    view.notify(app.view, form.done(answer.value.plan.id), 'success');
    return;
  }
  const result: ResultView = { tone: 'error', lines: [`not started: ${answer.error}`] };
  view.updateForm(app.view, st.instance, (f) => ({ ...f, stage: 'result', result, scroll: 0 }));
  view.toast(app.view, result.lines.join(' '), 'error');
}

async function submitLocal(app: AppContextValue, st: FormState, form: LocalForm, ev: LocalEvaluation): Promise<void> {
  if (!ev.ready) {
    patch(app, st, { submitted: true, message: { text: `not saved: ${ev.errors[0]}`, tone: 'error' } });
    return;
  }
  if (form.id !== GENERATE_AGENT.id) {
    const saved = saveAlertForm(app, form.id, st.texts);
    if (!saved.ok) return say(app, st, `not saved: ${saved.error}`, 'error');
    closeForm(app);
    return view.notify(app.view, saved.text, 'success');
  }
  if (!app.stateDir) return say(app, st, 'not saved: no state directory to keep the key in', 'error');
  const password = st.texts['password'] ?? '';
  const signWith = GENERATE_AGENT.fields['signWith']!.parse(st.texts['signWith'] ?? '', undefined as never, st.texts);
  const handover = signWith.ok && signWith.value === true ? app.agentSwitch : undefined;
  // The password leaves the view state as soon as it is used.
  patch(app, st, { stage: 'sending', texts: { ...st.texts, password: '', repeat: '' }, message: { text: 'generating and encrypting the key…', tone: 'info' } });
  try {
    const { address, file, key } = await generateAgentKeystore(app.stateDir, password, { keep: handover !== undefined });
    if (key) handover?.hold(key);
    view.notify(app.view, `new agent key ${address} saved encrypted to ${file}`, 'success', Date.now(), whileAgentNotRevoked(address));
    if (app.view.getState().form?.instance !== st.instance) return;
    openForm(app, 'approveAgent', {
      params: { address },
      note: handover
        ? `new agent key saved encrypted to ${file}. Approve it here: once approved, this session signs with it (a later start does with --agent-keystore and that file).`
        : `new agent key saved encrypted to ${file}. Approve it here; to trade with it, start with --agent-keystore and that file.`,
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
  view.setForm(app.view, typed(typeInto({ ...st, focus: f.key }, f.key, text), f.key));
}

/** A price typed by hand no longer follows a source. */
function typed(st: FormState, key: string): FormState {
  if (key !== 'price' || st.priceSource === undefined) return st;
  const { priceSource: _p, ...rest } = st;
  return rest;
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
    if (key === 'q' && app.view.getState().inFlight > 0) view.openOverlay(app.view, { kind: 'quitConfirm', inFlight: true });
    return;
  }
  if (st.stage === 'result') {
    if (key === 'n' && st.result?.tone !== 'success') backToFields(app, st);
    return;
  }
  if (st.stage === 'confirm') {
    if (key === 'y') submitForm(app);
    else if (key === 'n') backToFields(app, st);
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
    if (key === 'backspace') view.setForm(app.view, typed(backspace({ ...st, focus: f.key }, f.key), f.key));
    return;
  }
  if (key === 'left' || key === 'right') view.setForm(app.view, followSide(app, st, cycleChoice({ ...st, focus: f.key }, f, key === 'left' ? -1 : 1)));
  else if ([...key].length === 1) view.setForm(app.view, followSide(app, st, jumpChoice({ ...st, focus: f.key }, f, key)));
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
  if (f && !isTextKind(f.kind)) view.setForm(app.view, followSide(app, st, cycleChoice({ ...st, focus: f.key }, f, 1)));
}
