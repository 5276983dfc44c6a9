import type { Action, ActionType } from '../protocol/wire/index.js';
import type { AttachedLegs } from './attachedLegs.js';
import type { FormContext } from './context.js';
import type { Choice, Field, FieldKind, Texts } from './field.js';
import { keyRequirement, type Needs } from './keyRequirement.js';
import type { PreTrade } from './preTrade.js';

/**
 * A form is data: ordered fields (a record keeps insertion order), what it needs, and a
 * pure `build` from parsed values to the action. The UI renders `evaluateForm`'s output
 * and never validates on its own, so every way in (keys, book, palette) checks the same.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldMap = Record<string, Field<any>>;
export type ValuesOf<F extends FieldMap> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never };

export interface Built {
  /**
   * The exact action that will be signed, cloids included: the confirm step, a dry run, the
   * journal's words and the send all read this one object (ExchangeClient.submit sends it
   * through the method that settles a lost answer for its type).
   */
  action: Action;
  /** The facts of the request, shown under the form and on the confirm step. */
  summary: string[];
  /** Non-order actions with wide effects (cancel all, collateral, agents) confirm whatever the policy. */
  alwaysConfirm?: boolean;
  /** Raw collateral value at stake, for the "above a notional" policy when there is no pre-trade. */
  notional?: bigint;
  /** TP/SL to place on the position once this order fills (src/session/attachedTpSl.ts). */
  attached?: AttachedLegs;
}

export type BuildResult = { ok: true; value: Built } | { ok: false; error: string };

export interface FormSpec<F extends FieldMap = FieldMap> {
  id: string;
  title: string;
  fields: F;
  actionType: ActionType;
  needs: Needs;
  /** Where the cursor starts when every field is already valid (else on the first field). */
  initialFocus?: string;
  /** Why the form cannot be used now (no selected order, no position...), checked first. */
  unavailable?(ctx: FormContext): string | undefined;
  /** A fact shown above the fields whatever is typed ("now: 10x cross"): the summary shows only once the form is valid. */
  headline?(ctx: FormContext): string | undefined;
  build(values: ValuesOf<F>, ctx: FormContext): BuildResult;
  /** Pre-trade summaries, one per order the request places (order-like forms only). */
  confirm?(values: ValuesOf<F>, ctx: FormContext): readonly PreTrade[];
}

/** Identity with inference: `defineForm({...})` types `values` from the fields. */
export function defineForm<F extends FieldMap>(spec: FormSpec<F>): FormSpec<F> {
  return spec;
}

export interface FieldView {
  key: string;
  kind: FieldKind;
  label: string;
  help: string;
  text: string;
  visible: boolean;
  error?: string;
  /** What the valid text stands for ("25% of max 8 = 2 · notional 300.00 USDC"). */
  note?: string;
  choices?: readonly Choice[];
}

export interface Evaluation {
  /** Set when the form cannot be submitted at all; shown before the fields. */
  blocked?: string;
  fields: FieldView[];
  /** Field errors in field order, then the form-level error (or only the blocking reason). Empty when ready. */
  errors: string[];
  values?: Record<string, unknown>;
  built?: Built;
  ready: boolean;
}

/** The texts a form opens with: each field's default for this context. */
export function initialTexts(spec: FormSpec, ctx: FormContext, params: Texts = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, f] of Object.entries(spec.fields)) out[key] = params[key] ?? f.default?.(ctx, { ...params, ...out }) ?? '';
  return out;
}

/** Validates every field and builds the action; cheap enough to run on each keystroke. */
export function evaluateForm(spec: FormSpec, texts: Texts, ctx: FormContext): Evaluation {
  const key = keyRequirement(spec.actionType, ctx.keys);
  const blocked = key.ok ? spec.unavailable?.(ctx) : key.message;
  const full: Record<string, string> = {};
  for (const [k, f] of Object.entries(spec.fields)) full[k] = texts[k] ?? f.default?.(ctx, { ...texts, ...full }) ?? '';

  const fields: FieldView[] = [];
  const errors: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(spec.fields)) {
    const visible = f.visible ? f.visible(full, ctx) : true;
    const text = full[k] as string;
    const view: FieldView = { key: k, kind: f.kind, label: f.label, help: f.help, text, visible };
    if (f.choices) view.choices = f.choices(ctx, full);
    const r = f.parse(text, ctx, full);
    if (r.ok) {
      values[k] = r.value;
      if (r.note !== undefined && visible) view.note = r.note;
    } else if (visible) {
      view.error = r.error;
      errors.push(r.error);
    }
    fields.push(view);
  }
  // A blocked form says one thing: why. Field complaints would only bury it.
  if (blocked !== undefined) return { blocked, fields: fields.map(({ error: _e, note: _n, ...f }) => f), errors: [blocked], ready: false };
  if (errors.length > 0) return { fields, errors, ready: false };
  const built = spec.build(values as ValuesOf<FieldMap>, ctx);
  if (!built.ok) return { fields, errors: [built.error], values, ready: false };
  return { fields, errors, values, built: built.value, ready: true };
}

/** Pre-trade summaries of a ready form, or none. */
export function preTradesOf(spec: FormSpec, evaluation: Evaluation, ctx: FormContext): readonly PreTrade[] {
  if (!evaluation.ready || !spec.confirm || !evaluation.values) return [];
  return spec.confirm(evaluation.values as ValuesOf<FieldMap>, ctx);
}
