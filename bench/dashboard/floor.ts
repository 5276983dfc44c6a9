import { BLINK, BOLD, CM_DEFAULT, CM_P16, CM_P256, CM_RGB, DIM, INVERSE, INVISIBLE, ITALIC, OVERLINE, STRIKE, UNDERLINE, type Snapshot, sameCell } from './screen.js';

/**
 * The output floor: few bytes, by this estimator, that take a terminal from one screen to
 * the next by rewriting only the cells that changed. It writes the bytes rather than
 * counting them, so the bench replays them into a second terminal and checks that they
 * really produce each screen.
 *
 * The changed cells (a wide character's two cells go together) are cut into segments of
 * one style; a blank cell fits any segment with its background. Segments are written
 * nearest-first: from where the cursor and the pen are, the next segment is the one that
 * costs least to reach (the shortest of CUP, CHA, VPA, CUF/CUB/CUD/CUU, BS, CR, CR LF, or
 * rewriting the unchanged cells in between when they look the same in the current pen)
 * plus the SGR to its style (the shorter of an incremental change and a reset). A blank
 * stretch may use ECH, a blank row end EL. Synchronized-output brackets and cursor
 * hide/show are not counted: no renderer can write these screens in fewer bytes this way.
 */
const ESC = '\x1b[';
const VISIBLE_ON_BLANK = UNDERLINE | INVERSE | STRIKE | OVERLINE;
/** Above this many segments a frame is written in row-major order (the search is quadratic). */
const MAX_SEARCH = 1500;

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

interface Segment {
  y: number;
  s: number;
  e: number;
  /** Only blank cells: any foreground and text attributes do. */
  blank: boolean;
  pen: Pen;
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
  if ((from.flags & ~to.flags & (BOLD | DIM)) !== 0) {
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

const rep = (k: number, final: string) => (k === 1 ? `${ESC}${final}` : `${ESC}${k}${final}`);

function cup(x: number, y: number): string {
  if (x === 0) return y === 0 ? `${ESC}H` : `${ESC}${y + 1}H`;
  return `${ESC}${y + 1};${x + 1}H`;
}

function shortest(options: string[]): string {
  let best = options[0]!;
  for (const o of options) if (o.length < best.length) best = o;
  return best;
}

/** Shortest horizontal move on the current row (cursor x known). */
function horizontal(from: number, to: number): string {
  if (from === to) return '';
  const options = [to === 0 ? `${ESC}G` : `${ESC}${to + 1}G`, to === 0 ? '\r' : `\r${rep(to, 'C')}`];
  if (to > from) options.push(rep(to - from, 'C'));
  else options.push(rep(from - to, 'D'), '\b'.repeat(from - to));
  return shortest(options);
}

/** Shortest escape-sequence move from the state's cursor to (x, y). */
export function moveTo(st: State, x: number, y: number): string {
  if (st.x === x && st.y === y) return '';
  const options = [cup(x, y)];
  if (st.x >= 0 && st.y >= 0) {
    if (st.y === y) options.push(horizontal(st.x, x));
    else {
      const dy = y - st.y;
      options.push((dy > 0 ? rep(dy, 'B') : rep(-dy, 'A')) + horizontal(st.x, x));
      options.push(`${ESC}${y + 1}d${horizontal(st.x, x)}`);
      if (dy === 1) options.push(`\r\n${x === 0 ? '' : horizontal(0, x)}`);
    }
  }
  return shortest(options);
}

function isPlainBlank(s: Snapshot, i: number): boolean {
  return s.chars[i] === ' ' && s.width[i] === 1 && (s.flags[i]! & VISIBLE_ON_BLANK) === 0;
}

/** True when cell i shows exactly as written with `pen`. */
function fitsPen(s: Snapshot, i: number, pen: Pen): boolean {
  if (isPlainBlank(s, i)) return s.bg[i] === pen.bg && (pen.flags & VISIBLE_ON_BLANK) === 0;
  return s.fg[i] === pen.fg && s.bg[i] === pen.bg && s.flags[i] === pen.flags;
}

/** The pen for a segment from the current one: a blank segment keeps foreground and text attributes. */
function penFor(seg: Segment, pen: Pen | null): Pen {
  if (!seg.blank) return seg.pen;
  return { fg: pen ? pen.fg : CM_DEFAULT, bg: seg.pen.bg, flags: pen ? pen.flags & ~VISIBLE_ON_BLANK : 0 };
}

/** Move to the segment, rewriting same-looking cells on the way when that is shorter. */
function approach(next: Snapshot, st: State, seg: Segment): string {
  const move = moveTo(st, seg.s, seg.y);
  if (st.pen && st.y === seg.y && st.x >= 0 && st.x < seg.s && seg.s - st.x < move.length) {
    let text = '';
    for (let x = st.x; x < seg.s; x++) {
      const i = seg.y * next.cols + x;
      if (next.width[i] === 0 || !fitsPen(next, i, st.pen)) return move;
      text += next.chars[i] || ' ';
    }
    if (Buffer.byteLength(text) < move.length) return text;
  }
  return move;
}

function segmentsOf(prev: Snapshot, next: Snapshot): Segment[] {
  const cols = next.cols;
  const out: Segment[] = [];
  const changed = new Uint8Array(cols);
  for (let y = 0; y < next.rows; y++) {
    changed.fill(0);
    let any = false;
    for (let x = 0; x < cols; x++) {
      const i = y * cols + x;
      if (sameCell(prev, next, i)) continue;
      any = true;
      changed[x] = 1;
      // Wide characters change as a pair of cells.
      if ((next.width[i] === 0 || prev.width[i] === 0) && x > 0) changed[x - 1] = 1;
      if ((next.width[i] === 2 || prev.width[i] === 2) && x + 1 < cols) changed[x + 1] = 1;
    }
    if (!any) continue;
    let cur: Segment | undefined;
    for (let x = 0; x < cols; x++) {
      const i = y * cols + x;
      if (!changed[x] || next.width[i] === 0) {
        if (!changed[x]) cur = undefined;
        if (cur && next.width[i] === 0) cur.e = x;
        continue;
      }
      const blank = isPlainBlank(next, i);
      const pen: Pen = { fg: next.fg[i]!, bg: next.bg[i]!, flags: next.flags[i]! };
      if (cur && (blank ? cur.pen.bg === pen.bg && (cur.blank || (cur.pen.flags & VISIBLE_ON_BLANK) === 0) : fitsPen(next, i, cur.pen) || (cur.blank && cur.pen.bg === pen.bg && (pen.flags & VISIBLE_ON_BLANK) === 0))) {
        if (cur.blank && !blank) {
          cur.blank = false;
          cur.pen = pen;
        }
        cur.e = next.width[i] === 2 ? x + 1 : x;
        continue;
      }
      cur = { y, s: x, e: next.width[i] === 2 ? x + 1 : x, blank, pen };
      out.push(cur);
    }
  }
  return out;
}

/** Writes one segment's cells (SGR set already); a blank stretch may be erased instead. */
function writeCells(next: Snapshot, seg: Segment, st: State): string {
  const cols = next.cols;
  let text = '';
  let x = seg.s;
  while (x <= seg.e) {
    const i = seg.y * cols + x;
    if (isPlainBlank(next, i)) {
      let j = x;
      while (j + 1 <= seg.e && isPlainBlank(next, seg.y * cols + j + 1)) j++;
      const len = j - x + 1;
      const toEnd = j === cols - 1;
      const erase = toEnd ? `${ESC}K` : `${rep(len, 'X')}${rep(len, 'C')}`;
      if (len >= 3 && erase.length < len) {
        text += erase;
        x = j + 1;
        st.x = toEnd ? seg.e : x;
        continue;
      }
    }
    text += next.chars[i] || ' ';
    x += next.width[i] === 2 ? 2 : 1;
    st.x = x;
  }
  if (st.x >= cols) {
    // Writing the last column leaves a pending wrap: the next move must be absolute.
    st.x = -1;
    st.y = -1;
  }
  return text;
}

export class FloorEncoder {
  private st: State = { x: -1, y: -1, pen: null };

  /** The bytes that turn `prev` into `next` on a terminal in this encoder's state. */
  encode(prev: Snapshot, next: Snapshot): string {
    const segs = segmentsOf(prev, next);
    const done = new Uint8Array(segs.length);
    let out = '';
    let first = 0;
    for (let n = 0; n < segs.length; n++) {
      while (done[first]) first++;
      let pick = first;
      if (segs.length <= MAX_SEARCH) {
        let best = Infinity;
        for (let k = first; k < segs.length; k++) {
          if (done[k]) continue;
          const seg = segs[k]!;
          const cost = approach(next, this.st, seg).length + sgr(this.st.pen, penFor(seg, this.st.pen)).length;
          if (cost < best) {
            best = cost;
            pick = k;
          }
        }
      }
      done[pick] = 1;
      const seg = segs[pick]!;
      const pen = penFor(seg, this.st.pen);
      out += approach(next, this.st, seg) + sgr(this.st.pen, pen);
      this.st.pen = pen;
      this.st.x = seg.s;
      this.st.y = seg.y;
      out += writeCells(next, seg, this.st);
    }
    return out;
  }
}
