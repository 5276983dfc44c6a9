/**
 * The terminal's clipboard by escape sequence (OSC 52, "manipulate selection data"): the
 * text travels to the terminal the dashboard draws on, wherever that terminal is, so it
 * works over SSH and needs no xclip, pbcopy or display on the machine perpdesk runs on.
 *
 * `ESC ] 52 ; c ; <base64 of the UTF-8 text> BEL`: `c` names the system clipboard; BEL ends
 * it rather than ST because every terminal that knows OSC 52 accepts BEL, and the sequence
 * moves no cursor, so it can go between two of the renderer's frames.
 *
 * Inside tmux the plain sequence is what tmux itself understands: with `set -g
 * set-clipboard on` it fills tmux's paste buffer and passes the text on to the outer
 * terminal. No passthrough wrapping: passthrough is off by default since tmux 3.3, would
 * skip tmux's buffer, and with both on the outer terminal would be told twice.
 */

/**
 * Longest sequence sent, in bytes. Terminals drop longer ones silently (hterm and others stop
 * near 100 kB), so a longer copy is refused with words instead of vanishing.
 */
export const OSC52_MAX_BYTES = 100_000;

const PREFIX = '\x1b]52;c;';
const BEL = '\x07';

export type Osc52Sequence = { ok: true; sequence: string } | { ok: false; reason: string };

/** The sequence that puts `text` on the clipboard, or why it cannot be sent. */
export function osc52Sequence(text: string, maxBytes = OSC52_MAX_BYTES): Osc52Sequence {
  // An empty payload means "clear the clipboard" to the terminal, never what a copy wants.
  if (text === '') return { ok: false, reason: 'nothing to copy (empty text)' };
  const bytes = Buffer.byteLength(text, 'utf8');
  const sequence = `${PREFIX}${Buffer.from(text, 'utf8').toString('base64')}${BEL}`;
  if (sequence.length > maxBytes) {
    const most = Math.floor((maxBytes - PREFIX.length - BEL.length) / 4) * 3;
    return { ok: false, reason: `${bytes} bytes is too long for the terminal clipboard (at most ${Math.max(0, most)})` };
  }
  return { ok: true, sequence };
}

/** Puts text on the viewer's clipboard; throws with the reason when it cannot. */
export type ClipboardWriter = (text: string) => void;

/**
 * A clipboard that writes OSC 52 to `write`: the stream the dashboard draws to (each SSH
 * viewer has its own), so the text lands on the terminal of whoever pressed the key.
 */
export function osc52Clipboard(write: (data: string) => unknown, maxBytes = OSC52_MAX_BYTES): ClipboardWriter {
  return (text) => {
    const s = osc52Sequence(text, maxBytes);
    if (!s.ok) throw new Error(s.reason);
    write(s.sequence);
  };
}
