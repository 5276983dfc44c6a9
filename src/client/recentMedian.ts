/**
 * The median of the last few samples: what the status bar shows as the round trip. One
 * request's round trip moves by a millisecond or two at each poll on loopback, and drawing
 * each was a frame a second of a screen that otherwise shows a still market; the median of
 * the last five follows a real change within three requests and holds through the jitter.
 */
export class RecentMedian {
  private readonly samples: number[] = [];
  private next = 0;

  constructor(private readonly size = 5) {}

  /** Adds a sample; returns the median of the kept ones (the lower middle of an even count). */
  push(x: number): number {
    if (this.samples.length < this.size) this.samples.push(x);
    else this.samples[this.next] = x;
    this.next = (this.next + 1) % this.size;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[(sorted.length - 1) >> 1]!;
  }
}
