import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { terminalSafe } from '../protocol/safeText.js';
import type { Alert } from './evaluate.js';

const require = createRequire(import.meta.url);

/**
 * Where a fired alert goes: sinks. Each sink's `send` may fail or hang; `deliverAlert` runs
 * them side by side, each under its own time limit, and answers with one report per sink,
 * never throwing and never making its caller wait (the runner does not await it). A hook
 * that outlives its limit is killed (its whole process group); a webhook is retried, and its
 * last failure is the report.
 */
export interface AlertSink {
  /** Named in reports: "terminal", "notify-send", "hook", "webhook". */
  readonly name: string;
  send(alert: Alert): Promise<void>;
}

export interface DeliveryReport {
  alert: string;
  sink: string;
  ok: boolean;
  /** Why it failed, in words. */
  error?: string;
  attempts: number;
  ms: number;
}

/** Title and body as a notification shows them. */
function titleAndBody(a: Alert): { title: string; body: string } {
  return { title: `perpdesk${a.contract ? ` ${a.contract}` : ''}: ${a.kind} alert`, body: a.message };
}

const OSC_MAX = 400;

/** Text for inside an OSC string: no control character (ESC, BEL, C1...), bounded length. */
function oscText(text: string, more = ''): string {
  let t = terminalSafe(text);
  for (const c of more) t = t.split(c).join(' ');
  return t.length > OSC_MAX ? `${t.slice(0, OSC_MAX - 1)}…` : t;
}

/**
 * A desktop notification sequence for the terminal itself (docs/alerts.md). OSC 9
 * (`ESC ] 9 ; text BEL`: iTerm2's, read by WezTerm, Ghostty, Windows Terminal, kitty, recent
 * foot) carries one text; OSC 777 (`ESC ] 777 ; notify ; title ; body BEL`: rxvt-unicode's
 * notify extension, read by foot, WezTerm, Ghostty, Fedora's VTE) a title and a body. The text is stripped of every control character, so data can
 * neither end the sequence early nor start another; 777's title loses its semicolons, and a
 * 9 text that starts like ConEmu's numbered subcommands ("4;...") gets a leading space.
 */
export function oscNotification(kind: 9 | 777, title: string, body: string): string {
  if (kind === 777) return `\u001b]777;notify;${oscText(title, ';')};${oscText(body)}\u0007`;
  let text = oscText(title ? `${title}: ${body}` : body);
  if (/^\d+;/.test(text)) text = ` ${text}`;
  return `\u001b]9;${text}\u0007`;
}

export type OscKind = '9' | '777' | 'both';

/** The terminal's own notification (and the bell), through `write` (a face's terminal writer). */
export function terminalSink(write: (text: string) => void, o: { osc?: OscKind; bell?: boolean } = {}): AlertSink {
  const kind = o.osc ?? '9';
  return {
    name: 'terminal',
    send(a) {
      const { title, body } = titleAndBody(a);
      let out = '';
      if (kind !== '777') out += oscNotification(9, title, body);
      if (kind !== '9') out += oscNotification(777, title, body);
      if (o.bell) out += '\u0007';
      write(out);
      return Promise.resolve();
    },
  };
}

/** A sink any face can switch off and on (a viewer who muted alerts), without letting go of it. */
export function mutableSink(sink: AlertSink): AlertSink & { muted: boolean } {
  return {
    name: sink.name,
    muted: false,
    send(a) {
      return this.muted ? Promise.resolve() : sink.send(a);
    },
  };
}

/** The program on PATH, if there is one. */
function onPath(program: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env['PATH'] ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/**
 * Why `notify-send` would not reach the person: not on a desktop session here (no DISPLAY
 * or WAYLAND_DISPLAY, or over SSH), or not installed. Undefined when it can be used.
 */
export function notifySendUnavailable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env['SSH_CONNECTION'] || env['SSH_TTY']) return 'over SSH the desktop is not this machine';
  if (!env['DISPLAY'] && !env['WAYLAND_DISPLAY']) return 'no desktop session (DISPLAY or WAYLAND_DISPLAY)';
  if (!onPath('notify-send', env)) return 'notify-send is not installed';
  return undefined;
}

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stderr: string;
}

/**
 * Runs a program (its own process group, so a timeout kills what it started too), `input`
 * on stdin; settles when it ends or is killed, never throws.
 */
function run(file: string, args: readonly string[], input: string, timeoutMs: number, env?: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(file, args, { stdio: ['pipe', 'ignore', 'pipe'], detached: process.platform !== 'win32', ...(env ? { env } : {}) });
    } catch (e) {
      resolve({ code: null, signal: null, timedOut: false, stderr: e instanceof Error ? e.message : String(e) });
      return;
    }
    let stderr = '';
    let timedOut = false;
    let settled = false;
    const finish = (r: Ran) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const kill = () => {
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
      // A process that ignores even SIGKILL's group (it left it) does not hold the report.
      setTimeout(() => finish({ code: null, signal: 'SIGKILL', timedOut: true, stderr }), 200).unref();
    }, timeoutMs);
    timer.unref();
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    child.on('error', (e) => finish({ code: null, signal: null, timedOut, stderr: e.message }));
    child.on('close', (code, signal) => finish({ code, signal, timedOut, stderr }));
    child.stdin?.on('error', () => {
      // A hook that does not read its input closes the pipe: not a failure of the hook.
    });
    child.stdin?.end(input);
  });
}

function ranError(what: string, r: Ran, timeoutMs: number): string | undefined {
  if (r.timedOut) return `${what} did not finish within ${timeoutMs} ms; killed`;
  if (r.code === 0) return undefined;
  const said = terminalSafe(r.stderr.trim()).slice(0, 200);
  const how = r.code !== null ? `exited ${r.code}` : r.signal ? `ended by ${r.signal}` : 'could not start';
  return `${what} ${how}${said ? `: ${said}` : ''}`;
}

/** `notify-send` with the alert's title and message. */
export function notifySendSink(o: { timeoutMs?: number } = {}): AlertSink {
  const timeoutMs = o.timeoutMs ?? 5_000;
  return {
    name: 'notify-send',
    async send(a) {
      const { title, body } = titleAndBody(a);
      const r = await run('notify-send', ['--app-name=perpdesk', '--', terminalSafe(title), terminalSafe(body)], '', timeoutMs);
      const e = ranError('notify-send', r, timeoutMs);
      if (e) throw new Error(e);
    },
  };
}

/** A command (run by /bin/sh) with the alert JSON on its stdin, one line. */
export function hookSink(command: string, o: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): AlertSink {
  const timeoutMs = o.timeoutMs ?? 10_000;
  return {
    name: 'hook',
    async send(a) {
      const shell = process.platform === 'win32' ? { file: process.env['ComSpec'] ?? 'cmd.exe', args: ['/d', '/s', '/c', command] } : { file: '/bin/sh', args: ['-c', command] };
      const r = await run(shell.file, shell.args, `${JSON.stringify(a)}\n`, timeoutMs, o.env);
      const e = ranError('hook', r, timeoutMs);
      if (e) throw new Error(e);
    },
  };
}

/** An HTTP POST of the alert JSON; a failed attempt (no answer in time, not 2xx) is retried after `backoffMs`, doubled each time. */
export function webhookSink(url: string, o: { timeoutMs?: number; retries?: number; backoffMs?: number } = {}): AlertSink & { attempts: (a: Alert) => number } {
  const timeoutMs = o.timeoutMs ?? 5_000;
  const retries = o.retries ?? 2;
  const backoffMs = o.backoffMs ?? 500;
  const tries = new Map<string, number>();
  return {
    name: 'webhook',
    attempts: (a) => tries.get(a.id) ?? 0,
    async send(a) {
      const body = JSON.stringify(a);
      let last = '';
      for (let i = 0; i <= retries; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, backoffMs * 2 ** (i - 1)).unref());
        tries.set(a.id, i + 1);
        if (tries.size > 100) tries.delete(tries.keys().next().value!);
        try {
          // undici (its whole index: fetch, caches, WebSocket) loads with the first webhook, not with every dashboard's start.
          // Required, not imported: in the bundle a dynamic import('undici') yields only a default export, and
          // `alerts watch` then posted nothing (test/command/alerts.test.ts fails that way).
          const { request } = require('undici') as typeof import('undici');
          const res = await request(url, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', 'user-agent': 'perpdesk-alerts' },
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
            signal: AbortSignal.timeout(timeoutMs),
          });
          await res.body.dump();
          if (res.statusCode >= 200 && res.statusCode < 300) return;
          last = `HTTP ${res.statusCode}`;
        } catch (e) {
          last = e instanceof Error ? (e.name === 'TimeoutError' || e.name === 'AbortError' ? `no answer within ${timeoutMs} ms` : e.message) : String(e);
        }
      }
      throw new Error(`webhook ${url}: ${last} (after ${retries + 1} attempt${retries === 0 ? '' : 's'})`);
    },
  };
}

/** Every sink at once; one report each, whatever happens. Never rejects. */
export async function deliverAlert(alert: Alert, sinks: readonly AlertSink[]): Promise<DeliveryReport[]> {
  return Promise.all(
    sinks.map(async (s) => {
      const t0 = Date.now();
      const attempts = () => ('attempts' in s && typeof s.attempts === 'function' ? (s.attempts as (a: Alert) => number)(alert) : 1);
      try {
        await s.send(alert);
        return { alert: alert.id, sink: s.name, ok: true, attempts: attempts(), ms: Date.now() - t0 };
      } catch (e) {
        return { alert: alert.id, sink: s.name, ok: false, error: e instanceof Error ? e.message : String(e), attempts: attempts(), ms: Date.now() - t0 };
      }
    }),
  );
}
