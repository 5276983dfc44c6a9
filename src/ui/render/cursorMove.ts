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

function arg(n: number): string {
  return n === 1 ? '' : String(n);
}

/** Ways to reach column x on the current row, shortest first is picked by the caller. */
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
    else if (dx === -1) consider('\b');
    else consider(`${CSI}${arg(-dx)}D`);
  }
  return best;
}

/**
 * The shortest byte string that moves the cursor from `from` to (x, y): absolute
 * (CUP), column-only (CR, CHA, CUF, CUB, BS) or vertical plus column (CUU/CUD or
 * CR LF). Never relies on scrolling: a line feed is only used to go down, which
 * cannot scroll because the target row is on screen.
 */
export function cursorMove(from: CursorPosition, x: number, y: number, cols: number): string {
  if (from.y === y && from.x === x) return '';
  const row = y + 1;
  const col = x + 1;
  let best = `${CSI}${row === 1 && col === 1 ? '' : col === 1 ? row : `${row};${col}`}H`;
  const consider = (s: string): void => {
    if (s.length < best.length) best = s;
  };
  if (from.y === y) {
    consider(horizontal(from.x, x, cols));
  } else if (from.y >= 0) {
    const dy = y - from.y;
    // A vertical move keeps the column; a pending wrap becomes unknown (terminals differ).
    const columnAfter = from.x >= 0 && from.x < cols ? from.x : -1;
    consider((dy > 0 ? `${CSI}${arg(dy)}B` : `${CSI}${arg(-dy)}A`) + horizontal(columnAfter, x, cols));
    if (dy > 0 && dy <= 3) consider('\r\n'.repeat(dy) + horizontal(0, x, cols));
  }
  return best;
}
