/**
 * An in-process terminal for screen tests: ink renders into a fake TTY stdout whose bytes
 * go into a headless xterm of a given size, and keys come from a fake raw-mode stdin.
 * Tests read the screen a user would see and check its geometry (wrapping, scrollback).
 */
import { EventEmitter } from 'node:events';
import xterm from '@xterm/headless';
import stringWidth from 'string-width';
import { gridOf, type Grid } from '../../support/paneFrame.js';

class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  /** Every write, for checks on the raw frames. */
  readonly writes: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
    private readonly sink: (data: string) => void,
  ) {
    super();
  }
  write = (data: string | Uint8Array, cb?: (() => void) | string, cb2?: () => void): boolean => {
    const text = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
    this.writes.push(text);
    if (this.writes.length > 500) this.writes.splice(0, this.writes.length - 500);
    this.sink(text);
    const done = typeof cb === 'function' ? cb : cb2;
    done?.();
    return true;
  };
  getColorDepth(): number {
    return 24;
  }
  hasColors(): boolean {
    return true;
  }
}

export class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  isRaw = false;
  private queue: string[] = [];
  setEncoding(): this {
    return this;
  }
  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  read = (): string | null => this.queue.shift() ?? null;
  send(data: string): void {
    this.queue.push(data);
    this.emit('readable');
    this.emit('data', data);
  }
}

export interface VirtualTerminal {
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  /** Visible rows, right-trimmed. */
  screen(): Promise<string[]>;
  /** Visible screen cell by cell, for geometry checks. */
  grid(): Promise<Grid>;
  text(): Promise<string>;
  waitFor(match: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** One key per call, then a pause so it is its own input event. */
  press(...keys: string[]): Promise<void>;
  resize(cols: number, rows: number): void;
  /** Lines scrolled off the top (growth means a frame taller than the screen). */
  scrollback(): number;
  /** Rows that xterm had to wrap (a line wider than the screen). */
  wrappedRows(): Promise<number[]>;
  /** The longest line of the last complete frame ink wrote, in columns. */
  widestFrameLine(): number;
  /** Lines of the last complete frame ink wrote (without the trailing newline). */
  lastFrameHeight(): number;
  /** Writes that cleared the whole terminal (ink does that for frames as tall as the screen). */
  clears(): number;
  dispose(): void;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[=>()][0-9A-Za-z]?/g;

export function createVirtualTerminal(cols: number, rows: number): VirtualTerminal {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000, convertEol: true });
  let clears = 0;
  const stdout = new FakeStdout(cols, rows, (d) => {
    if (d.includes('\x1b[2J')) clears += 1;
    term.write(d);
  });
  // The last write that looks like a whole frame (ink writes erase + frame in one go), as plain text.
  const lastFrame = () => {
    const raw = [...stdout.writes].reverse().find((w) => w.includes('\n') && w.length > 100) ?? '';
    return raw.replace(ANSI, '');
  };
  const stdin = new FakeStdin();
  const flush = () => new Promise<void>((r) => term.write('', r));

  async function screen(): Promise<string[]> {
    await flush();
    const buf = term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < term.rows; y++) out.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    return out;
  }
  const text = async () => (await screen()).join('\n');

  return {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    screen,
    async grid() {
      await flush();
      return gridOf(term);
    },
    text,
    async waitFor(match, timeoutMs = 5_000) {
      const test = typeof match === 'string' ? (s: string) => s.includes(match) : match instanceof RegExp ? (s: string) => match.test(s) : match;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const s = await text();
        if (test(s)) return s;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(match)}; screen was:\n${s}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async press(...keys) {
      for (const k of keys) {
        stdin.send(k);
        await new Promise((r) => setTimeout(r, 30));
      }
    },
    resize(c, r) {
      term.resize(c, r);
      stdout.columns = c;
      stdout.rows = r;
      stdout.emit('resize');
    },
    scrollback: () => term.buffer.normal.baseY,
    async wrappedRows() {
      await flush();
      const buf = term.buffer.active;
      const out: number[] = [];
      for (let y = 0; y < buf.length; y++) if (buf.getLine(y)?.isWrapped) out.push(y);
      return out;
    },
    widestFrameLine() {
      return Math.max(0, ...lastFrame().split('\n').map((l) => stringWidth(l)));
    },
    lastFrameHeight() {
      return lastFrame().replace(/\n$/, '').split('\n').length;
    },
    clears: () => clears,
    dispose: () => term.dispose(),
  };
}
