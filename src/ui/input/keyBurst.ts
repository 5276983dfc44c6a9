import type { KeyFlags } from '../../keymap/index.js';

/** One key of a read, as ink's `useInput` reports a key that arrives alone. */
export interface KeyPiece {
  input: string;
  key: KeyFlags;
}

/**
 * Cuts one read of the terminal into its keys, each with the modifiers it would carry had it
 * arrived alone. Pure.
 *
 * ink's own input parser has already cut escape sequences (arrows, function keys, Alt+letter,
 * Shift+Tab) out of a read: each reaches `useInput` alone, with its flags, and is passed on
 * whole. What reaches it in one piece without flags is a run of plain characters and C0
 * control bytes (`j\x03`, `\r\x03`, `ETH\t2`): ink parses such a run as a single unnamed
 * key, so a Ctrl-C inside it would lose `ctrl`. Here every control byte becomes a key of its
 * own, flagged as ink flags that byte alone (`\x03` is ctrl+c, `\r` return, `\t` tab, `\x7f`
 * delete, `\b` backspace), and each run of printable text stays one piece (a paste for a
 * text field, split key by key elsewhere by the caller).
 */
export function splitBurst(input: string, key: KeyFlags): KeyPiece[] {
  if (hasFlags(key) || [...input].length <= 1) return [{ input, key }];
  const pieces: KeyPiece[] = [];
  let text = '';
  for (const ch of input) {
    if (!isControl(ch)) {
      text += ch;
      continue;
    }
    if (text) pieces.push({ input: text, key: {} });
    text = '';
    pieces.push(controlKey(ch));
  }
  if (text) pieces.push({ input: text, key: {} });
  return pieces;
}

function isControl(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return c < 0x20 || c === 0x7f;
}

/** A control byte as ink's `useInput` reports it when it is the whole read. */
function controlKey(ch: string): KeyPiece {
  switch (ch) {
    case '\r':
      return { input: '\r', key: { return: true } };
    case '\n':
      // ink names it "enter", not "return": no flag, the byte itself (the keymap reads it as Enter).
      return { input: '\n', key: {} };
    case '\t':
      return { input: '', key: { tab: true } };
    case '\b':
      return { input: '', key: { backspace: true } };
    case '\x7f':
      return { input: '', key: { delete: true } };
    case '\x1b':
      return { input: '', key: { escape: true, meta: true } };
  }
  const c = ch.codePointAt(0)!;
  // Ctrl+letter: 0x01 is ctrl+a … 0x1a ctrl+z (0x00 is ctrl+`, as ink names it).
  if (c <= 0x1a) return { input: String.fromCharCode(c + 0x60), key: { ctrl: true } };
  // 0x1c..0x1f: ink names none of them; they pass as the byte, which the keymap ignores.
  return { input: ch, key: {} };
}

function hasFlags(key: KeyFlags): boolean {
  return Object.values(key).some((v) => v === true);
}
