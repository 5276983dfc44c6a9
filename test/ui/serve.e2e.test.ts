import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYS, spawnTerminal, type TerminalSession } from '../support/terminal.js';
import { newKey, writeAuthorizedKeys } from '../serve/support/sshHarness.js';
import { sshFingerprint } from '../../src/serve/fingerprint.js';
import { ROOT } from './support/dashboard.js';
import { keys, settled } from './support/tradingDashboard.js';

/**
 * `perpdesk serve` as a desk runs it: one process on the embedded exchange, two people on
 * the system's OpenSSH client in real ptys. Each has a dashboard of its own size; the
 * trading key's order is signed by the server's agent and its journal lines name that key;
 * the read-only key is refused writes with the reason; the read-only viewer picking another
 * contract while the trader's typed order is at its confirm step changes neither the
 * trader's screen nor what is signed; a resize reaches only its viewer;
 * a viewer quitting leaves the other one running; SIGTERM ends the server cleanly.
 */
const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-serve-'));
let server: ChildProcess | undefined;
const terms: TerminalSession[] = [];

afterAll(async () => {
  for (const t of terms) t.kill();
  server?.kill('SIGKILL');
  rmSync(home, { recursive: true, force: true });
});

function sshTo(port: number, keyFile: string, cols: number, rows: number): TerminalSession {
  const args = ['-F', '/dev/null', '-p', String(port), '-i', keyFile, '-t'];
  for (const o of ['StrictHostKeyChecking=no', 'UserKnownHostsFile=/dev/null', 'IdentitiesOnly=yes', 'BatchMode=yes', 'LogLevel=ERROR']) args.push('-o', o);
  const t = spawnTerminal('ssh', [...args, 'desk@127.0.0.1'], { cols, rows, env: { HOME: home } });
  terms.push(t);
  return t;
}

describe('perpdesk serve', () => {
  it('two viewers over OpenSSH: their own screens, trading and read-only, one quits, SIGTERM ends it', async () => {
    const trader = newKey('trader');
    const watcher = newKey('watcher');
    const traderFile = path.join(home, 'trader');
    const watcherFile = path.join(home, 'watcher');
    writeFileSync(traderFile, trader.private, { mode: 0o600 });
    writeFileSync(watcherFile, watcher.private, { mode: 0o600 });
    const keysFile = writeAuthorizedKeys(home, [`environment="PERPDESK_TRADE=1" ${trader.public}`, watcher.public]);
    const stateDir = path.join(home, 'state');
    const { CI: _ci, ...env } = process.env;
    server = spawn(process.execPath, ['dist/cli.js', 'serve', '--ssh', '127.0.0.1:0', '--authorized-keys', keysFile, '--state-dir', stateDir, '--activity', 'calm'], {
      cwd: ROOT,
      env: { ...env, HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    let err = '';
    server.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4_000)));
    const exited = new Promise<number | null>((resolve) => server!.on('exit', (code, signal) => resolve(code ?? (console.error(`serve ended by ${signal}:\n${err}`), null))));
    const deadline = Date.now() + 30_000;
    while (!/listening on 127\.0\.0\.1:(\d+)/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(out)![1]);
    expect(out).toMatch(/host key ssh-ed25519 SHA256:\S+ \(new: /);

    const a = sshTo(port, traderFile, 120, 40);
    await settled(a, (s) => s.includes('TRADING') && /available\s+5,000\.00/.test(s) && s.includes('ssh 1 viewer'), 30_000);
    const b = sshTo(port, watcherFile, 80, 24);
    await settled(b, (s) => s.includes('READ-ONLY') && s.includes('ssh 2 viewers'));
    await settled(a, 'ssh 2 viewers');

    // The watcher may look, not trade: the key says why.
    await keys(b, ['b'], 'read-only SSH key');

    // The trader's order goes through the form and the server's agent; the journal names the key.
    await keys(a, ['b'], 'New order');
    await keys(a, [KEYS.enter], 'New order: confirm');
    await keys(a, [KEYS.enter], /✓ Buy 1 SOL1 @ \d+/);
    const lines = readFileSync(path.join(stateDir, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { face?: string; outcome: string });
    const fingerprint = sshFingerprint(Buffer.from(trader.public.split(' ')[1]!, 'base64'));
    expect(lines.filter((l) => l.face === `ssh ${fingerprint}`).map((l) => l.outcome)).toEqual(['sent', 'ok']);

    // Each viewer has its own contract (issue 30): the trader types a sell on SOL1 and reaches
    // its confirm step; the read-only watcher picks ETH1 meanwhile. The trader's screen, form
    // and signed order stay SOL1 at the price and size typed.
    await keys(a, ['s'], 'New order');
    await keys(a, [...'190'], /Price\s+190\b/);
    await keys(a, [KEYS.tab, KEYS.backspace, KEYS.backspace, KEYS.backspace, '2'], /Size\s+2\b/);
    await keys(a, [KEYS.enter], /New order: confirm[\s\S]*Sell 2(\.0+)? SOL1 @ 190/);
    await keys(b, ['p'], 'ETH1');
    await keys(b, [...'ETH', KEYS.enter], (s) => /^ ETH1 /.test(s) && s.includes('Book ETH1'));
    const during = await settled(a, /Sell 2(\.0+)? SOL1 @ 190/);
    expect(during.split('\n')[0]).toMatch(/^ SOL1 /);
    expect(during).not.toContain('ETH1');
    await keys(a, [KEYS.enter], /✓ Sell 2(\.0+)? SOL1 @ 190/);
    const after = readFileSync(path.join(stateDir, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { face?: string; outcome: string; asked?: string });
    const traders = after.filter((l) => l.face === `ssh ${fingerprint}`);
    expect(traders.map((l) => l.outcome)).toEqual(['sent', 'ok', 'sent', 'ok']);
    expect(JSON.stringify(traders.slice(2))).toMatch(/Sell 2(\.0+)? SOL1 @ 190/);
    expect(JSON.stringify(traders.slice(2))).not.toContain('ETH1');
    // The watcher still shows its own pick.
    expect((await b.text()).split('\n')[0]).toMatch(/^ ETH1 /);

    // A resize is the watcher's alone: at 100 columns its chart gets an area of its own (in
    // front of the PnL tab), where at 80 it was a tab behind the trades.
    b.resize(100, 30);
    await settled(b, /\[Chart\] PnL/);
    expect(await a.text()).toMatch(/\[Chart\] PnL/);
    expect((await a.text()).split('\n')[0]).toMatch(/^ SOL1 /);

    await b.press('q');
    expect((await b.exited).exitCode).toBe(0);
    await settled(a, 'ssh 1 viewer');

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    await a.exited;
    const log = readFileSync(path.join(stateDir, 'serve.log'), 'utf8');
    expect(log).toMatch(/connect fingerprint=\S+ address=127\.0\.0\.1:\d+ user=desk access=read-only/);
    expect(log).toMatch(/\bclose\b/);
  }, 90_000);
});
