import { Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { AnsiFrameParser } from './AnsiFrameParser.js';
import { frameString } from './assembleFrame.js';
import { FRAME_TOKEN_START, frameTokenEnd, frameTokenNumber, inkEraseLines, type CellFrameSink, type FrameChange } from './cellFrames.js';
import type { RegionCounts } from './regionCache.js';
import { FrameDiffer } from './FrameDiffer.js';
import type { ScreenBuffer } from './ScreenBuffer.js';

/** The real terminal: process.stdout, or anything with the same few members. */
export interface TerminalTarget {
  write(data: string): unknown;
  readonly columns?: number | undefined;
  readonly rows?: number | undefined;
  on?(event: 'resize', listener: () => void): unknown;
  off?(event: 'resize', listener: () => void): unknown;
  getColorDepth?(): number;
  hasColors?(count?: number): boolean;
}

export interface DiffingStdoutOptions {
  /** Wrap each frame in synchronized-output brackets (default true). */
  synchronized?: boolean;
  /**
   * After a resize, how long to wait for ink's next frame before repainting the
   * resized screen anyway, in ms (default 100). ink's frame normally comes first.
   */
  resizeSettleMs?: number;
}

export interface RenderStats {
  /** Bytes ink wrote. */
  bytesIn: number;
  /** Bytes written to the terminal. */
  bytesOut: number;
  /** Frames that changed something on the terminal. */
  frames: number;
  fullRepaints: number;
  /** Sequences from ink that could not be modelled and were ignored. */
  unknownSequences: number;
  /** Times an internal error made it fall back to repainting the last good frame. */
  recoveries: number;
}

/**
 * A stdout for ink that writes only what changed. Pass it as `render(tree, { stdout })`:
 * it looks like a TTY of the real terminal's size (columns, rows and 'resize' are
 * forwarded), applies everything ink writes to an in-memory screen, and at the end
 * of each frame (ink's synchronized-output bracket, or any write outside one) writes
 * the difference from the previous frame to the real terminal.
 *
 * It assumes the screen is its own from the top-left corner (run it in the
 * alternate screen, entered on the real stdout) and never throws from write(): an
 * internal error falls back to a full repaint of the last good frame.
 */
export class DiffingStdout extends Writable implements CellFrameSink {
  readonly isTTY = true;
  private readonly target: TerminalTarget;
  private readonly parser: AnsiFrameParser;
  private readonly differ: FrameDiffer;
  private readonly decoder = new StringDecoder('utf8');
  private readonly resizeSettleMs: number;
  private bytesIn = 0;
  private bytesOut = 0;
  private frames = 0;
  private recoveries = 0;
  private resizePending = false;
  private resizeTimer: NodeJS.Timeout | undefined;
  private syncCheck: NodeJS.Immediate | undefined;
  private attached = true;
  private readonly onTargetResize = (): void => this.handleResize();
  /** The newest frame's cells from the frame assembly (cellFrames.ts), drawn where ink writes its token. */
  private cells: ScreenBuffer | undefined;
  /** How those cells differ from the frame before them (cellFrames.ts). */
  private change: FrameChange | undefined;
  /**
   * What is known of the screen, to compare and copy only the rows a frame changed:
   * `shows`, the frame whose cells rows 0 .. of the screen hold (placed by the fast path
   * and nothing that draws written since); `flushed`, the frame they held when the diff last
   * ran (so the diff's last frame is that one); `diffRows`, set when the screen has changed
   * since that diff only by placing the next frame over it: the rows it changed.
   */
  private shows: { source: FrameChange; n: number } | undefined;
  private flushed: { source: FrameChange; n: number } | undefined;
  private diffRows: Uint8Array | undefined;
  private readonly rowScratch = { rows: new Uint8Array(0) };
  private readonly regions: RegionCounts = { drawn: 0, kept: 0 };

  constructor(target: TerminalTarget, options: DiffingStdoutOptions = {}) {
    super({ decodeStrings: false });
    this.target = target;
    this.resizeSettleMs = options.resizeSettleMs ?? 100;
    this.differ = new FrameDiffer({ synchronized: options.synchronized ?? true });
    this.parser = new AnsiFrameParser(this.columns, this.rows);
    target.on?.('resize', this.onTargetResize);
  }

  get columns(): number {
    const cols = this.target.columns;
    return cols !== undefined && cols > 0 ? cols : 80;
  }

  get rows(): number {
    const rows = this.target.rows;
    return rows !== undefined && rows > 0 ? rows : 24;
  }

  getWindowSize(): [number, number] {
    return [this.columns, this.rows];
  }

  getColorDepth(): number {
    return this.target.getColorDepth?.() ?? 8;
  }

  hasColors(count = 16): boolean {
    return this.target.hasColors?.(count) ?? 2 ** this.getColorDepth() >= count;
  }

  /** What the terminal shows once pending output is flushed (read-only, for tests and snapshots). */
  get screen(): ScreenBuffer {
    return this.parser.screen;
  }

  /** The frame assembly hands over each frame's cells (ink then writes the frame's token). */
  perpdeskFrame(cells: ScreenBuffer, regions: RegionCounts | undefined, change?: FrameChange): void {
    this.cells = cells;
    this.change = change;
    if (regions) {
      this.regions.drawn += regions.drawn;
      this.regions.kept += regions.kept;
    }
  }

  /** Regions drawn afresh and drawn from kept cells over this screen's frames (src/ui/render/regionCache.ts). */
  regionStats(): RegionCounts {
    return { ...this.regions };
  }

  get stats(): RenderStats {
    return {
      bytesIn: this.bytesIn,
      bytesOut: this.bytesOut,
      frames: this.frames,
      fullRepaints: this.differ.fullRepaints,
      unknownSequences: this.parser.unknownSequences,
      recoveries: this.recoveries,
    };
  }

  override _write(chunk: unknown, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? this.decoder.write(chunk) : String(chunk);
    this.accept(text);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.detach();
    callback(error);
  }

  /** Writes whatever changed since the last frame now. */
  flush(): void {
    this.clearTimers();
    this.resizePending = false;
    try {
      this.output(this.nextFrame());
    } catch {
      this.recover();
      try {
        this.output(this.nextFrame());
      } catch {
        // Nothing sensible left to write for this frame; the next one repaints.
        this.differ.invalidate();
      }
    }
  }

  /**
   * Writes what is pending, then returns the whole screen as a terminal that joins now must be
   * drawn to follow the frames written from here on (FrameDiffer.catchUp).
   */
  catchUp(): string {
    this.flush();
    return this.differ.catchUp();
  }

  /** Makes the next frame a full repaint (after something else wrote to the terminal). */
  invalidate(): void {
    this.differ.invalidate();
  }

  /** Stops following the real terminal's resizes and cancels pending work. */
  detach(): void {
    this.clearTimers();
    if (this.attached) this.target.off?.('resize', this.onTargetResize);
    this.attached = false;
  }

  private accept(text: string): void {
    this.bytesIn += Buffer.byteLength(text);
    const endsBefore = this.parser.syncEnds;
    try {
      this.syncSize();
      this.parse(text);
    } catch {
      this.recover();
    }
    const frameEnded = this.parser.syncEnds !== endsBefore && !this.parser.synchronized;
    // An empty write is ink's barrier before it resolves exit: everything must be out.
    if (frameEnded || text === '') return this.flush();
    if (this.parser.synchronized) return this.checkStuckFrame();
    if (this.resizePending) return this.settleAfterResize();
    this.flush();
  }

  /** Nothing known of the screen's rows any more (something else drew on it). */
  private forget(): void {
    this.shows = undefined;
    this.flushed = undefined;
    this.diffRows = undefined;
  }

  /** ink's output, where a frame token stands for the cells handed over before it (cellFrames.ts). */
  private parse(text: string): void {
    const at = this.cells === undefined ? -1 : text.indexOf(FRAME_TOKEN_START);
    const end = at < 0 ? -1 : frameTokenEnd(text, at);
    if (end < 0) {
      if (!this.parser.idle || !drawsNothing(text)) {
        this.shows = undefined;
        this.diffRows = undefined;
      }
      return this.parser.write(text);
    }
    const cells = this.cells!;
    let rest = end;
    if (!this.placeInkFrame(text, at, end, cells)) {
      this.shows = undefined;
      this.diffRows = undefined;
      if (at > 0) this.parser.write(text.slice(0, at));
      if (!this.parser.placeFrame(cells)) {
        // Where the cells cannot simply be placed, the frame's text draws them, line breaks and all.
        this.parser.write(frameString(cells));
        let breaks = cells.rows - 1;
        while (breaks > 0 && text.charCodeAt(rest) === 0x0a) {
          rest++;
          breaks--;
        }
      }
    }
    if (rest >= text.length) return;
    // The line breaks after the token, most often all that follows it.
    let feeds = 0;
    while (rest + feeds < text.length && text.charCodeAt(rest + feeds) === 0x0a) feeds++;
    if (rest + feeds === text.length && this.parser.lineFeeds(feeds)) return;
    this.parse(text.slice(rest));
  }

  /**
   * What ink writes for a frame, ansi-escapes' eraseLines then the token, drawn without
   * reading the erase sequence; when the screen shows the frame these cells were compared
   * with, only the rows that changed are copied, and the diff is told which they are.
   * False, with nothing done, when the text or the screen is anything else.
   */
  private placeInkFrame(text: string, at: number, end: number, cells: ScreenBuffer): boolean {
    const erased = inkEraseLines(text, at);
    if (erased < 0) return false;
    const change = this.change;
    const shows = this.shows;
    const n = change === undefined ? -1 : frameTokenNumber(text, at, end);
    const top = this.parser.eraseLinesTop(erased);
    // The erase goes down to the cursor's row, which may lie below the frame.
    const bottom = this.parser.cursorRow;
    const known =
      change !== undefined &&
      shows !== undefined &&
      shows.source === change &&
      change.n === n &&
      change.base >= 0 &&
      shows.n === change.base &&
      change.changed.length === cells.rows &&
      top === 0;
    if (!this.parser.eraseLinesAndPlace(cells, erased, known ? change.changed : undefined)) return false;
    const flushed = this.flushed;
    if (known && flushed !== undefined && flushed.source === change && flushed.n === change.base) {
      // Kept for the diff, as rows of the screen (those below the frame did not change); the
      // change's own rows are the source's to reuse at its next frame.
      const scratch = this.rowScratch;
      if (scratch.rows.length !== this.parser.rows) scratch.rows = new Uint8Array(this.parser.rows);
      scratch.rows.fill(0);
      scratch.rows.set(change.changed);
      for (let y = cells.rows; y <= bottom; y++) scratch.rows[y] = 1;
      this.diffRows = scratch.rows;
    } else this.diffRows = undefined;
    this.shows = change !== undefined && n === change.n && top === 0 ? { source: change, n } : undefined;
    return true;
  }

  private nextFrame(): string {
    this.syncSize();
    if (this.parser.takeRepaintRequest()) this.differ.invalidate();
    const passthrough = this.parser.takePassthrough();
    const rows = this.shows !== undefined ? this.diffRows : undefined;
    const frame = this.differ.render(this.parser.screen, this.parser.cursor, rows);
    this.flushed = this.shows;
    this.diffRows = undefined;
    if (frame !== '') this.frames++;
    return passthrough + frame;
  }

  private output(data: string): void {
    if (data === '') return;
    this.bytesOut += Buffer.byteLength(data);
    this.target.write(data);
  }

  /** Falls back to the last frame the terminal is known to show, repainted in full. */
  private recover(): void {
    this.recoveries++;
    this.forget();
    const last = this.differ.lastFrame;
    if (last !== null) this.parser.restore(last);
    this.differ.invalidate();
  }

  private syncSize(): void {
    const cols = this.columns;
    const rows = this.rows;
    if (cols !== this.parser.cols || rows !== this.parser.rows) {
      this.forget();
      this.parser.resize(cols, rows);
      this.differ.invalidate();
    }
  }

  private handleResize(): void {
    try {
      this.syncSize();
    } catch {
      this.recover();
    }
    // The terminal may have cropped or reflowed what it showed: repaint in full.
    this.differ.invalidate();
    this.resizePending = true;
    this.emit('resize');
    // ink usually re-rendered synchronously inside emit(); if its frame is throttled,
    // wait for it rather than showing the half-cleared screen in between.
    if (this.resizePending) this.settleAfterResize();
  }

  private settleAfterResize(): void {
    if (this.resizeTimer !== undefined) return;
    this.resizeTimer = setTimeout(() => {
      this.resizeTimer = undefined;
      this.flush();
    }, this.resizeSettleMs);
    this.resizeTimer.unref?.();
  }

  /** ink opens and closes a frame in the same tick; a frame left open is flushed on the next. */
  private checkStuckFrame(): void {
    if (this.syncCheck !== undefined) return;
    this.syncCheck = setImmediate(() => {
      this.syncCheck = undefined;
      if (this.parser.synchronized) this.flush();
    });
    this.syncCheck.unref?.();
  }

  private clearTimers(): void {
    if (this.resizeTimer !== undefined) clearTimeout(this.resizeTimer);
    if (this.syncCheck !== undefined) clearImmediate(this.syncCheck);
    this.resizeTimer = undefined;
    this.syncCheck = undefined;
  }
}

/** Writes that draw no cell: ink's synchronized-output brackets and cursor hiding or showing. */
const NOTHING_DRAWN = /^(?:\x1b\[\?(?:2026|25)[hl])*$/;

function drawsNothing(text: string): boolean {
  return NOTHING_DRAWN.test(text);
}
