import { BLINK, BOLD, CM_DEFAULT, CM_P16, CM_P256, CM_RGB, DIM, INVERSE, INVISIBLE, ITALIC, OVERLINE, STRIKE, UNDERLINE, type Snapshot, sameCell } from './screen.js';

/**
 * The output floor: the fewest bytes, by this estimator, that take a terminal from one
 * screen to the next by rewriting only the cells that changed. It writes the bytes rather
 * than counting them, so the bench can replay them into a second terminal and check that
 * they really produce each screen.
 *
 * Per row, runs of changed cells (a wide character's two cells go together). Between two
 * runs of a row it either moves the cursor or rewrites the unchanged cells in between,
 * whichever is shorter. Each run: the shortest cursor move (CUP, CHA, CUF/CUB, CR, VPA,
 * CUD/CUU), an SGR only where the style must change (the shorter of an incremental change
 * and a reset; a blank cell only needs the right background), then the characters; a blank
 * stretch may use ECH (erase characters) and a blank row end EL (erase line) instead.
 * Not counted: synchronized-output brackets and cursor hide/show, so this is a lower bound
 * on what any renderer writes for the same screens.
 */
const ESC = '\x1b[';
const VISIBLE_ON_BLANK = UNDERLINE | INVERSE | STRIKE | OVERLINE;

export interface Pen {
  fg: number;
  bg: number;
  flags: number;
}

interface State {
  /** Cursor; -1 when unknown (start, or pending wrap after the last column). */
  x: number;
  y: number;
  pen: Pen | null;
}

const FLAG_ON: [number, string][] = [
  [BOLD, '1'],
  [DIM, '2'],
  [ITALIC, '3'],
  [UNDERLINE, '4'],
  [BLINK, '5'],
  [INVERSE, '7'],
  [INVISIBLE, '8'],
  [STRIKE, '9'],
  [OVERLINE, '53'],
];
const FLAG_OFF: [number, string][] = [
  [ITALIC, '23'],
  [UNDERLINE, '24'],
  [BLINK, '25'],
  [INVERSE, '27'],
  [INVISIBLE, '28'],
  [STRIKE, '29'],
  [OVERLINE, '55'],
];

function colorParams(c: number, bg: boolean): string {
  const mode = c & 0x3000000;
  const v = c & 0xffffff;
  if (mode === CM_DEFAULT) return bg ? '49' : '39';
  if (mode === CM_P16) return v < 8 ? String((bg ? 40 : 30) + v) : String((bg ? 100 : 90) + v - 8);
  if (mode === CM_P256) return `${bg ? 48 : 38};5;${v}`;
  if (mode === CM_RGB) return `${bg ? 48 : 38};2;${(v >> 16) & 255};${(v >> 8) & 255};${v & 255}`;
  return bg ? '49' : '39';
}

/** The shorter of an incremental SGR and a reset-based one; '' when nothing changes. */
export function sgr(from: Pen | null, to: Pen): string {
  if (from && from.fg === to.fg && from.bg === to.bg && from.flags === to.flags) return '';
  const reset: string[] = ['0'];
  for (const [f, p] of FLAG_ON) if (to.flags & f) reset.push(p);
  if (to.fg !== CM_DEFAULT) reset.push(colorParams(to.fg, false));
  if (to.bg !== CM_DEFAULT) reset.push(colorParams(to.bg, true));
  const resetText = reset.length === 1 ? `${ESC}m` : `${ESC}${reset.join(';')}m`;
  if (!from) return resetText;
  const inc: string[] = [];
  const boldDimOff = (from.flags & ~to.flags & (BOLD | DIM)) !== 0;
  if (boldDimOff) {
    inc.push('22');
    if (to.flags & BOLD) inc.push('1');
    if (to.flags & DIM) inc.push('2');
  } else {
    if (to.flags & ~from.flags & BOLD) inc.push('1');
    if (to.flags & ~from.flags & DIM) inc.push('2');
  }
  for (const [f, p] of FLAG_OFF) if (from.flags & ~to.flags & f) inc.push(p);
  for (const [f, p] of FLAG_ON) if (f !== BOLD && f !== DIM && to.flags & ~from.flags & f) inc.push(p);
  if (from.fg !== to.fg) inc.push(colorParams(to.fg, false));
  if (from.bg !== to.bg) inc.push(colorParams(to.bg, true));
  const incText = `${ESC}${inc.join(';')}m`;
  return incText.length < resetText.length ? incText : resetText;
}

const n = (k: number, final: string) => (k === 1 ? `${ESC}${final}` : `${ESC}${k}${final}`);

function cup(x: number, y: number): string {
  if (x === 0) return y === 0 ? `${ESC}H` : `${ESC}${y + 1}H`;
  return `${ESC}${y + 1};${x + 1}H`;
}

/** Shortest sequence from the state's cursor to (x, y). */
export function moveTo(st: State, x: number, y: number): string {
  if (st.x === x && st.y === y) return '';
  let best = cup(x, y);
  const consider = (s: string) => {
    if (s.length < best.length) best = s;
  };
  if (st.x >= 0 && st.y === y) {
    if (x > st.x) consider(n(x - st.x, 'C'));
    else {
      consider(n(st.x - x, 'D'));
      consider(x === 0 ? '\r' : `\r${n(x, 'C')}`);
    }
    consider(x === 0 ? `${ESC}G` : `${ESC}${x + 1}G`);
  } else if (st.x >= 0 && st.y >= 0) {
    const vertical = y > st.y ? n(y - st.y, 'B') : n(st.y - y, 'A');
    if (x === st.x) {
      consider(vertical);
      consider(`${ESC}${y + 1}d`);
    }
    if (x === 0) consider(`\r${vertical}`);
  }
  return best;
}

function isPlainBlank(s: Snapshot, i: number): boolean {
  return s.chars[i] === ' ' && s.width[i] === 1 && (s.flags[i]! & VISIBLE_ON_BLANK) === 0;
}

/** The pen a cell needs: a plain blank keeps the pen's foreground and text attributes. */
function penFor(s: Snapshot, i: number, pen: Pen | null): Pen {
  if (isPlainBlank(s, i)) return { fg: pen ? pen.fg : CM_DEFAULT, bg: s.bg[i]!, flags: pen ? pen.flags & ~VISIBLE_ON_BLANK : 0 };
  return { fg: s.fg[i]!, bg: s.bg[i]!, flags: s.flags[i]! };
}

/** Writes cells a..b (inclusive) of row y of `next`, from state st; returns the text and the new state. */
function writeRange(next: Snapshot, y: number, a: number, b: number, st0: State): { text: string; st: State } {
  const cols = next.cols;
  const st: State = { x: st0.x, y: st0.y, pen: st0.pen };
  let text = moveTo(st, a, y);
  st.x = a;
  st.y = y;
  let i = a;
  while (i <= b) {
    const idx = y * cols + i;
    // A blank stretch in one background: ECH inside a run, EL at the end of the row.
    if (isPlainBlank(next, idx)) {
      let j = i;
      while (j + 1 <= b && isPlainBlank(next, y * cols + j + 1) && next.bg[y * cols + j + 1] === next.bg[idx]) j++;
      const len = j - i + 1;
      const bgPen: Pen = { fg: st.pen ? st.pen.fg : CM_DEFAULT, bg: next.bg[idx]!, flags: 0 };
      const setBg = st.pen && st.pen.bg === bgPen.bg ? '' : sgr(st.pen, { ...bgPen, flags: st.pen ? st.pen.flags & ~VISIBLE_ON_BLANK : 0 });
      const toEnd = j === cols - 1;
      const erase = toEnd ? `${ESC}K` : `${n(len, 'X')}${n(len, 'C')}`;
      const spacesPen = penFor(next, idx, st.pen);
      const spaces = sgr(st.pen, spacesPen) + ' '.repeat(len);
      if (len >= 3 && setBg.length + erase.length < spaces.length) {
        text += setBg + erase;
        if (setBg) st.pen = { fg: bgPen.fg, bg: bgPen.bg, flags: st.pen ? st.pen.flags & ~VISIBLE_ON_BLANK : 0 };
        if (toEnd) st.x = i;
        else st.x = j + 1;
        i = j + 1;
        continue;
      }
    }
    const pen = penFor(next, idx, st.pen);
    text += sgr(st.pen, pen);
    st.pen = pen;
    const w = next.width[idx]! === 2 ? 2 : 1;
    text += next.chars[idx] || ' ';
    i += w;
    st.x = i >= cols ? -1 : i; // writing the last column leaves a pending wrap
  }
  if (st.x === -1) st.y = -1;
  return { text, st };
}

export class FloorEncoder {
  private st: State = { x: -1, y: -1, pen: null };

  /** The bytes that turn `prev` into `next` on a terminal in this encoder's state. */
  encode(prev: Snapshot, next: Snapshot): string {
    const cols = next.cols;
    let out = '';
    const changed = new Uint8Array(cols);
    for (let y = 0; y < next.rows; y++) {
      let any = false;
      changed.fill(0);
      for (let x = 0; x < cols; x++) {
        const i = y * cols + x;
        if (!sameCell(prev, next, i)) {
          changed[x] = 1;
          any = true;
          // Wide characters change as a pair of cells.
          if ((next.width[i] === 0 || prev.width[i] === 0) && x > 0) changed[x - 1] = 1;
          if ((next.width[i] === 2 || prev.width[i] === 2) && x + 1 < cols) changed[x + 1] = 1;
        }
      }
      if (!any) continue;
      const runs: [number, number][] = [];
      for (let x = 0; x < cols; x++) {
        if (!changed[x]) continue;
        let e = x;
        while (e + 1 < cols && changed[e + 1]) e++;
        // Never start on the second half of a wide character.
        runs.push([next.width[y * cols + x] === 0 && x > 0 ? x - 1 : x, e]);
        x = e;
      }
      let lastEnd = -1;
      for (const [s, e] of runs) {
        const jump = writeRange(next, y, s, e, this.st);
        let pick = jump;
        if (lastEnd >= 0 && this.st.y === y && this.st.x === lastEnd + 1) {
          const bridge = writeRange(next, y, lastEnd + 1, e, this.st);
          if (bridge.text.length < jump.text.length) pick = bridge;
        }
        out += pick.text;
        this.st = pick.st;
        lastEnd = e;
      }
    }
    return out;
  }
}
