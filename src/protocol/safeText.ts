/**
 * Text that came from outside (an exchange's names, messages and request ids; a file's
 * contents; a client's words) made safe for a terminal, at one place. Every C0 and C1
 * control character (ESC, BEL, CSI, OSC, DCS and the rest), DEL, and the Unicode line and
 * paragraph separators and bidirectional overrides become a visible stand-in, so no
 * escape sequence (a title, a clipboard write, a cursor query, a screen switch) can reach
 * the terminal from data. `lines: true` keeps line feeds (and turns tabs into a space) for
 * a multi-line message; otherwise a line feed becomes a space too.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_KEEP_LINES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string, options: { lines?: boolean } = {}): string {
  return text.replace(options.lines ? UNSAFE_KEEP_LINES : UNSAFE, (c) => (c === '\u001b' ? '␛' : ' '));
}

/** True when `text` holds nothing that terminalSafe would change. */
export function isTerminalSafe(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return !UNSAFE.test(text);
}
