/**
 * One side (bids or asks) of the book: price levels kept in a sorted array
 * with the BEST level at the END, so that consuming or emptying the best level
 * (the common case while matching) is an O(1) pop, and new orders, which
 * mostly arrive near the touch, splice close to the end. A Map finds a level by
 * price in O(1); each level is an intrusive doubly-linked FIFO so that cancels
 * anywhere in the queue are O(1).
 */
import { Level, type OrderNode } from './orderNode.js';

export class BookSide {
  /** Worst..best: ascending prices for bids, descending for asks. */
  private readonly sorted: Level[] = [];
  private readonly byPx = new Map<bigint, Level>();

  constructor(readonly isBid: boolean) {}

  get levelCount(): number {
    return this.sorted.length;
  }

  best(): Level | undefined {
    return this.sorted[this.sorted.length - 1];
  }

  bestPx(): bigint | undefined {
    return this.sorted[this.sorted.length - 1]?.px;
  }

  levelAt(px: bigint): Level | undefined {
    return this.byPx.get(px);
  }

  /** Appends the node at the back of the FIFO of its order's price. */
  link(node: OrderNode): void {
    const px = node.o.px;
    let level = this.byPx.get(px);
    if (level === undefined) level = this.insertLevel(px);
    node.level = level;
    node.prev = level.tail;
    node.next = undefined;
    if (level.tail === undefined) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.n++;
    level.sz += node.o.sz;
  }

  /** Removes the node from its level, dropping the level once empty. */
  unlink(node: OrderNode): void {
    const level = node.level;
    if (level === undefined) return;
    if (node.prev === undefined) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === undefined) level.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = node.next = node.level = undefined;
    level.n--;
    level.sz -= node.o.sz;
    if (level.n === 0) this.removeLevel(level);
  }

  /** Levels from best to worst. The side must not be mutated while iterating. */
  *levelsBestFirst(): IterableIterator<Level> {
    for (let i = this.sorted.length - 1; i >= 0; i--) yield this.sorted[i]!;
  }

  /** Index of the first level that is not worse than px (= px's slot). */
  private findIndex(px: bigint): number {
    const s = this.sorted;
    const bid = this.isBid;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const lp = s[mid]!.px;
      if (bid ? lp < px : lp > px) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private insertLevel(px: bigint): Level {
    const level = new Level(px);
    const s = this.sorted;
    const top = s[s.length - 1];
    // Fast path: a new best price needs no search.
    if (top === undefined || (this.isBid ? px > top.px : px < top.px)) s.push(level);
    else s.splice(this.findIndex(px), 0, level);
    this.byPx.set(px, level);
    return level;
  }

  private removeLevel(level: Level): void {
    const s = this.sorted;
    if (s[s.length - 1] === level) s.pop();
    else s.splice(this.findIndex(level.px), 1);
    this.byPx.delete(level.px);
  }

  /** Structural self-check for tests; appends human-readable problems. */
  check(errors: string[], seen: Set<OrderNode>): void {
    const name = this.isBid ? 'bids' : 'asks';
    if (this.byPx.size !== this.sorted.length) errors.push(`${name}: map/array level count differ`);
    for (let i = 0; i < this.sorted.length; i++) {
      const level = this.sorted[i]!;
      const prev = this.sorted[i - 1];
      if (prev !== undefined && (this.isBid ? !(prev.px < level.px) : !(prev.px > level.px))) {
        errors.push(`${name}: levels not strictly sorted at ${level.px}`);
      }
      if (this.byPx.get(level.px) !== level) errors.push(`${name}: level ${level.px} missing from map`);
      if (level.n <= 0 || level.head === undefined) errors.push(`${name}: empty level ${level.px}`);
      let n = 0;
      let sz = 0n;
      let back: OrderNode | undefined;
      let lastSeq = -Infinity;
      for (let node = level.head; node !== undefined; node = node.next) {
        if (node.prev !== back) errors.push(`${name}: broken prev link in ${level.px}`);
        if (node.level !== level) errors.push(`${name}: node ${node.o.oid} has wrong level`);
        if (node.o.px !== level.px) errors.push(`${name}: order ${node.o.oid} px != level px`);
        if (node.o.isBuy !== this.isBid) errors.push(`${name}: order ${node.o.oid} on wrong side`);
        if (node.o.sz <= 0n) errors.push(`${name}: order ${node.o.oid} has non-positive size`);
        if (node.o.seq <= lastSeq) errors.push(`${name}: FIFO out of seq order at ${level.px}`);
        if (node.o.sz + node.o.filled !== node.o.origSz) errors.push(`order ${node.o.oid}: sz+filled != origSz`);
        lastSeq = node.o.seq;
        seen.add(node);
        n++;
        sz += node.o.sz;
        back = node;
        if (n > 1e7) break;
      }
      if (level.tail !== back) errors.push(`${name}: tail mismatch at ${level.px}`);
      if (n !== level.n) errors.push(`${name}: level ${level.px} count ${level.n} != ${n}`);
      if (sz !== level.sz) errors.push(`${name}: level ${level.px} size ${level.sz} != ${sz}`);
    }
  }
}
