import { PassThrough, Writable } from 'node:stream';
import type { ViewerStdin, ViewerStdout } from './viewer.js';

/** The part of an ssh2 server channel the adapters use. */
export interface ChannelLike {
  on(event: 'data', listener: (data: Buffer) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  write(data: Buffer | string): boolean;
  readonly writableLength: number;
  readonly writable: boolean;
  stderr: { write(data: Buffer | string): boolean; readonly writableLength: number; readonly writable: boolean };
}

export interface ViewerStreamOptions {
  cols: number;
  rows: number;
  /**
   * Most bytes the channel may hold unsent (past what the client's SSH window lets through)
   * before `onBackedUp` is called: a viewer that stops reading costs this much, no more.
   */
  outputBufferBytes: number;
  onBackedUp(): void;
  /** Each keystroke (any bytes from the client), for the idle timeout. */
  onInput(): void;
}

/**
 * Window-changes are applied at most once per this many ms, at the last size asked for: a
 * client sending thousands a second costs one redraw a frame (ink draws at most 30 frames a
 * second on its own), not one per message.
 */
export const RESIZE_COALESCE_MS = 33;
/**
 * While window-changes keep coming (a drag, or a client sending thousands), one is applied at
 * most this often: each costs the dashboard a layout and a full repaint, and 30 of them a
 * second on a big screen hold a core. The last size is still applied when they stop.
 */
export const RESIZE_STORM_MS = 250;

export interface ViewerStreams {
  stdin: ViewerStdin;
  stdout: ViewerStdout;
  stderr: ViewerStdout;
  /**
   * A `window-change`: new size, then `resize` on stdout (and stderr) as a tty emits it;
   * a burst is coalesced to its last size, applied RESIZE_COALESCE_MS after the first, and
   * while they keep coming at most once every RESIZE_STORM_MS.
   */
  resize(cols: number, rows: number): void;
  /** From now on writes are dropped and input ignored: the channel is going or gone. */
  dispose(): void;
}

/**
 * Keys from the channel. ink asks a tty to go raw; the client's terminal already is. Also the
 * keyboard of a screen fed from another one (src/ui/serve/watchGroups.ts).
 */
export class ViewerInput extends PassThrough {
  readonly isTTY = true as const;
  isRaw = false;
  setRawMode(on: boolean): this {
    this.isRaw = on;
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

/**
 * Frames to the channel. Each write is handed on at once (this stream never buffers), so
 * the only backlog is the channel's own, which `backlog()` measures after every write.
 */
class ViewerOutput extends Writable {
  readonly isTTY = true as const;
  columns: number;
  rows: number;
  disposed = false;

  constructor(
    private readonly sink: { write(data: Buffer | string): boolean; readonly writable: boolean },
    size: { cols: number; rows: number },
    private readonly afterWrite: () => void,
  ) {
    super({ decodeStrings: false });
    this.columns = size.cols;
    this.rows = size.rows;
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, cb: (error?: Error | null) => void): void {
    // A write after the channel ended would be an error event on it; the viewer may still be unmounting.
    if (!this.disposed && this.sink.writable) {
      this.sink.write(chunk);
      this.afterWrite();
    }
    cb();
  }

  getWindowSize(): [number, number] {
    return [this.columns, this.rows];
  }
}

export function viewerStreams(channel: ChannelLike, o: ViewerStreamOptions): ViewerStreams {
  let backedUp = false;
  const checkBacklog = () => {
    if (backedUp) return;
    if (channel.writableLength + channel.stderr.writableLength > o.outputBufferBytes) {
      backedUp = true;
      o.onBackedUp();
    }
  };
  const input = new ViewerInput();
  const output = new ViewerOutput(channel, o, checkBacklog);
  const errors = new ViewerOutput(channel.stderr, o, checkBacklog);
  let disposed = false;
  let pendingSize: { cols: number; rows: number } | undefined;
  let resizeTimer: NodeJS.Timeout | undefined;
  let lastApplied = -Infinity;
  const applyResize = () => {
    resizeTimer = undefined;
    lastApplied = performance.now();
    const size = pendingSize;
    pendingSize = undefined;
    if (disposed || !size) return;
    for (const s of [output, errors]) {
      if (s.columns === size.cols && s.rows === size.rows) continue;
      s.columns = size.cols;
      s.rows = size.rows;
      s.emit('resize');
    }
  };
  channel.on('data', (data) => {
    if (disposed) return;
    o.onInput();
    // Backpressure to the client's SSH window while the face is not reading yet.
    if (!input.write(data)) {
      channel.pause();
      input.once('drain', () => channel.resume());
    }
  });
  return {
    stdin: input as unknown as ViewerStdin,
    stdout: output as unknown as ViewerStdout,
    stderr: errors as unknown as ViewerStdout,
    resize(cols, rows) {
      if (disposed) return;
      pendingSize = { cols, rows };
      if (resizeTimer) return;
      const since = performance.now() - lastApplied;
      resizeTimer = setTimeout(applyResize, since < RESIZE_STORM_MS ? Math.max(RESIZE_COALESCE_MS, RESIZE_STORM_MS - since) : RESIZE_COALESCE_MS);
    },
    dispose() {
      disposed = true;
      clearTimeout(resizeTimer);
      resizeTimer = undefined;
      output.disposed = true;
      errors.disposed = true;
    },
  };
}
