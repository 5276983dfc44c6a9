/**
 * An index that follows a tape of past prices instead of the random walk (`--replay-market`,
 * docs/recording.md "Paper trading a past session"): each block the index of every contract
 * the tape has priced is set to the tape's last price at or before the replay's position,
 * and the makers quote around it as they quote around the walk. The tape is read ahead in
 * the background, a bounded stretch at a time, so a long recording never sits in memory.
 *
 * The replay's position is the tape's first time plus the exchange time since the start
 * times the speed; the exchange's own clock (funding, expiries) stays its own. After the
 * tape's last price each followed index holds where it is, and the log says so once. Every
 * line it logs starts with `market replay:` (the dashboard shows those as notices).
 */
import { DecimalError, parseDecimal } from '../../protocol/index.js';
import type { ExchangeCore } from '../core.js';

/** One price of the tape: its time (µs since the epoch), the contract by name, the decimal text as recorded. */
export interface PricePoint {
  us: number;
  contract: string;
  px: string;
}

export interface PriceTape {
  /** Where the tape comes from, for messages (a path). */
  source: string;
  /** In time order. */
  points: AsyncIterable<PricePoint>;
  /** The contract names the tape says it holds (a recording's headers), read once the first point is; for the error when none is known. */
  contracts(): readonly string[];
}

/** The index source the block loop asks each block; the contracts it follows do not walk. */
export interface IndexFeed {
  /** Before the bots are made: the contracts mapped, the first price read (and set). Throws IndexFeedError. */
  attach(core: ExchangeCore): Promise<void>;
  /** Whether the index of this contract follows the feed (the walk stands still). */
  follows(contractId: number): boolean;
  /** Once a block, before the bots act: sets the index of each followed contract that moved. */
  step(now: number): void;
  /** One line for a log or a face: what is followed, from where, how fast. */
  describe(): string;
  close(): void;
}

/** A tape that cannot be followed: its message says why, for the user. */
export class IndexFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexFeedError';
  }
}

/** Points read ahead of the position, at most. */
const READ_AHEAD_POINTS = 5_000;

export interface FollowOptions {
  /** Times real time (> 0). */
  speed: number;
  /** A tape that ends says so (and a price that does not fit a contract is skipped, said once). */
  log?: (line: string) => void;
}

export interface FeedStatus {
  /** The tape's time the replay stands at (µs). */
  positionUs: number;
  ended: boolean;
  /** Names of the contracts followed so far. */
  contracts: string[];
}

function isoSecond(us: number): string {
  return `${new Date(Math.floor(us / 1000)).toISOString().slice(0, 19)}Z`;
}

/** A decimal text at the venue's price scale, rounded to the nearest unit when it has more places. */
function priceAt(text: string, scale: number): bigint {
  try {
    return parseDecimal(text, scale, 'px');
  } catch (e) {
    if (!(e instanceof DecimalError)) throw e;
    const m = /^(\d+)\.(\d+)$/.exec(text);
    if (!m) throw e;
    const digits = m[2]!.padEnd(scale + 1, '0');
    const raw = BigInt(m[1]! + digits.slice(0, scale));
    return digits[scale]! >= '5' ? raw + 1n : raw;
  }
}

/** Follows a PriceTape at a speed: the IndexFeed of `--replay-market`. */
export class FollowedIndex implements IndexFeed {
  private core: ExchangeCore | undefined;
  private readonly byName = new Map<string, { contractId: number; scale: number; tick: bigint }>();
  private readonly followed = new Set<number>();
  private readonly queue: { us: number; contractId: number; px: bigint }[] = [];
  private head = 0;
  private iterator: AsyncIterator<PricePoint> | undefined;
  private done = false;
  private closed = false;
  private startUs = 0;
  private originMs = 0;
  private positionUs = 0;
  private lastUs = 0;
  private endSaid = false;
  private readonly skipped = new Set<string>();
  private wake: (() => void) | undefined;

  constructor(
    private readonly tape: PriceTape,
    private readonly opts: FollowOptions,
  ) {
    if (!(opts.speed > 0) || !Number.isFinite(opts.speed)) throw new RangeError('speed must be a positive number');
  }

  async attach(core: ExchangeCore): Promise<void> {
    this.core = core;
    for (const c of core.config.contracts.values()) {
      if (core.config.contractStatus(c.contractId) === 'Active') this.byName.set(c.name, { contractId: c.contractId, scale: c.priceScale, tick: c.tickSize });
    }
    this.iterator = this.tape.points[Symbol.asyncIterator]();
    // The first price of a contract the venue lists: where the replay starts.
    while (this.queue.length === 0) {
      let r: IteratorResult<PricePoint>;
      try {
        r = await this.iterator.next();
      } catch (e) {
        throw new IndexFeedError(e instanceof Error ? e.message : String(e));
      }
      if (r.done) {
        this.done = true;
        const has = this.tape.contracts();
        const known = has.filter((n) => this.byName.has(n));
        throw new IndexFeedError(
          known.length === 0
            ? `${this.tape.source}: no contract of the recording is listed by this venue (the recording: ${has.join(', ') || 'none'}; the venue: ${[...this.byName.keys()].join(', ')})`
            : `${this.tape.source}: no mark or trade of ${known.join(', ')} in the recording`,
        );
      }
      this.take(r.value);
    }
    this.startUs = this.queue[0]!.us;
    this.originMs = core.clock.now();
    this.positionUs = this.startUs;
    this.apply(this.startUs);
    void this.readAhead();
  }

  follows(contractId: number): boolean {
    return this.followed.has(contractId);
  }

  step(now: number): void {
    if (!this.core) return;
    this.positionUs = this.startUs + Math.max(0, now - this.originMs) * 1000 * this.opts.speed;
    this.apply(this.positionUs);
    if (this.queue.length - this.head < READ_AHEAD_POINTS) this.wake?.();
    if (this.done && this.head >= this.queue.length && this.positionUs >= this.lastUs && !this.endSaid) {
      this.endSaid = true;
      this.opts.log?.(`market replay: ${this.tape.source} ended at ${isoSecond(this.lastUs)}; the index holds the last price`);
    }
  }

  describe(): string {
    const s = this.status();
    return `market replay: ${s.contracts.join(', ') || 'no contract yet'} following ${this.tape.source} at ${this.opts.speed}x from ${isoSecond(s.positionUs)}`;
  }

  status(): FeedStatus {
    const names = [...this.byName].filter(([, c]) => this.followed.has(c.contractId)).map(([n]) => n);
    return { positionUs: this.positionUs, ended: this.endSaid, contracts: names };
  }

  close(): void {
    this.closed = true;
    this.wake?.();
    void this.iterator?.return?.(undefined)?.catch(() => undefined);
  }

  /** Queues a point of a contract the venue lists (a price that does not fit it is said once and skipped). */
  private take(p: PricePoint): void {
    const c = this.byName.get(p.contract);
    if (!c) return;
    let px: bigint;
    try {
      px = priceAt(p.px, c.scale);
    } catch {
      if (!this.skipped.has(p.contract)) this.opts.log?.(`market replay: ${this.tape.source}: a price of ${p.contract} is not a decimal ("${p.px.slice(0, 40)}"); skipped`);
      this.skipped.add(p.contract);
      return;
    }
    // Snapped to the venue's tick, as the walk's index always is.
    px = ((px + c.tick / 2n) / c.tick) * c.tick;
    if (px <= 0n) return;
    this.queue.push({ us: p.us, contractId: c.contractId, px });
    this.lastUs = Math.max(this.lastUs, p.us);
  }

  /** Sets each contract's index to its last price at or before `us`. */
  private apply(us: number): void {
    const core = this.core!;
    const latest = new Map<number, bigint>();
    while (this.head < this.queue.length && this.queue[this.head]!.us <= us) {
      const p = this.queue[this.head++]!;
      latest.set(p.contractId, p.px);
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    for (const [contractId, px] of latest) {
      this.followed.add(contractId);
      if (core.indexPrices.get(contractId) !== px) core.indexPrices.set(contractId, px);
    }
  }

  private async readAhead(): Promise<void> {
    const it = this.iterator!;
    try {
      while (!this.closed) {
        if (this.queue.length - this.head >= READ_AHEAD_POINTS) {
          await new Promise<void>((r) => (this.wake = r));
          this.wake = undefined;
          continue;
        }
        const r = await it.next();
        if (r.done) break;
        this.take(r.value);
      }
    } catch (e) {
      this.opts.log?.(`market replay: ${this.tape.source}: reading stopped (${e instanceof Error ? e.message : String(e)}); the index holds the last price read`);
    } finally {
      this.done = true;
    }
  }
}

