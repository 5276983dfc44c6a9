import * as v from 'valibot';
import { isDataMessage, keyOfMessage } from '../client/wsSubscriptions.js';
import { DEFAULT_CAPS } from '../feed/caps.js';
import { Coalescer } from '../feed/coalescer.js';
import { INFO_QUERIES, ServerMessage, type Configs, type InfoType } from '../protocol/wire/index.js';
import { parseTimeBound } from '../history/timeBound.js';
import { readRecordings, RecordingError, recordingFiles, type ReadOptions } from '../record/readRecording.js';

export { RecordingError };
import type { RecordingFile } from '../record/recordingFiles.js';
import type { LineKind } from '../record/recordingLine.js';
import { applyBatch } from '../state/applyBatch.js';
import { createAppStore, type AppStore } from '../state/store.js';
import type { AppState } from '../state/types.js';

/**
 * A recording (docs/recording.md) played into a session's store, in place of the WebSocket
 * and the `/info` polls: each line goes the way its live message went, through a coalescer
 * into the store (`applyBatch`), with the recorded receive time as the store's clock. Play,
 * pause, one message at a time, speed, and seek.
 *
 * Seek is fast whatever the length: a pass over the whole recording in the background (in
 * slices, so the screen stays live) keeps the store's market, account and orders every
 * CHECKPOINT_LINES lines. A seek puts the nearest checkpoint before the time back and plays
 * the lines from it to the time (at most CHECKPOINT_LINES): the book is a full snapshot per
 * message, and the trades, candles and orders are the store's as they were.
 */

/** One line of the recording, kept as read (parsed again when played). */
interface Line {
  us: number;
  kind: LineKind;
  message: string;
}

/** The store's parts a recording writes and a checkpoint keeps. */
type Kept = Pick<AppState, 'market' | 'account' | 'orders'>;

interface Checkpoint {
  /** The lines before this index are in `state`. */
  index: number;
  state: Kept;
}

const CHECKPOINT_LINES = 1_000;
/** Lines the background pass and a play at `max` handle before giving the event loop back. */
const SLICE_LINES = 2_000;
/**
 * At a finite speed, one played frame this often (the live coalescer's interval), with every
 * line that fell due since. Not sooner when the next line is near: a busy recording at 50x
 * has a line due every few microseconds of the wall clock, and a frame per line cost a whole
 * core; one frame every 100 ms costs a quarter of one (docs/recording.md).
 */
const FRAME_MS = 100;

/** The speeds `+` and `-` step through; Infinity is "as fast as the screen takes it". */
export const REPLAY_SPEEDS: readonly number[] = [0.5, 1, 2, 5, 10, 50, Infinity];

export interface ReplayStatus {
  /** The recorded time now shown, µs since the epoch. */
  nowUs: number;
  startUs: number;
  endUs: number;
  playing: boolean;
  speed: number;
  /** Lines played of `lines`. */
  position: number;
  lines: number;
  ended: boolean;
}

const InfoLine = v.object({ request: v.looseObject({ type: v.string() }), data: v.unknown() });
const HeaderLine = v.looseObject({ account: v.optional(v.string()), configs: v.optional(v.unknown()) });

/** The subscriptions a replay has seen data on: live as recorded, what the panes judge staleness by. */
type Channels = Record<string, 'live'>;

/** Routes one recorded line to a coalescer; false when it was not a message the store takes. */
function applyLine(c: Coalescer, l: Line, ms: number, channels: Channels): boolean {
  let json: unknown;
  try {
    json = l.kind === 'disconnect' ? undefined : JSON.parse(l.message);
  } catch {
    return false;
  }
  if (l.kind === 'ws') {
    const m = v.safeParse(ServerMessage, json);
    if (!m.success || !isDataMessage(m.output)) return false;
    c.push(m.output);
    const key = keyOfMessage(m.output) ?? m.output.channel;
    if (channels[key] === undefined) {
      channels[key] = 'live';
      c.session({ connection: 'open', channels: { ...channels } });
    }
    return true;
  }
  if (l.kind === 'header') {
    const h = v.safeParse(HeaderLine, json);
    if (!h.success) return false;
    const configs = v.safeParse(INFO_QUERIES.configs.result, h.output.configs);
    if (configs.success) c.configs(configs.output);
    return true;
  }
  if (l.kind === 'disconnect') {
    c.session({ connection: 'reconnecting' });
    return true;
  }
  if (l.kind !== 'info') return false;
  const line = v.safeParse(InfoLine, json);
  if (!line.success) return false;
  const type = line.output.request.type;
  if (!(type in INFO_QUERIES)) return false;
  const parsed = v.safeParse(INFO_QUERIES[type as InfoType].result, line.output.data);
  if (!parsed.success) return false;
  const ok = { lastOk: ms, lastError: null };
  const value = parsed.output as never;
  switch (type as InfoType) {
    case 'configs':
      c.configs(value);
      break;
    case 'marketState':
      c.marketState(value);
      c.poll('marketState', ok);
      break;
    case 'l2Book':
      c.book(value);
      break;
    case 'candleSnapshot': {
      const req = line.output.request as { contractId?: number; interval?: string };
      const bars = parsed.output as { length: number };
      if (typeof req.contractId === 'number' && typeof req.interval === 'string' && bars.length >= 0) c.candles(req.contractId, req.interval as never, value);
      break;
    }
    case 'userAccount':
      c.account(value);
      c.poll('userAccount', ok);
      break;
    case 'userAgents':
      c.agents(value);
      c.poll('userAgents', ok);
      break;
    case 'shareGroupState':
      c.shareGroupDefs(value);
      c.poll('shareGroupState', ok);
      break;
    case 'userOrders':
      c.openOrders({ isSnapshot: true, orders: value });
      c.poll('userOrders', ok);
      break;
    default:
      return false;
  }
  // Any answer means the connection worked then: after a drop, the first answer says it is back.
  if (type !== 'configs') c.session({ connection: 'open' });
  return true;
}

/** What a recording's first header says: the account watched, the configs. */
export interface RecordingHead {
  account: string | undefined;
  configs: Configs | undefined;
}

const SNAPSHOT_LINE = /^\{"channel":"(l2Book|bbo)","data":\{"contractId":(\d+)/;

/**
 * The lines of [from, to) a later line of the range makes moot: a book or bbo snapshot of a
 * contract followed by another of it, where only the store after the range matters (a
 * checkpoint, a seek's end). The coalescer would keep the last one anyway; not parsing the
 * others is most of a long seek's or the first pass's work.
 */
function mootSnapshots(lines: readonly Line[], from: number, to: number): Set<number> {
  const moot = new Set<number>();
  const last = new Map<string, number>();
  for (let i = to - 1; i >= from; i--) {
    const m = lines[i]!.kind === 'ws' ? SNAPSHOT_LINE.exec(lines[i]!.message) : null;
    if (!m) continue;
    const key = `${m[1]}:${m[2]}`;
    if (last.has(key)) moot.add(i);
    else last.set(key, i);
  }
  return moot;
}

/** A coalescer that never flushes by itself: the replay flushes when a frame is due. */
function manualCoalescer(store: AppStore, clock: () => number): Coalescer {
  const c = new Coalescer({ sink: (b) => store.setState(applyBatch(store.getState(), b, DEFAULT_CAPS, clock())) });
  c.stop();
  return c;
}

function keptOf(s: AppState): Kept {
  return { market: s.market, account: s.account, orders: s.orders };
}

export class ReplayFeed {
  private readonly coalescer: Coalescer;
  private readonly channels: Channels = {};
  private readonly checkpoints: Checkpoint[] = [];
  /** The background pass has kept checkpoints of the lines before this index. */
  private built = 0;
  private readonly waiting: { index: number; resolve: () => void }[] = [];
  private position = 0;
  private nowUs: number;
  private playing = false;
  private speed = 1;
  private anchor = { us: 0, at: 0 };
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly listeners = new Set<() => void>();
  private statusCache: ReplayStatus | undefined;

  /** Reads every line of the files (streaming; the lines are kept, as text). */
  static async load(files: readonly RecordingFile[], o: Pick<ReadOptions, 'fromUs' | 'toUs' | 'onWarning'>): Promise<Line[]> {
    const lines: Line[] = [];
    for await (const l of readRecordings(files, o)) if (l.kind !== 'dropped') lines.push({ us: l.us, kind: l.kind, message: l.message });
    return lines;
  }

  /** The first header's account and configs: what the session starts with. */
  static headOf(lines: readonly Line[]): RecordingHead {
    const first = lines.find((l) => l.kind === 'header');
    if (!first) return { account: undefined, configs: undefined };
    const h = v.safeParse(HeaderLine, JSON.parse(first.message));
    const configs = h.success ? v.safeParse(INFO_QUERIES.configs.result, h.output.configs) : undefined;
    return { account: h.success ? h.output.account : undefined, configs: configs?.success ? configs.output : undefined };
  }

  constructor(
    private readonly lines: readonly Line[],
    private readonly store: AppStore,
  ) {
    if (lines.length === 0) throw new Error('the recording has no lines');
    this.nowUs = lines[0]!.us;
    this.coalescer = manualCoalescer(store, () => Math.floor(this.nowUs / 1000));
    this.checkpoints.push({ index: 0, state: keptOf(store.getState()) });
    this.built = 0;
    void this.buildCheckpoints();
  }

  /** The recorded time now, ms since the epoch: the clock of ages and stale marks. */
  nowMs(): number {
    return Math.floor(this.nowUs / 1000);
  }

  status(): ReplayStatus {
    this.statusCache ??= {
      nowUs: this.nowUs,
      startUs: this.lines[0]!.us,
      endUs: this.lines[this.lines.length - 1]!.us,
      playing: this.playing,
      speed: this.speed,
      position: this.position,
      lines: this.lines.length,
      ended: this.position >= this.lines.length,
    };
    return this.statusCache;
  }

  readonly subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  play(): void {
    if (this.closed || this.playing) return;
    if (this.position >= this.lines.length) return this.changed();
    this.playing = true;
    this.anchor = { us: this.nowUs, at: performance.now() };
    this.changed();
    this.schedule(0);
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.changed();
  }

  /** Play or pause; at the end, play again from the start. */
  toggle(): void {
    if (this.playing) this.pause();
    else if (this.position >= this.lines.length) void this.seek(this.lines[0]!.us).then(() => this.play());
    else this.play();
  }

  /** One message (a header or a drop mark is passed over with the message after it); paused. */
  step(): void {
    this.pause();
    while (this.position < this.lines.length) {
      const l = this.lines[this.position]!;
      this.applyAt(this.position);
      if (l.kind === 'ws' || l.kind === 'info') break;
    }
    this.coalescer.flush();
    this.changed();
  }

  /** The next speed up (+1) or down (-1) of REPLAY_SPEEDS. */
  stepSpeed(dir: 1 | -1): void {
    const i = REPLAY_SPEEDS.indexOf(this.speed);
    this.setSpeed(REPLAY_SPEEDS[Math.max(0, Math.min(REPLAY_SPEEDS.length - 1, i + dir))]!);
  }

  setSpeed(speed: number): void {
    this.speed = speed;
    this.anchor = { us: this.nowUs, at: performance.now() };
    this.changed();
  }

  /**
   * Shows the recording as it was at `us` (clamped to the recording): every line received up
   * to then played, from the nearest checkpoint before it. Resolves once the store holds it.
   */
  async seek(us: number): Promise<void> {
    const target = Math.max(this.lines[0]!.us, Math.min(this.lines[this.lines.length - 1]!.us, us));
    const end = this.indexAfter(target);
    await this.builtTo(end);
    if (this.closed) return;
    const cp = this.checkpointBefore(end);
    // Forward within a checkpoint's reach: on from here; else from the checkpoint.
    if (!(end >= this.position && end - this.position <= end - cp.index)) {
      const s = this.store.getState();
      // The contract in view stays the screen's; the rest is the recording's at the checkpoint.
      this.store.setState({ ...cp.state, market: { ...cp.state.market, selected: s.market.selected } });
      this.coalescer.resetDedupe();
      this.position = cp.index;
    }
    const moot = mootSnapshots(this.lines, this.position, end);
    for (let i = this.position; i < end; i++) {
      if (moot.has(i)) this.position = i + 1;
      else this.applyAt(i);
    }
    this.nowUs = target;
    this.coalescer.flush();
    this.anchor = { us: this.nowUs, at: performance.now() };
    this.changed();
  }

  /** The time a seek text names: `HH:MM:SS` (UTC, the day of the recording), `HH:MM`, or `NN%`; undefined if none. */
  timeOf(text: string): number | undefined {
    const { startUs, endUs } = this.status();
    const t = text.trim();
    const pct = /^(\d{1,3}(?:\.\d+)?)%$/.exec(t);
    if (pct) {
      const p = Number(pct[1]);
      return p > 100 ? undefined : Math.round(startUs + ((endUs - startUs) * p) / 100);
    }
    const hms = /^(\d{1,2}):(\d{2})(?::(\d{2}(?:\.\d{1,6})?))?$/.exec(t);
    if (!hms) return undefined;
    const [h, m, s] = [Number(hms[1]), Number(hms[2]), Number(hms[3] ?? 0)];
    if (h > 23 || m > 59 || s >= 60) return undefined;
    const dayUs = 86_400_000_000;
    const ofDay = ((h * 60 + m) * 60 + s) * 1_000_000;
    // The first such time of day at or after the recording's first day (a recording may pass midnight).
    let at = Math.floor(startUs / dayUs) * dayUs + ofDay;
    while (at < startUs - 1_000_000 && at + dayUs <= endUs + 1_000_000) at += dayUs;
    return at;
  }

  close(): void {
    this.closed = true;
    this.pause();
    for (const w of this.waiting.splice(0)) w.resolve();
    this.listeners.clear();
  }

  private applyAt(i: number): void {
    const l = this.lines[i]!;
    this.nowUs = Math.max(this.nowUs, l.us);
    applyLine(this.coalescer, l, Math.floor(l.us / 1000), this.channels);
    this.position = i + 1;
  }

  /** The index of the first line received after `us`. */
  private indexAfter(us: number): number {
    let lo = 0;
    let hi = this.lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.lines[mid]!.us <= us) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private checkpointBefore(index: number): Checkpoint {
    let best = this.checkpoints[0]!;
    for (let lo = 0, hi = this.checkpoints.length - 1; lo <= hi; ) {
      const mid = (lo + hi) >>> 1;
      if (this.checkpoints[mid]!.index <= index) {
        best = this.checkpoints[mid]!;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return best;
  }

  private builtTo(index: number): Promise<void> {
    if (this.built >= Math.min(index, this.lines.length) - CHECKPOINT_LINES || this.built >= this.lines.length) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ index, resolve }));
  }

  /** The background pass: the whole recording into a scratch store, a checkpoint every CHECKPOINT_LINES lines. */
  private async buildCheckpoints(): Promise<void> {
    const scratch = createAppStore();
    let clock = 0;
    const c = manualCoalescer(scratch, () => clock);
    const channels: Channels = {};
    for (let i = 0; i < this.lines.length && !this.closed; ) {
      const stop = Math.min(this.lines.length, i + SLICE_LINES);
      let moot = new Set<number>();
      for (; i < stop; i++) {
        // What the next checkpoint keeps is the store after its window: a snapshot superseded within it is moot.
        if (i % CHECKPOINT_LINES === 0) moot = mootSnapshots(this.lines, i, Math.min(this.lines.length, i + CHECKPOINT_LINES));
        const l = this.lines[i]!;
        clock = Math.floor(l.us / 1000);
        if (!moot.has(i)) applyLine(c, l, clock, channels);
        if ((i + 1) % CHECKPOINT_LINES === 0) {
          c.flush();
          this.checkpoints.push({ index: i + 1, state: keptOf(scratch.getState()) });
        }
      }
      this.built = i;
      for (let w = this.waiting.length - 1; w >= 0; w--) {
        const wait = this.waiting[w]!;
        if (this.built >= Math.min(wait.index, this.lines.length) - CHECKPOINT_LINES || this.built >= this.lines.length) {
          this.waiting.splice(w, 1);
          wait.resolve();
        }
      }
      await new Promise((r) => setImmediate(r));
    }
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.playing || this.closed) return;
    if (this.speed === Infinity) {
      const stop = Math.min(this.lines.length, this.position + SLICE_LINES);
      while (this.position < stop) this.applyAt(this.position);
    } else {
      const due = this.anchor.us + (performance.now() - this.anchor.at) * 1000 * this.speed;
      while (this.position < this.lines.length && this.lines[this.position]!.us <= due) this.applyAt(this.position);
      this.nowUs = Math.max(this.nowUs, Math.min(due, this.lines[this.lines.length - 1]!.us));
    }
    this.coalescer.flush();
    if (this.position >= this.lines.length) {
      this.playing = false;
      this.changed();
      return;
    }
    this.changed();
    if (this.speed === Infinity) return this.schedule(0);
    // One frame a frame's time: what fell due since is played at once, as the live coalescer does.
    this.schedule(FRAME_MS);
  }

  private changed(): void {
    this.statusCache = undefined;
    for (const fn of this.listeners) fn();
  }
}

/**
 * The lines of a recording for a replay screen: a file, a folder, within `--from` / `--to`
 * (`15m`, `4h`, `1d` back from now, or an ISO time). A path or time that reads nothing throws
 * a RecordingError saying so.
 */
export async function loadRecording(path: string, o: { from?: string; to?: string; onWarning(message: string): void }): Promise<Line[]> {
  const bound = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const ms = parseTimeBound(text, Date.now());
    if (ms === undefined) throw new RecordingError(`--${name} must be a time back from now (90s, 15m, 4h, 1d) or an ISO time (2026-05-12T14:03:07Z)`);
    return ms * 1000;
  };
  const fromUs = bound('from', o.from);
  const toUs = bound('to', o.to);
  const range = { ...(fromUs !== undefined ? { fromUs } : {}), ...(toUs !== undefined ? { toUs } : {}) };
  const files = recordingFiles(path, range);
  if (files.length === 0) throw new RecordingError(`no recordings in ${path} between the times asked`);
  const lines = await ReplayFeed.load(files, { ...range, onWarning: o.onWarning });
  if (!lines.some((l) => l.kind === 'ws' || l.kind === 'info')) throw new RecordingError(`no messages in ${path}${fromUs !== undefined || toUs !== undefined ? ' between the times asked' : ''}`);
  return lines;
}

/** The contract a recording watched first (its first book's), by name; else undefined. */
export function recordedContract(lines: readonly Line[], configs: Configs | undefined): string | undefined {
  for (const l of lines) {
    const m = /^\{"channel":"l2Book","data":\{"contractId":(\d+)/.exec(l.message);
    if (m) return configs?.contracts.find((c) => c.contractId === Number(m[1]))?.name;
  }
  return undefined;
}
