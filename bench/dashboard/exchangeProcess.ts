import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'undici';

/**
 * The embedded exchange in a process of its own (`perpdesk exchange`), so the dashboard
 * process measured beside it does only the dashboard's work. Control routes are on, for
 * the soak's forced disconnects; credits arrive at once so onboarding is quick.
 */
export interface ExchangeProcess {
  url: string;
  pid: number;
  /** Takes an unused invite code (the process printed them at start). */
  inviteCode(): string;
  control(body: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** `contracts`: `perpdesk exchange --contracts N` (Active contracts listed; the default market's otherwise). */
export async function startExchangeProcess(o: { root: string; activity: string; seed: number; inviteCount?: number; contracts?: number }): Promise<ExchangeProcess> {
  const args = ['dist/cli.js', 'exchange', '--activity', o.activity, '--seed', String(o.seed), '--control', '--credit-delay-ms', '0', '--rate-limit', '0', '--invite-count', String(o.inviteCount ?? 20)];
  if (o.contracts !== undefined) args.push('--contracts', String(o.contracts));
  const child: ChildProcess = spawn(process.execPath, args, { cwd: o.root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const lines = await new Promise<string[]>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const ls = out.split('\n');
      // The listening line, then one "invite code: X" a line; the count is known.
      if (ls.length > (o.inviteCount ?? 20) + 1) {
        child.stdout!.off('data', onData);
        resolve(ls);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`perpdesk exchange exited (${code}) before listening: ${err.trim()}`)));
  });
  const m = /listening on (http:\/\/\S+)/.exec(lines[0] ?? '');
  if (!m) throw new Error(`unexpected first line from perpdesk exchange: ${lines[0]}`);
  const url = m[1]!;
  const codes = lines.slice(1).flatMap((l) => /^invite code: ([A-Za-z0-9]{6})$/.exec(l.trim())?.[1] ?? []);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    inviteCode() {
      const c = codes.shift();
      if (!c) throw new Error('the exchange process has no invite codes left');
      return c;
    },
    async control(body) {
      const res = await request(`${url}/control`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      const text = await res.body.text();
      return { status: res.statusCode, body: JSON.parse(text) as unknown };
    },
    async close() {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(t);
    },
  };
}
