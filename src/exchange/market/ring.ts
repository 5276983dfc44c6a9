/**
 * Fixed-capacity FIFO ring: pushing past capacity drops the oldest entry, so
 * histories kept by the market (closed candles) stay bounded however long the
 * exchange runs.
 */
export class Ring<T> {
  private readonly items: (T | undefined)[];
  private head = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`ring capacity must be a positive integer, got ${capacity}`);
    this.items = new Array<T | undefined>(capacity);
  }

  get length(): number {
    return this.size;
  }

  /** Appends; returns the entry that fell off the front, if any. */
  push(item: T): T | undefined {
    if (this.size < this.capacity) {
      this.items[(this.head + this.size) % this.capacity] = item;
      this.size++;
      return undefined;
    }
    const dropped = this.items[this.head];
    this.items[this.head] = item;
    this.head = (this.head + 1) % this.capacity;
    return dropped;
  }

  /** i = 0 is the oldest entry; undefined outside [0, length). */
  at(i: number): T | undefined {
    if (i < 0 || i >= this.size) return undefined;
    return this.items[(this.head + i) % this.capacity];
  }

  last(): T | undefined {
    return this.at(this.size - 1);
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.size; i++) out.push(this.items[(this.head + i) % this.capacity] as T);
    return out;
  }

  /** Index of the first entry for which `before` is false, given entries sorted so `before` is monotone (true then false). */
  partition(before: (item: T) => boolean): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.at(mid) as T)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
