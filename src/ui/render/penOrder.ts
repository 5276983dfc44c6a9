import type { Piece } from './stylePieces.js';

/** Pieces of one pen looked at on each side of the cursor (in row-major order). */
const NEAR = 3;

/**
 * The order in which a frame's pieces are written: the pieces grouped by pen (a blank
 * piece by its background), each group in row-major order, so that the pieces of a pen
 * nearest the cursor are found by a binary search instead of a scan of the frame.
 */
export class PenOrder {
  /** How many pens (groups) the pieces have. */
  readonly pens: number;
  private readonly penIndex: Int32Array;
  private readonly at: Int32Array;
  private readonly groups: number[][] = [];
  private readonly firstPiece: number[] = [];
  /** Each pen's key: `fg,bg,flags`, or `b` and the background for blank pieces. */
  readonly keys: string[] = [];
  private readonly done: Uint8Array;
  private firstLeft = 0;

  /**
   * With `grouped` false (a frame of too many pieces to search) only first() and take()
   * work, in constant time each: no groups are built.
   */
  constructor(pieces: readonly Piece[], private readonly cols: number, grouped = true) {
    const keys = new Map<string, number>();
    this.penIndex = new Int32Array(pieces.length);
    this.at = new Int32Array(pieces.length);
    this.done = new Uint8Array(pieces.length);
    for (let k = 0; grouped && k < pieces.length; k++) {
      const p = pieces[k]!;
      const key = p.blank ? `b${p.bg}` : `${p.fg},${p.bg},${p.flags}`;
      let pen = keys.get(key);
      if (pen === undefined) {
        pen = this.groups.length;
        keys.set(key, pen);
        this.groups.push([]);
        this.firstPiece.push(k);
        this.keys.push(key);
      }
      this.penIndex[k] = pen;
      this.at[k] = p.y * cols + p.s;
      this.groups[pen]!.push(k);
    }
    this.pens = this.groups.length;
  }

  /** Every piece, pen by pen in the order the pens first appear, each pen's in row-major order (before any take()). */
  byPen(): number[] {
    return this.groups.flat();
  }

  /** A piece of this pen (the first of the frame, written or not). */
  firstOf(pen: number): number {
    return this.firstPiece[pen]!;
  }

  /** The first piece in row-major order not written yet. */
  first(): number {
    while (this.done[this.firstLeft]) this.firstLeft++;
    return this.firstLeft;
  }

  /** Marks piece k written. */
  take(k: number): void {
    this.done[k] = 1;
    const group = this.groups[this.penIndex[k]!];
    if (group === undefined) return;
    const j = this.lowerBound(group, this.at[k]!);
    if (group[j] === k) group.splice(j, 1);
  }

  /**
   * The piece that costs least (move plus SGR) from a cursor at (x, y): the first piece
   * left, or one of the NEAR pieces of each pen on either side of the cursor. `sgr` holds
   * each pen's SGR bytes from the current pen and `byCost` the pens in ascending order of
   * them, so the search stops at the first pen whose SGR alone costs more than the best so
   * far (no later pen can do better). Ties go to the earlier piece, whatever the order the
   * pens are looked at in.
   */
  cheapest(x: number, y: number, moveOf: (k: number) => number, sgr: Int32Array, byCost: Int32Array): number {
    let pick = this.first();
    let best = moveOf(pick) + sgr[this.penIndex[pick]!]!;
    const at = y < 0 ? 0 : y * this.cols + Math.max(0, x);
    for (let i = 0; i < byCost.length; i++) {
      const pen = byCost[i]!;
      const penSgr = sgr[pen]!;
      if (penSgr > best) break;
      const group = this.groups[pen]!;
      if (group.length === 0) continue;
      const m = this.lowerBound(group, at);
      const end = Math.min(group.length, m + NEAR);
      for (let j = Math.max(0, m - NEAR); j < end; j++) {
        const k = group[j]!;
        if (k === pick) continue;
        const cost = moveOf(k) + penSgr;
        if (cost < best || (cost === best && k < pick)) {
          best = cost;
          pick = k;
        }
      }
    }
    return pick;
  }

  /** The first index of `group` whose piece starts at or after cell `at`. */
  private lowerBound(group: readonly number[], at: number): number {
    let lo = 0;
    let hi = group.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.at[group[mid]!]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
