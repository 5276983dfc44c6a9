import {
  checksumAddress,
  DecimalError,
  parseDecimal,
  parsePrice,
  parseSize,
  type ContractScales,
} from '../protocol/index.js';
import type { FormContext } from './context.js';

/**
 * One input of a form. `parse` runs on every keystroke, so it is pure and cheap: no I/O,
 * no floats, bigint only. Errors start with the field's label so the user knows where.
 */
export type FieldKind = 'text' | 'decimal' | 'amount' | 'choice' | 'toggle' | 'address' | 'cloid' | 'integer';

/** `note`: what a valid text stands for, shown beside it as typed ("25% of max 8 = 2"). */
export type FieldResult<T> = { ok: true; value: T; note?: string } | { ok: false; error: string };

/** The raw texts of every field of the form, by key (what the user typed). */
export type Texts = Readonly<Record<string, string>>;

export interface Choice {
  /** What the field's text holds when chosen, and what the user may type. */
  text: string;
  label?: string;
}

export interface Field<T> {
  kind: FieldKind;
  label: string;
  help: string;
  /** Initial text; may depend on the context (the selected order's price...) and on the fields before it. */
  default?: (ctx: FormContext, texts: Texts) => string;
  /** Options of a choice field, in cycling order. */
  choices?: (ctx: FormContext, texts: Texts) => readonly Choice[];
  /** False hides the field (and its value is then undefined). */
  visible?: (texts: Texts, ctx: FormContext) => boolean;
  parse: (text: string, ctx: FormContext, texts: Texts) => FieldResult<T>;
}

export const ok = <T>(value: T): FieldResult<T> => ({ ok: true, value });
export const err = (label: string, problem: string): FieldResult<never> => ({ ok: false, error: `${label}: ${problem}` });

/** Runs a parser that throws DecimalError (labelled with the field) into a result. */
function guard<T>(label: string, fn: () => T): FieldResult<T> {
  try {
    return ok(fn());
  } catch (e) {
    if (e instanceof DecimalError) return { ok: false, error: e.message };
    // pow10 refuses scales past 36: a contract or coin this form cannot represent.
    if (e instanceof RangeError) return err(label, 'the contract or coin has an unsupported scale');
    throw e;
  }
}

interface Base {
  label: string;
  help: string;
  default?: (ctx: FormContext, texts: Texts) => string;
  visible?: (texts: Texts, ctx: FormContext) => boolean;
}

interface Optional {
  /** Empty text is allowed and parses to undefined. */
  optional?: boolean;
}

type Out<T, O extends Optional> = O extends { optional: true } ? T | undefined : T;

function emptyCheck<O extends Optional>(text: string, label: string, o: O): FieldResult<undefined> | 'continue' {
  if (text.trim() !== '') return 'continue';
  return o.optional ? ok(undefined) : err(label, 'required');
}

export function textField<O extends Base & Optional & { maxLength?: number }>(o: O): Field<Out<string, O>> {
  return {
    kind: 'text',
    ...o,
    parse: (text) => {
      if (text === '' && o.optional) return ok(undefined as Out<string, O>);
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(text)) return err(o.label, 'must not contain control characters');
      if (o.maxLength !== undefined && text.length > o.maxLength) return err(o.label, `at most ${o.maxLength} characters`);
      return ok(text as Out<string, O>);
    },
  };
}

/** A decimal at a fixed or context-dependent scale; bigint raw value. */
export function decimalField<O extends Base & Optional & { scale: (ctx: FormContext, texts: Texts) => number | undefined; signed?: boolean; positive?: boolean }>(
  o: O,
): Field<Out<bigint, O>> {
  return {
    kind: 'decimal',
    ...o,
    parse: (text, ctx, texts) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== 'continue') return e as FieldResult<Out<bigint, O>>;
      const scale = o.scale(ctx, texts);
      if (scale === undefined) return err(o.label, 'no contract selected');
      const r = guard(o.label, () => parseDecimal(text, scale, o.label, { signed: o.signed ?? false }));
      if (r.ok && o.positive && r.value <= 0n) return err(o.label, 'must be above zero');
      return r as FieldResult<Out<bigint, O>>;
    },
  };
}

/** A limit price checked against the contract's scale, tick and maxTicks (raw bigint). */
export function priceField<O extends Base & Optional & { scales?: (ctx: FormContext) => ContractScales | undefined }>(o: O): Field<Out<bigint, O>> {
  return {
    kind: 'decimal',
    ...o,
    parse: (text, ctx) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== 'continue') return e as FieldResult<Out<bigint, O>>;
      const c = o.scales ? o.scales(ctx) : ctx.contract;
      if (!c) return err(o.label, 'no contract selected');
      return guard(o.label, () => parsePrice(text, c, o.label)) as FieldResult<Out<bigint, O>>;
    },
  };
}

/** A size checked against the contract's scale and step (raw bigint). */
export function sizeField<O extends Base & Optional & { scales?: (ctx: FormContext) => ContractScales | undefined }>(o: O): Field<Out<bigint, O>> {
  return {
    kind: 'decimal',
    ...o,
    parse: (text, ctx) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== 'continue') return e as FieldResult<Out<bigint, O>>;
      const c = o.scales ? o.scales(ctx) : ctx.contract;
      if (!c) return err(o.label, 'no contract selected');
      return guard(o.label, () => parseSize(text, c, o.label)) as FieldResult<Out<bigint, O>>;
    },
  };
}

/**
 * A coin amount typed in human units ("250.5" USDC) and returned in the coin's smallest
 * units: the wire's `amount` is raw digits, people think in whole coins.
 */
export function amountField<O extends Base & Optional & { decimals: (ctx: FormContext, texts: Texts) => number | undefined }>(o: O): Field<Out<bigint, O>> {
  return {
    kind: 'amount',
    ...o,
    parse: (text, ctx, texts) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== 'continue') return e as FieldResult<Out<bigint, O>>;
      const decimals = o.decimals(ctx, texts);
      if (decimals === undefined) return err(o.label, 'choose a coin first');
      const r = guard(o.label, () => parseDecimal(text, decimals, o.label));
      if (!r.ok) return r;
      if (r.value <= 0n) return err(o.label, 'must be above zero');
      if (r.value >= 1n << 63n) return err(o.label, 'too large (exceeds int64 smallest units)');
      return r as FieldResult<Out<bigint, O>>;
    },
  };
}

/** One of a list; typing is case-insensitive and the stored value is the choice's text. */
export function choiceField<T>(o: Base & { choices: (ctx: FormContext, texts: Texts) => readonly Choice[]; map: (text: string, ctx: FormContext) => T }): Field<T> {
  return {
    kind: 'choice',
    ...o,
    parse: (text, ctx, texts) => {
      const choices = o.choices(ctx, texts);
      const t = text.trim().toLowerCase();
      const hit = choices.find((c) => c.text.toLowerCase() === t || c.label?.toLowerCase() === t);
      if (hit) return ok(o.map(hit.text, ctx));
      if (choices.length === 0) return err(o.label, 'nothing to choose from');
      return err(o.label, `choose one of ${choices.map((c) => c.text).join(', ')}`);
    },
  };
}

const YES = new Set(['yes', 'y', 'true', 'on', '1']);
const NO = new Set(['no', 'n', 'false', 'off', '0', '']);

export function toggleField(o: Base): Field<boolean> {
  return {
    kind: 'toggle',
    ...o,
    choices: () => [{ text: 'no' }, { text: 'yes' }],
    parse: (text) => {
      const t = text.trim().toLowerCase();
      if (YES.has(t)) return ok(true);
      if (NO.has(t)) return ok(false);
      return err(o.label, 'yes or no');
    },
  };
}

/** 0x address; a mixed-case address must carry a correct EIP-55 checksum. Lowercase value. */
export function addressField<O extends Base & Optional>(o: O): Field<Out<string, O>> {
  return {
    kind: 'address',
    ...o,
    parse: (text) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== 'continue') return e as FieldResult<Out<string, O>>;
      const t = text.trim();
      if (!/^0x[0-9a-fA-F]{40}$/.test(t)) return err(o.label, 'expected 0x followed by 40 hex digits');
      const body = t.slice(2);
      const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
      if (mixed && checksumAddress(t) !== t) return err(o.label, 'checksum does not match (a mistyped letter?)');
      return ok(t.toLowerCase() as Out<string, O>);
    },
  };
}

const INT64_MAX = (1n << 63n) - 1n;

/** Client order id: int64 decimal digits without leading zeros (the exchange matches it as text). */
export function cloidField<O extends Base & Optional>(o: O): Field<Out<string, O>> {
  return {
    kind: 'cloid',
    ...o,
    parse: (text) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== 'continue') return e as FieldResult<Out<string, O>>;
      const t = text.trim();
      if (!/^\d+$/.test(t)) return err(o.label, 'digits only (an int64 client order id)');
      if (t.length > 1 && t.startsWith('0')) return err(o.label, 'no leading zeros');
      if (t.length > 19 || BigInt(t) > INT64_MAX) return err(o.label, 'exceeds int64');
      return ok(t as Out<string, O>);
    },
  };
}

/** A whole number in [min, max] (JSON-number ids, leverage, days). */
export function integerField<O extends Base & Optional & { min?: number; max?: (ctx: FormContext) => number | undefined }>(o: O): Field<Out<number, O>> {
  return {
    kind: 'integer',
    ...o,
    parse: (text, ctx) => {
      const e = emptyCheck(text, o.label, o);
      if (e !== 'continue') return e as FieldResult<Out<number, O>>;
      const t = text.trim();
      if (!/^\d+$/.test(t)) return err(o.label, 'a whole number');
      const big = BigInt(t);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) return err(o.label, 'too large');
      const n = Number(big);
      const min = o.min ?? 0;
      if (n < min) return err(o.label, `at least ${min}`);
      const max = o.max?.(ctx);
      if (max !== undefined && n > max) return err(o.label, `at most ${max}`);
      return ok(n as Out<number, O>);
    },
  };
}

/** Hides a field unless `when` holds; hidden fields parse to undefined whatever their text. */
export function when<T>(field: Field<T>, visible: (texts: Texts, ctx: FormContext) => boolean): Field<T | undefined> {
  return {
    ...field,
    visible,
    parse: (text, ctx, texts) => (visible(texts, ctx) ? field.parse(text, ctx, texts) : ok(undefined)),
  };
}
