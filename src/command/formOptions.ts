import { formById } from '../forms/index.js';
import type { OptionSpecs } from './commandSpec.js';

/**
 * A form's fields as command options: `--tp-px 101.5` is the field `tpPx`, a yes/no field a
 * flag. The field's own help says what it takes, so help and the dashboard's form agree.
 */
export const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function fieldOptions(formId: string, skip: readonly string[] = []): OptionSpecs {
  const spec = formById(formId);
  const out: OptionSpecs = {};
  for (const [key, f] of Object.entries(spec?.fields ?? {})) {
    if (skip.includes(key)) continue;
    out[kebab(key)] = f.kind === 'toggle' ? { type: 'boolean' } : { type: 'string' };
  }
  return out;
}

export function fieldHelp(formId: string, skip: readonly string[] = []): Record<string, string> {
  const spec = formById(formId);
  const out: Record<string, string> = {};
  for (const [key, f] of Object.entries(spec?.fields ?? {})) if (!skip.includes(key)) out[kebab(key)] = `${f.label}: ${f.help}`;
  return out;
}

/** Field texts from the parsed options; fields not given keep the form's default. */
export function textsFromOptions(formId: string, options: Readonly<Record<string, string | boolean | undefined>>): Record<string, string> {
  const spec = formById(formId);
  const texts: Record<string, string> = {};
  for (const key of Object.keys(spec?.fields ?? {})) {
    const v = options[kebab(key)];
    if (typeof v === 'string') texts[key] = v;
    else if (v === true) texts[key] = 'yes';
  }
  return texts;
}
