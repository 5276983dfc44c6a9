const CSI = '\x1b[';

/**
 * Where the real terminal's cursor is, as far as the renderer knows. x is -1 when
 * unknown (after a glyph whose width terminals disagree on) and equals cols while a
 * wrap is pending after the last column; y is -1 when unknown.
 */
export interface CursorPosition {
  x: number;
  y: number;
}

/**
 * What a move costs on the wire: its bytes, a line feed counted twice because a tty's
 * onlcr (on in a pseudo-terminal by default) sends it as CR LF.
 */
export function moveBytes(move: string): number {
  let n = move.length;
  for (let i = move.indexOf('\n'); i !== -1; i = move.indexOf('\n', i + 1)) n++;
  return n;
}

function arg(n: number): string {
  return n === 1 ? '' : String(n);
}

function digits(n: number): number {
  return n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : String(n).length;
}

function argBytes(n: number): number {
  return n === 1 ? 0 : digits(n);
}

/** Backspaces are used for a step left of at most this many columns. */
const MAX_BACKSPACES = 3;

/** Ways to reach column x on the current row; the shortest is returned. */
function horizontal(fromX: number, x: number, cols: number): string {
  const known = fromX >= 0 && fromX < cols;
  if (known && fromX === x) return '';
  let best = `${CSI}${arg(x + 1)}G`;
  const consider = (s: string): void => {
    if (s.length < best.length) best = s;
  };
  if (x === 0) consider('\r');
  else consider(`\r${CSI}${arg(x)}C`);
  if (known) {
    const dx = x - fromX;
    if (dx > 0) consider(`${CSI}${arg(dx)}C`);
    else if (-dx <= MAX_BACKSPACES) consider('\b'.repeat(-dx));
    else consider(`${CSI}${arg(-dx)}D`);
  }
  return best;
}

/** The bytes of horizontal(fromX, x, cols), computed without building it. */
function horizontalBytes(fromX: number, x: number, cols: number): number {
  const known = fromX >= 0 && fromX < cols;
  if (known && fromX === x) return 0;
  let best = 3 + argBytes(x + 1);
  best = Math.min(best, x === 0 ? 1 : 4 + argBytes(x));
  if (known) {
    const dx = x - fromX;
    if (dx > 0) best = Math.min(best, 3 + argBytes(dx));
    else if (-dx <= MAX_BACKSPACES) best = Math.min(best, -dx);
    else best = Math.min(best, 3 + argBytes(-dx));
  }
  return best;
}

function cup(x: number, y: number): string {
  const row = y + 1;
  const col = x + 1;
  return `${CSI}${row === 1 && col === 1 ? '' : col === 1 ? row : `${row};${col}`}H`;
}

function cupBytes(x: number, y: number): number {
  if (x === 0) return y === 0 ? 3 : 3 + digits(y + 1);
  return 4 + digits(y + 1) + digits(x + 1);
}

/**
 * The shortest move (by moveBytes) of the cursor from `from` to (x, y): absolute (CUP),
 * column-only (CR, CHA, CUF, CUB, BS), or row (CUU/CUD, VPA, CR LF) plus column. Never
 * relies on scrolling: a line feed is only used to go down, which cannot scroll because
 * the target row is on screen.
 */
export function cursorMove(from: CursorPosition, x: number, y: number, cols: number): string {
  if (from.y === y && from.x === x) return '';
  let best = cup(x, y);
  let bestBytes = best.length;
  const consider = (s: string): void => {
    const bytes = moveBytes(s);
    if (bytes < bestBytes) {
      best = s;
      bestBytes = bytes;
    }
  };
  if (from.y === y) {
    consider(horizontal(from.x, x, cols));
  } else if (from.y >= 0) {
    const dy = y - from.y;
    // A vertical move keeps the column; a pending wrap becomes unknown (terminals differ).
    const columnAfter = from.x >= 0 && from.x < cols ? from.x : -1;
    const column = horizontal(columnAfter, x, cols);
    consider((dy > 0 ? `${CSI}${arg(dy)}B` : `${CSI}${arg(-dy)}A`) + column);
    consider(`${CSI}${y + 1}d${column}`);
    if (dy > 0 && dy <= 3) consider('\r\n'.repeat(dy) + horizontal(0, x, cols));
  }
  return best;
}

/** moveBytes(cursorMove(from, x, y, cols)), computed without building the move. */
export function cursorMoveBytes(from: CursorPosition, x: number, y: number, cols: number): number {
  if (from.y === y && from.x === x) return 0;
  let best = cupBytes(x, y);
  if (from.y === y) {
    best = Math.min(best, horizontalBytes(from.x, x, cols));
  } else if (from.y >= 0) {
    const dy = y - from.y;
    const columnAfter = from.x >= 0 && from.x < cols ? from.x : -1;
    const column = horizontalBytes(columnAfter, x, cols);
    best = Math.min(best, 3 + argBytes(Math.abs(dy)) + column, 3 + digits(y + 1) + column);
    if (dy > 0 && dy <= 3) best = Math.min(best, 3 * dy + horizontalBytes(0, x, cols));
  }
  return best;
}
