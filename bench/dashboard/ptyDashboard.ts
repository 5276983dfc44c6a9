import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pty from '@lydell/node-pty';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { toHex, type Hex } from '../../src/protocol/index.js';
import { cpuSeconds, rssBytes } from './procStats.js';
import { BEGIN_SYNC, type Recording } from './replay.js';
import { drain, frameEnded, newTerminal, screenText } from './screen.js';

/**
 * The built dashboard (`node dist/cli.js`) in a pseudo-terminal, as a user runs it: its
 * own HOME, XDG folders and state directory, CI removed (ink writes nothing under CI),
 * NODE_ENV=production. Counts every byte and frame it writes, keeps the output for the
 * floor replay, and keeps a headless xterm of the screen for checks on what it shows.
 */
export interface DashboardVariant {
  /** Row label. */
  name: string;
  /** PERPDESK_RENDERER. */
  renderer: 'diff' | 'ink';
  /** PERPDESK_FLUSH_MS; undefined keeps the dashboard's default coalescer. */
  flushMs?: number;
  /** PERPDESK_HEAP: 'v8' keeps V8's own heap sizing instead of the dashboard's. */
  heap?: 'v8';
}

export const OURS: DashboardVariant = { name: 'perpdesk (changed-cells renderer, coalesced feed)', renderer: 'diff' };
export const NAIVE: DashboardVariant = { name: 'naive baseline (ink full frames, 1 update/message, V8 heap sizing)', renderer: 'ink', flushMs: 0, heap: 'v8' };

export interface LaunchOptions {
  root: string;
  variant: DashboardVariant;
  /** Dashboard flags after --state-dir (e.g. --activity busy, or --url ... ). */
  args: string[];
  cols?: number;
  rows?: number;
  /** Keep every byte written for the floor replay (capped). */
  record?: boolean;
  /** Write a fresh raw master key to a 0600 file and pass --key-file (for --url targets). */
  withKeyFile?: boolean;
  /** How it is started: `node dist/cli.js` (default) or `npm start --` as a user types it. */
  launcher?: 'node' | 'npm';
  /** A home (and so state directory) kept by the caller, for a second start on the same one. */
  home?: string;
  /** Node's own flags before dist/cli.js (e.g. --cpu-prof, to see where a start goes). */
  nodeArgs?: string[];
  /** More environment for this dashboard. */
  env?: Record<string, string>;
}

/** Output not yet parsed into the screen is handed over at this size at the latest. */
const MAX_PENDING_CHARS = 4 * 1024 * 1024;
/** Output kept for replay is capped, so a long run cannot exhaust memory. */
const MAX_RECORDED_CHARS = 48 * 1024 * 1024;

type Watcher = { test: (screen: string) => boolean; resolve: (arrivedAt: number) => void };

export class PtyDashboard {
  readonly pid: number;
  readonly spawnedAt: number;
  bytes = 0;
  frames = 0;
  private recorded: string[] | undefined;
  private recordedChars = 0;
  recordingTruncated = false;
  private readonly term: ReturnType<typeof newTerminal>;
  private readonly child: pty.IPty;
  private watchers: Watcher[] = [];
  private pending: string[] = [];
  private pendingChars = 0;
  private tail = '';
  private readonly home: string;
  readonly exited: Promise<{ exitCode: number; signal?: number }>;
  private windowMarks: { start?: number; end?: number } = {};
  /** The master key written to --key-file (withKeyFile), for a bench that acts as the same account. */
  readonly masterKey: Hex | undefined;

  constructor(readonly o: LaunchOptions) {
    const cols = o.cols ?? 120;
    const rows = o.rows ?? 40;
    this.home = o.home ?? mkdtempSync(path.join(os.tmpdir(), 'perpdesk-bench-'));
    const args = ['--state-dir', path.join(this.home, 'state'), ...o.args];
    if (o.withKeyFile) {
      mkdirSync(path.join(this.home, 'keys'), { mode: 0o700 });
      const keyFile = path.join(this.home, 'keys', 'master.key');
      const key = toHex(secp256k1.utils.randomSecretKey());
      writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
      args.push('--key-file', keyFile);
      this.masterKey = key;
    }
    const env: Record<string, string> = {};
    const merged: Record<string, string | undefined> = {
      ...process.env,
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
      HOME: this.home,
      XDG_CONFIG_HOME: path.join(this.home, 'config'),
      XDG_STATE_HOME: path.join(this.home, 'xdg-state'),
      NODE_ENV: 'production',
      NO_COLOR: undefined,
      PERPDESK_PRIVATE_KEY: undefined,
      PERPDESK_PASSWORD: undefined,
      PERPDESK_RENDERER: o.variant.renderer,
      PERPDESK_FLUSH_MS: o.variant.flushMs === undefined ? undefined : String(o.variant.flushMs),
      PERPDESK_HEAP: o.variant.heap,
      ...o.env,
    };
    for (const [k, v] of Object.entries(merged)) if (v !== undefined && k !== 'CI') env[k] = v;
    this.term = newTerminal(cols, rows);
    this.recorded = o.record ? [] : undefined;
    this.spawnedAt = performance.now();
    const [file, first] = o.launcher === 'npm' ? ['npm', ['start', '--silent', '--']] : [process.execPath, [...(o.nodeArgs ?? []), 'dist/cli.js']];
    this.child = pty.spawn(file, [...first, ...args], { name: 'xterm-256color', cols, rows, cwd: o.root, env });
    this.pid = this.child.pid;
    this.child.onData((data) => this.onData(data));
    this.exited = new Promise((resolve) => this.child.onExit((e) => resolve({ exitCode: e.exitCode, ...(e.signal ? { signal: e.signal } : {}) })));
  }

  private onData(data: string): void {
    const arrivedAt = performance.now();
    this.bytes += Buffer.byteLength(data);
    // A bracket may straddle two chunks: search the previous chunk's tail too.
    const hay = this.tail + data;
    for (let i = hay.indexOf(BEGIN_SYNC); i !== -1; i = hay.indexOf(BEGIN_SYNC, i + 1)) if (i + BEGIN_SYNC.length > this.tail.length) this.frames++;
    this.tail = hay.slice(-(BEGIN_SYNC.length - 1));
    if (this.recorded) {
      if (this.recordedChars + data.length <= MAX_RECORDED_CHARS) {
        this.recorded.push(data);
        this.recordedChars += data.length;
      } else this.recordingTruncated = true;
    }
    if (this.watchers.length === 0) {
      // Parsed later, when someone looks: the bench process stays idle while it measures.
      this.pending.push(data);
      this.pendingChars += data.length;
      if (this.pendingChars > MAX_PENDING_CHARS) this.feed();
      return;
    }
    this.feed();
    this.term.write(data, () => {
      // Half a frame is not on a user's screen: a terminal shows nothing of a synchronized
      // update (CSI ? 2026 h) until it ends, so neither do the watchers.
      if (this.watchers.length === 0 || this.term.modes.synchronizedOutputMode) return;
      const screen = screenText(this.term);
      for (const w of [...this.watchers]) {
        if (w.test(screen)) {
          this.watchers = this.watchers.filter((x) => x !== w);
          w.resolve(arrivedAt);
        }
      }
    });
  }

  /** Hands the output not yet parsed to the terminal, in order. */
  private feed(): void {
    if (this.pending.length === 0) return;
    this.term.write(this.pending.join(''));
    this.pending = [];
    this.pendingChars = 0;
  }

  /**
   * Resolves with the arrival time (performance.now) of the output chunk after which the
   * screen first satisfies `test`; checks the current screen first.
   */
  async until(test: (screen: string) => boolean, timeoutMs: number, what: string): Promise<number> {
    if (test(await this.screen())) return performance.now();
    return this.watch(test, timeoutMs, what);
  }

  /**
   * Presses a key and resolves with the ms from the write to the arrival of the output
   * chunk after which the screen satisfies `test` (the screen before must not).
   */
  async pressAndTime(key: string, test: (screen: string) => boolean, timeoutMs: number, what: string): Promise<number> {
    if (test(await this.screen())) throw new Error(`${this.o.variant.name}: the screen already shows ${what} before the key`);
    const changed = this.watch(test, timeoutMs, what);
    const sentAt = performance.now();
    this.press(key);
    return (await changed) - sentAt;
  }

  /** Registers the watcher synchronously, so no chunk after this call is missed. */
  private watch(test: (screen: string) => boolean, timeoutMs: number, what: string): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    let watcher: Watcher | undefined;
    return new Promise<number>((resolve, reject) => {
      watcher = { test, resolve };
      this.watchers.push(watcher);
      timer = setTimeout(() => {
        this.watchers = this.watchers.filter((x) => x !== watcher);
        void this.screen().then((s) => reject(new Error(`${this.o.variant.name}: timed out waiting for ${what}; the screen was:\n${s}`)));
      }, timeoutMs);
    }).finally(() => clearTimeout(timer));
  }

  /** The visible screen, once everything received so far is parsed and no frame is half drawn. */
  async screen(): Promise<string> {
    await frameEnded(this.term, () => {
      this.feed();
      return drain(this.term);
    });
    return screenText(this.term);
  }

  press(key: string): void {
    this.child.write(key);
  }

  cpuSeconds(): number | undefined {
    return cpuSeconds(this.pid);
  }

  rssBytes(): number | undefined {
    return rssBytes(this.pid);
  }

  markWindowStart(): void {
    this.windowMarks.start = this.recordedChars;
  }

  markWindowEnd(): void {
    this.windowMarks.end = this.recordedChars;
  }

  /** The recorded output and the measuring window, for replay; drops the recording. */
  takeRecording(): Recording | undefined {
    if (!this.recorded || this.windowMarks.start === undefined || this.recordingTruncated) return undefined;
    const text = this.recorded.join('');
    this.recorded = undefined;
    return { cols: this.term.cols, rows: this.term.rows, text, windowStart: this.windowMarks.start, windowEnd: this.windowMarks.end ?? text.length };
  }

  async quit(): Promise<number | undefined> {
    this.press('q');
    const r = await Promise.race([this.exited, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000))]);
    return r?.exitCode;
  }

  async stop(): Promise<void> {
    try {
      // The pty's child leads its own process group: under npm the dashboard is a grandchild.
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    try {
      this.child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    this.term.dispose();
    if (this.o.home === undefined) rmSync(this.home, { recursive: true, force: true });
  }
}
