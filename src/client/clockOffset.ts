/**
 * Estimates server time minus local time from request/response timings.
 *
 * Each sample bounds the offset: the server read its clock somewhere between our send and
 * our receive, and a Date header only tells the second it was in. Intersecting the bounds
 * of recent samples narrows the estimate the way NTP filters do, without trusting any
 * single round trip. When the intersection goes empty (the local clock jumped) the
 * history is dropped and the estimate restarts from the newest sample.
 */
export interface ClockSample {
  sentAt: number;
  receivedAt: number;
  /** Earliest and latest server time the response could have been stamped at. */
  serverLow: number;
  serverHigh: number;
}

export interface NonceWindow {
  /** How far behind server time a nonce may be (open-points: 2 days). */
  pastMs: number;
  /** How far ahead (open-points: 1 day). */
  futureMs: number;
}

export const DEFAULT_NONCE_WINDOW: NonceWindow = { pastMs: 2 * 86_400_000, futureMs: 86_400_000 };

export interface ClockStatus {
  /** Best estimate of server - local, ms; undefined before the first sample. */
  offsetMs: number | undefined;
  /** Half-width of the interval the true offset lies in. */
  uncertaintyMs: number | undefined;
  /** Set when local-clock nonces are near or outside the accepted window. */
  warning: string | undefined;
}

interface Bounds {
  low: number;
  high: number;
}

export class ClockOffset {
  private readonly samples: Bounds[] = [];
  private lastRtt: number | undefined;

  constructor(
    private readonly window: NonceWindow = DEFAULT_NONCE_WINDOW,
    /** Warn this long before the edge of the window is reached. */
    private readonly marginMs = 3_600_000,
    private readonly maxSamples = 32,
  ) {}

  sample(s: ClockSample): void {
    if (!(s.receivedAt >= s.sentAt) || !(s.serverHigh >= s.serverLow)) return;
    this.lastRtt = s.receivedAt - s.sentAt;
    const b = { low: s.serverLow - s.receivedAt, high: s.serverHigh - s.sentAt };
    this.samples.push(b);
    if (this.samples.length > this.maxSamples) this.samples.shift();
    if (!this.intersection()) this.samples.splice(0, this.samples.length - 1);
  }

  /** A Date header is whole seconds: the server's clock was in [date, date + 1000). */
  sampleDateHeader(sentAt: number, receivedAt: number, serverDate: number): void {
    this.sample({ sentAt, receivedAt, serverLow: serverDate, serverHigh: serverDate + 999 });
  }

  get latencyMs(): number | undefined {
    return this.lastRtt;
  }

  status(): ClockStatus {
    const b = this.intersection();
    if (!b) return { offsetMs: undefined, uncertaintyMs: undefined, warning: undefined };
    const offsetMs = Math.round((b.low + b.high) / 2);
    const uncertaintyMs = Math.ceil((b.high - b.low) / 2);
    return { offsetMs, uncertaintyMs, warning: this.warningFor(b) };
  }

  private intersection(): Bounds | undefined {
    if (this.samples.length === 0) return undefined;
    let low = -Infinity;
    let high = Infinity;
    for (const s of this.samples) {
      low = Math.max(low, s.low);
      high = Math.min(high, s.high);
    }
    return low <= high ? { low, high } : undefined;
  }

  private warningFor(b: Bounds): string | undefined {
    // A local-clock nonce sits at -offset from server time. Judge by the worst end of the bounds.
    const ahead = -b.low;
    const behind = b.high;
    if (ahead > this.window.futureMs - this.marginMs) {
      const state = ahead > this.window.futureMs ? 'is rejecting' : 'will soon reject';
      return `local clock is ${humanMs(ahead)} ahead of the exchange; the exchange ${state} nonces more than ${humanMs(this.window.futureMs)} ahead (NONCE_INVALID). Fix the system clock.`;
    }
    if (behind > this.window.pastMs - this.marginMs) {
      const state = behind > this.window.pastMs ? 'is rejecting' : 'will soon reject';
      return `local clock is ${humanMs(behind)} behind the exchange; the exchange ${state} nonces more than ${humanMs(this.window.pastMs)} old (NONCE_INVALID). Fix the system clock.`;
    }
    return undefined;
  }
}

export function humanMs(ms: number): string {
  const abs = Math.abs(ms);
  const d = Math.floor(abs / 86_400_000);
  const h = Math.floor((abs % 86_400_000) / 3_600_000);
  const m = Math.floor((abs % 3_600_000) / 60_000);
  const s = Math.floor((abs % 60_000) / 1000);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s}s`;
  return `${(abs / 1000).toFixed(1)}s`;
}
