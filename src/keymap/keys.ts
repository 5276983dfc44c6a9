/**
 * Key names. Bindings, overrides and the dispatcher all speak this one vocabulary:
 *   printable characters as themselves, case-sensitive ('b', 'B', '?', ':');
 *   named keys: up down left right pageup pagedown home end enter escape tab
 *               backspace space;
 *   modifiers: 'ctrl+<letter or named key>', 'meta+<char>', 'shift+<named key>'.
 * 'shift+b' is written 'B': a terminal reports an upper-case letter, not a shift flag.
 */

export const NAMED_KEYS = [
  'up',
  'down',
  'left',
  'right',
  'pageup',
  'pagedown',
  'home',
  'end',
  'enter',
  'escape',
  'tab',
  'backspace',
  'space',
] as const;
export type NamedKey = (typeof NAMED_KEYS)[number];

const NAMED: ReadonlySet<string> = new Set(NAMED_KEYS);

const ALIASES: Record<string, string> = {
  return: 'enter',
  esc: 'escape',
  pgup: 'pageup',
  pgdn: 'pagedown',
  pgdown: 'pagedown',
  del: 'backspace',
  delete: 'backspace',
  bs: 'backspace',
  arrowup: 'up',
  arrowdown: 'down',
  arrowleft: 'left',
  arrowright: 'right',
  ' ': 'space',
};

/** One visible character: a single code point that is not a control or whitespace. */
function isPrintableChar(ch: string): boolean {
  return [...ch].length === 1 && !/[\p{Cc}\p{Cf}\s]/u.test(ch);
}

/**
 * Canonical form of a key name written by a person (config file, bindings), or undefined
 * if it names no key: 'Ctrl+C' -> 'ctrl+c', 'shift+b' -> 'B', 'Esc' -> 'escape'.
 */
export function normalizeKeySpec(spec: string): string | undefined {
  if (spec === ' ') return 'space';
  if (isPrintableChar(spec)) return spec;
  const lower = spec.toLowerCase().trim();
  const base = ALIASES[lower] ?? lower;
  if (NAMED.has(base)) return base;
  const m = /^(ctrl|control|meta|alt|option|shift)[+-](.+)$/i.exec(spec.trim());
  if (!m) return undefined;
  const mod = (m[1] ?? '').toLowerCase();
  const rest = m[2] ?? '';
  const restLower = rest.toLowerCase();
  const named = NAMED.has(ALIASES[restLower] ?? restLower) ? (ALIASES[restLower] ?? restLower) : undefined;
  if (mod === 'shift') {
    if (named) return named === 'space' ? undefined : `shift+${named}`;
    if (/^[a-z]$/i.test(rest)) return rest.toUpperCase();
    return undefined;
  }
  if (mod === 'ctrl' || mod === 'control') {
    if (named) return `ctrl+${named}`;
    // Terminals send the same byte for ctrl+b and ctrl+shift+b.
    if (/^[a-z]$/i.test(rest)) return `ctrl+${restLower}`;
    return undefined;
  }
  // meta / alt / option
  if (named) return `meta+${named}`;
  if (isPrintableChar(rest)) return `meta+${rest}`;
  return undefined;
}

export function isKeyName(name: string): boolean {
  return normalizeKeySpec(name) === name;
}

/** True for keys that type a character, which a focused text field takes as text. */
export function isPrintableKey(name: string): boolean {
  return name === 'space' || isPrintableChar(name);
}

/** What one chunk of terminal input means. */
export interface KeyInput {
  /** Key names in the order they were typed. */
  keys: string[];
  /** A pasted (or very fast typed) run of characters for a focused text field. */
  paste?: string;
}

/**
 * The flags a terminal key reader reports beside the typed text (ink's `Key` has these), so
 * the keymap can be used by any face without loading ink.
 */
export interface KeyFlags {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  shift?: boolean;
  tab?: boolean;
  backspace?: boolean;
  delete?: boolean;
  meta?: boolean;
}

function namedFromInk(key: KeyFlags): NamedKey | undefined {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'escape';
  if (key.tab) return 'tab';
  // ink reports the Backspace key (0x7f on most terminals) as `delete`.
  if (key.backspace || key.delete) return 'backspace';
  return undefined;
}

/** One character of a multi-character chunk: control bytes map to their keys, others are dropped. */
function charKey(ch: string): string | undefined {
  if (ch === '\r' || ch === '\n') return 'enter';
  if (ch === '\t') return 'tab';
  if (ch === '\x7f' || ch === '\b') return 'backspace';
  if (ch === ' ') return 'space';
  return isPrintableChar(ch) ? ch : undefined;
}

/** Strips bracketed-paste markers and control characters, keeping a single line. */
export function cleanPaste(text: string): string {
  return text.replace(/\x1b\[20[01]~/g, '').replace(/[\p{Cc}\p{Cf}]/gu, '');
}

/**
 * Turns ink's (input, key) pair into key names. Several printable keys can arrive in one
 * read (ink passes "jj" as a single input), so printable input is split into one key per
 * character; inside a text field a multi-character chunk is a paste instead.
 */
export function normalizeInput(input: string, key: KeyFlags, opts: { textInput?: boolean } = {}): KeyInput {
  const named = namedFromInk(key);
  if (named) {
    if (named === 'tab' && key.shift) return { keys: ['shift+tab'] };
    // Escape sets ink's meta flag; it is not a modifier here.
    if (key.ctrl && named !== 'escape') return { keys: [`ctrl+${named}`] };
    if (key.meta && named !== 'escape') return { keys: [`meta+${named}`] };
    if (key.shift && named !== 'enter' && named !== 'backspace') return { keys: [`shift+${named}`] };
    return { keys: [named] };
  }
  if (input.length === 0) return { keys: [] };
  if (key.ctrl) {
    const k = normalizeKeySpec(`ctrl+${input}`);
    return { keys: k ? [k] : [] };
  }
  if (key.meta) {
    const k = normalizeKeySpec(`meta+${input}`);
    return { keys: k ? [k] : [] };
  }
  const chars = [...input];
  if (opts.textInput && chars.length > 1) {
    const paste = cleanPaste(input);
    return paste ? { keys: [], paste } : { keys: [] };
  }
  const keys: string[] = [];
  for (const ch of chars) {
    const k = charKey(ch);
    if (k) keys.push(k);
  }
  return { keys };
}
