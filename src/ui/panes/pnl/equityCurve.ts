/**
 * A compact line chart in braille cells (2 x 4 dots each) of raw amounts, scaled with
 * bigint arithmetic between their own min and max: the PnL pane's equity curve. Each
 * column of dots takes the value of the point under it (a curve with fewer points than
 * dots is drawn as steps) and is joined to the previous column by a vertical run; the line
 * breaks only where perpdesk was not running (`breaks`): there a column of dots is left
 * empty and the two sides are not joined, so a period not recorded is not drawn as a slope.
 */

const BRAILLE = 0x2800;
/** Dot bits by [row within the cell][column within the cell]. */
const DOTS = [
  [0x01, 0x08],
  [0x02, 0x10],
  [0x04, 0x20],
  [0x40, 0x80],
] as const;

/**
 * The points of `curve` that follow a period not recorded (a gap between the point before
 * and this one): where the curve breaks. Points and gaps oldest first.
 */
export function curveBreaks(curve: readonly { time: number }[], gaps: readonly { from: number; to: number }[]): Set<number> {
  const breaks = new Set<number>();
  let g = 0;
  for (let i = 1; i < curve.length && g < gaps.length; i++) {
    const before = curve[i - 1]!.time;
    const at = curve[i]!.time;
    while (g < gaps.length && gaps[g]!.to <= before) g++;
    // A gap that starts before this point and ends after the one before lies between them.
    if (g < gaps.length && gaps[g]!.from < at && gaps[g]!.to > before) breaks.add(i);
  }
  return breaks;
}

export function equityCurveLines(values: readonly bigint[], width: number, height: number, breaks: ReadonlySet<number> = new Set()): string[] {
  if (width <= 0 || height <= 0) return [];
  const blank = ' '.repeat(width);
  if (values.length === 0) return Array.from({ length: height }, () => blank);
  const xs = width * 2;
  const ys = height * 4;
  const { min, max } = rangeOf(values)!;
  const range = max - min;
  // Dot row counted from the bottom, rounded to the nearest: flat data lies on the middle row.
  const level = (v: bigint): number => (range === 0n ? Math.floor((ys - 1) / 2) : Number(((v - min) * BigInt(ys - 1) * 2n + range) / (2n * range)));
  const cells = Array.from({ length: height }, () => new Array<number>(width).fill(0));
  const set = (x: number, y: number) => {
    const top = ys - 1 - y;
    cells[Math.floor(top / 4)]![Math.floor(x / 2)]! |= DOTS[top % 4]![x % 2]!;
  };
  let prev: number | undefined;
  let prevIndex = 0;
  for (let x = 0; x < xs; x++) {
    const index = Math.min(values.length - 1, Math.floor((x * values.length) / xs));
    // A break between the last column's point and this one's: this column stays empty, the next starts afresh.
    let broken = false;
    for (let i = prevIndex + 1; i <= index && !broken; i++) broken = breaks.has(i);
    prevIndex = index;
    if (broken && x > 0) {
      prev = undefined;
      continue;
    }
    const y = level(values[index]!);
    const from = prev === undefined ? y : prev;
    for (let k = Math.min(from, y); k <= Math.max(from, y); k++) set(x, k);
    prev = y;
  }
  return cells.map((row) => row.map((bits) => (bits === 0 ? ' ' : String.fromCharCode(BRAILLE + bits))).join(''));
}

/** The least and greatest of some amounts; undefined for none. */
export function rangeOf(values: readonly bigint[]): { min: bigint; max: bigint } | undefined {
  if (values.length === 0) return undefined;
  let min = values[0]!;
  let max = values[0]!;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}
