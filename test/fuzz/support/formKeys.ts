import type { Prng } from '../../../src/exchange/engine/prng.js';
import type { FieldView, FormContext } from '../../../src/forms/index.js';
import { markTicks, price, size } from './formContexts.js';

/**
 * Keys into a form, as the pure model sees them: typed characters, pastes, backspace,
 * clear, focus moves and choice cycling, and Enter (submit). Pastes are either junk or
 * a well-formed value for the focused field, so the random walk reaches ready forms too.
 */
export type Key =
  | { kind: 'type'; text: string }
  | { kind: 'backspace' }
  | { kind: 'clear' }
  | { kind: 'focus'; delta: 1 | -1 }
  | { kind: 'cycle'; delta: 1 | -1 }
  | { kind: 'enter' };

const CHARS = '0123456789..--+eE ,_xyesnobuysell@\n\t\u00a0\u202e\u0000é½٣';
const JUNK = ['', ' ', '0', '-1', '00', '1e3', '.5', '1.', ' 1', 'NaN', 'Infinity', '99999999999999999999999999', '0.000000000001', '-0', '+1', '0x', '١٢', '1_000', '1,5', 'yes', 'no', 'market', 'x\n1'];

export function wellFormed(rng: Prng, view: FieldView, ctx: FormContext): string {
  const c = ctx.contract ?? ctx.configs!.contracts[0]!;
  if (view.choices && view.choices.length > 0) return rng.pick(view.choices).text;
  switch (view.kind) {
    case 'toggle':
      return rng.pick(['yes', 'no']);
    case 'address':
      return `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[rng.int(16)]).join('')}`;
    case 'cloid':
      return String(rng.int(2 ** 31));
    case 'integer':
      return String(rng.int(60));
    case 'amount':
      return (rng.int(100_000_000) / 1e6).toFixed(rng.int(7));
    case 'decimal':
      if (/size/i.test(view.label) || view.key === 'size') return size(c, BigInt(1 + rng.int(rng.chance(0.5) ? 5 : 5_000)));
      if (/fee/i.test(view.label)) return `0.000${rng.int(100)}`;
      return price(c, markTicks(c) + BigInt(rng.range(-40, 40)));
    case 'text':
      if (view.key === 'lines') {
        return Array.from({ length: rng.int(4) }, () => {
          const side = rng.pick(['buy', 'sell', 'b', 's']);
          const s = size(c, BigInt(1 + rng.int(20)));
          return rng.chance(0.2) ? `${side} ${s} market` : `${side} ${s} @ ${price(c, markTicks(c) + BigInt(rng.range(-20, 20)))}${rng.pick(['', ' ioc', ' alo', ' ro'])}`;
        }).join('\n');
      }
      return rng.pick(['', 'a', 'perpdesk', 'bot 1']);
    default:
      return rng.pick(JUNK);
  }
}

export function randomKey(rng: Prng, view: FieldView | undefined, ctx: FormContext): Key {
  const r = rng.next();
  if (r < 0.3) return { kind: 'type', text: CHARS[rng.int(CHARS.length)]! };
  if (r < 0.5) return { kind: 'type', text: view && rng.chance(0.75) ? wellFormed(rng, view, ctx) : rng.pick(JUNK) };
  if (r < 0.58) return { kind: 'backspace' };
  if (r < 0.62) return { kind: 'clear' };
  if (r < 0.78) return { kind: 'focus', delta: rng.chance(0.7) ? 1 : -1 };
  if (r < 0.88) return { kind: 'cycle', delta: rng.chance(0.7) ? 1 : -1 };
  return { kind: 'enter' };
}

export interface EditorState {
  texts: Record<string, string>;
  focus: number;
  /** The focused text was prefilled: the first typed character replaces it. */
  replace: boolean;
}

/** Applies one key to the editor (focus moves over the fields shown now). */
export function applyKey(st: EditorState, key: Key, fields: readonly FieldView[]): EditorState {
  const visible = fields.filter((f) => f.visible);
  if (visible.length === 0) return st;
  const idx = Math.max(0, visible.findIndex((f) => f.key === fields[st.focus]?.key));
  const field = visible[idx]!;
  const text = st.texts[field.key] ?? '';
  const set = (t: string) => ({ ...st, texts: { ...st.texts, [field.key]: t }, replace: false });
  switch (key.kind) {
    case 'type':
      return set(st.replace ? key.text : text + key.text);
    case 'backspace':
      return set([...text].slice(0, -1).join(''));
    case 'clear':
      return set('');
    case 'cycle': {
      const choices = field.choices ?? [];
      if (choices.length === 0) return st;
      const at = choices.findIndex((c) => c.text === text);
      return set(choices[(at + key.delta + choices.length) % choices.length]!.text);
    }
    case 'focus': {
      const next = visible[(idx + key.delta + visible.length) % visible.length]!;
      return { ...st, focus: fields.findIndex((f) => f.key === next.key), replace: (st.texts[next.key] ?? '') !== '' };
    }
    case 'enter':
      return st;
  }
}
