/**
 * SGR mouse reports (xterm modes 1000 + 1006: `ESC [ < b ; x ; y M` on press, `... m` on
 * release, 1-based cells) taken out of what the terminal sends, so that only keys reach
 * ink's key parser: ink would read a report as an unknown sequence and the characters
 * around it as keys.
 *
 * Pure: the caller keeps `rest` (the unfinished end of the input) and passes it back in
 * front of the next read, so a report split across reads is still one report.
 */

export type MouseButton = 'left' | 'middle' | 'right' | 'none' | 'wheelUp' | 'wheelDown' | 'wheelLeft' | 'wheelRight' | 'other';

export interface MouseEvent {
  /** press and release of a button; drag/move need motion modes (1002/1003), not enabled here. */
  kind: 'press' | 'release' | 'drag' | 'move' | 'wheel';
  button: MouseButton;
  /** 0-based column and row of the cell. */
  x: number;
  y: number;
  shift: boolean;
  meta: boolean;
  ctrl: boolean;
}

export type MouseInputPart = { kind: 'text'; text: string } | { kind: 'mouse'; event: MouseEvent };

export interface MouseInputSplit {
  /** Keys and mouse events in the order they were sent (adjacent text joined). */
  parts: MouseInputPart[];
  /**
   * The end of the input that may still become a report: a lone ESC or `ESC [` (also the start
   * of a key, see `restIsReport`), or an unfinished `ESC [ <`.
   */
  rest: string;
  /** `rest` starts with `ESC [ <`: it can only be (part of) a report, never a key. */
  restIsReport: boolean;
  /** Sequences that started as a report but were not a valid one: dropped, not passed on as keys. */
  dropped: number;
}

const ESC = '\x1b';
const PREFIX = '\x1b[<';
/** Far longer than any real report: an unfinished one this long is garbage, not worth holding. */
export const MAX_PENDING_REPORT = 256;

const isParam = (c: number) => c >= 0x30 && c <= 0x3f;
const isIntermediate = (c: number) => c >= 0x20 && c <= 0x2f;
const isFinal = (c: number) => c >= 0x40 && c <= 0x7e;

const WHEEL: readonly MouseButton[] = ['wheelUp', 'wheelDown', 'wheelLeft', 'wheelRight'];
const BUTTON: readonly MouseButton[] = ['left', 'middle', 'right', 'none'];

/** One report's parameters (`b;x;y`) and final byte, or undefined when they are not a report. */
export function decodeSgrMouse(params: string, final: string): MouseEvent | undefined {
  if (final !== 'M' && final !== 'm') return undefined;
  const m = /^(\d{1,4});(\d{1,5});(\d{1,5})$/.exec(params);
  if (!m) return undefined;
  const b = Number(m[1]);
  const x = Number(m[2]) - 1;
  const y = Number(m[3]) - 1;
  if (x < 0 || y < 0 || b > 255) return undefined;
  const mods = { shift: (b & 4) !== 0, meta: (b & 8) !== 0, ctrl: (b & 16) !== 0 };
  const low = b & 3;
  if (b & 128) return { kind: final === 'M' ? 'press' : 'release', button: 'other', x, y, ...mods };
  if (b & 64) return { kind: 'wheel', button: WHEEL[low]!, x, y, ...mods };
  const button = BUTTON[low]!;
  if (b & 32) return { kind: button === 'none' ? 'move' : 'drag', button, x, y, ...mods };
  return { kind: final === 'M' ? 'press' : 'release', button, x, y, ...mods };
}

/**
 * Splits terminal input into keys and mouse reports. A sequence that starts like a report
 * (`ESC [ <`) is consumed up to its final byte as a CSI sequence is, valid or not, so a broken
 * report never turns into keys; anything else passes through unchanged and in order.
 */
export function splitMouseInput(input: string): MouseInputSplit {
  const parts: MouseInputPart[] = [];
  let dropped = 0;
  let text = '';
  const flushText = () => {
    if (text) parts.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < input.length) {
    const esc = input.indexOf(ESC, i);
    if (esc < 0) {
      text += input.slice(i);
      break;
    }
    text += input.slice(i, esc);
    const tail = input.slice(esc, esc + PREFIX.length);
    if (tail.length < PREFIX.length && PREFIX.startsWith(tail)) {
      // ESC or ESC [ at the very end: the next read says whether it is a report.
      flushText();
      return { parts, rest: input.slice(esc), restIsReport: false, dropped };
    }
    if (tail !== PREFIX) {
      text += ESC;
      i = esc + 1;
      continue;
    }
    let j = esc + PREFIX.length;
    while (j < input.length) {
      const c = input.charCodeAt(j);
      if (!isParam(c) && !isIntermediate(c)) break;
      j++;
    }
    if (j >= input.length) {
      flushText();
      if (j - esc > MAX_PENDING_REPORT) return { parts, rest: '', restIsReport: false, dropped: dropped + 1 };
      return { parts, rest: input.slice(esc), restIsReport: true, dropped };
    }
    const c = input.charCodeAt(j);
    if (isFinal(c)) {
      const event = decodeSgrMouse(input.slice(esc + PREFIX.length, j), input[j]!);
      if (event) {
        flushText();
        parts.push({ kind: 'mouse', event });
      } else dropped++;
      i = j + 1;
    } else {
      // Not a CSI sequence after all (a control character or ESC inside): drop what was read
      // and carry on from the byte that broke it, which may be a key.
      dropped++;
      i = j;
    }
  }
  flushText();
  return { parts, rest: '', restIsReport: false, dropped };
}
