/**
 * A set that forgets its oldest members past a capacity. Used to drop trades and fills
 * already seen (a resubscribe snapshot repeats recent ones) without growing forever.
 */
export class BoundedSet<T> {
  private readonly items = new Set<T>();

  constructor(readonly capacity: number) {
    if (!(capacity > 0)) throw new RangeError('capacity must be positive');
  }

  /** Adds the value; false when it was already present. */
  add(value: T): boolean {
    if (this.items.has(value)) return false;
    this.items.add(value);
    if (this.items.size > this.capacity) {
      // Sets iterate in insertion order: the first value is the oldest.
      const oldest = this.items.values().next().value as T;
      this.items.delete(oldest);
    }
    return true;
  }

  has(value: T): boolean {
    return this.items.has(value);
  }

  get size(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }
}
