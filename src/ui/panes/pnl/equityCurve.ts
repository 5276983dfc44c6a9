/**
 * A compact line chart in braille cells (2 x 4 dots each) of raw amounts, scaled with
 * bigint arithmetic between their own min and max: the PnL pane's equity curve. Each
 * column of dots takes the value of the point under it (a curve with fewer points than
 * dots is drawn as steps) and is joined to the previous column by a vertical run, so the
 * line never breaks.
 */

const BRAILLE = 0x2800;
/** Dot bits by [row within the cell][column within the cell]. */
const DOTS = [
  [0x01, 0x08],
  [0x02, 0x10],
  [0x04, 0x20],
  [0x40, 0x80],
] as const;

export function equityCurveLines(values: readonly bigint[], width: number, height: number): string[] {
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
  for (let x = 0; x < xs; x++) {
    const v = values[Math.min(values.length - 1, Math.floor((x * values.length) / xs))]!;
    const y = level(v);
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
