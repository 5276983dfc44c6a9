/**
 * A real terminal for end-to-end tests: the program runs in a pseudo-terminal
 * (@lydell/node-pty) and its output is fed into a headless xterm, so tests read the
 * screen a user would see. CI is removed from the child's environment (ink prints
 * nothing while it is set). Keys are sent one per write.
 */
import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { drain, frameEnded } from '../../bench/dashboard/screen.js';
import { gridOf, type Grid } from './paneFrame.js';

export const KEYS = {
  enter: '\r',
  escape: '\x1b',
  tab: '\t',
  shiftTab: '\x1b[Z',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  backspace: '\x7f',
  ctrlC: '\x03',
} as const;

export interface TerminalOptions {
  cols?: number;
  rows?: number;
  cwd?: string;
  env?: Record<string, string | undefined>;
  /**
   * Called with the visible rows (right-trimmed) each time a synchronized frame ends
   * (CSI ? 2026 l): the moment a terminal would show the frame. It runs inside the parser,
   * at the end marker itself, so every frame is seen even when several arrive in one chunk.
   */
  onFrame?: (lines: string[]) => void;
}

export interface TerminalSession {
  /** Visible screen, one string per row, right-trimmed. */
  screen(): Promise<string[]>;
  /** Visible screen cell by cell, read between frames like screen(). */
  grid(): Promise<Grid>;
  text(): Promise<string>;
  /** Waits until the screen satisfies `match`; throws with the last screen on timeout. */
  waitFor(match: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  resize(cols: number, rows: number): void;
  /** True while the program has the alternate screen. */
  isAlternateScreen(): boolean;
  /** Lines that scrolled off the top of the normal buffer (growth means overflow or drift). */
  scrollback(): number;
  exited: Promise<{ exitCode: number; signal?: number }>;
  output(): string;
  kill(signal?: string): void;
}

export function spawnTerminal(command: string, args: string[], opts: TerminalOptions = {}): TerminalSession {
  const cols = opts.cols ?? 120;
  const rows = opts.rows ?? 40;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, TERM: 'xterm-256color', COLORTERM: 'truecolor', ...opts.env })) {
    if (v !== undefined && k !== 'CI') env[k] = v;
  }
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  // node-pty sets TERM from `name`: a test's own TERM (dumb, linux) goes there too.
  const child = pty.spawn(command, args, { name: env['TERM'] ?? 'xterm-256color', cols, rows, cwd: opts.cwd ?? process.cwd(), env });
  const visibleRows = (): string[] => {
    const buf = term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < term.rows; y++) lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    return lines;
  };
  const onFrame = opts.onFrame;
  if (onFrame) {
    // Before xterm's own handler resets the mode: everything up to the marker is in the buffer.
    term.parser.registerCsiHandler({ prefix: '?', final: 'l' }, (params) => {
      if (params.some((p) => p === 2026 || (Array.isArray(p) && p.includes(2026)))) onFrame(visibleRows());
      return false;
    });
  }
  let raw = '';
  child.onData((data) => {
    // Bounded: keep the tail only, for failure messages.
    raw = (raw + data).slice(-200_000);
    term.write(data);
  });
  const exited = new Promise<{ exitCode: number; signal?: number }>((resolve) => {
    child.onExit((e) => resolve({ exitCode: e.exitCode, ...(e.signal ? { signal: e.signal } : {}) }));
  });

  const flush = () => drain(term);

  async function screen(): Promise<string[]> {
    // A frame arrives in several chunks; the screen is read only between frames, as a terminal shows it.
    await frameEnded(term, flush);
    return visibleRows();
  }

  async function text(): Promise<string> {
    return (await screen()).join('\n');
  }

  async function waitFor(match: string | RegExp | ((s: string) => boolean), timeoutMs = 15_000): Promise<string> {
    const test = typeof match === 'string' ? (s: string) => s.includes(match) : match instanceof RegExp ? (s: string) => match.test(s) : match;
    const deadline = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      last = await text();
      if (test(last)) return last;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(match)}; screen was:\n${last}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function press(...keys: string[]): Promise<void> {
    for (const k of keys) {
      child.write(k);
      // One key per write, with a pause so the app sees separate input events (ink trap 4).
      await new Promise((r) => setTimeout(r, 40));
    }
  }

  return {
    screen,
    async grid() {
      await frameEnded(term, flush);
      return gridOf(term);
    },
    text,
    waitFor,
    press,
    type: (t) => press(...t.split('')),
    resize(c, r) {
      child.resize(c, r);
      term.resize(c, r);
    },
    isAlternateScreen: () => term.buffer.active.type === 'alternate',
    scrollback: () => term.buffer.normal.baseY,
    exited,
    output: () => raw,
    kill: (signal) => child.kill(signal),
  };
}
