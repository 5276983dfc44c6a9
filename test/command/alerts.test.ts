import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';
import { cliEnv, ROOT, runCli, tempHome } from './support/runCli.js';

/**
 * `perpdesk alert add|list|pause|rm` and `perpdesk alerts watch --json` as a user runs them
 * (the built CLI), against the embedded exchange over loopback: rules kept in the alert
 * file across runs, a config file's rule beside them, a crossing driven by setIndexPrice
 * printed as NDJSON and posted to a loopback webhook, a once-rule done for the next watch.
 */
let ex: TestExchange;
let home: string;
let base: string[];
let configFile: string;

beforeAll(async () => {
  ex = await startTestExchange();
  home = tempHome();
  const key = newKey();
  await ex.registerFunded(key);
  const keyFile = path.join(home, 'master.key');
  writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
  configFile = path.join(home, 'config.json');
  writeFileSync(configFile, JSON.stringify({ poll: { marketStateMs: 100 }, alerts: { rules: [{ kind: 'price', contract: 'SOL1', direction: 'above', level: '157', name: 'from config' }] } }));
  base = ['--url', ex.url, '--key-file', keyFile, '--config', configFile];
});

afterAll(async () => {
  await ex.close();
});

const cli = (args: string[]) => runCli([...base, ...args], { home });

/** `alerts watch` running: its NDJSON lines as they come, and its end. */
function watchCli(args: string[]) {
  const child = spawn(process.execPath, ['dist/cli.js', ...base, 'alerts', 'watch', '--json', ...args], { cwd: ROOT, env: cliEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => (clearTimeout(timer), resolve(code))));
  return { lines: () => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>), stderr: () => stderr, ended };
}

async function setIndex(px: string): Promise<void> {
  await ex.control({ type: 'setIndexPrice', contractId: 1, px });
}

describe('perpdesk alert', () => {
  it('add, pause, list: the file keeps them between runs; a wrong rule is refused in words (exit 2)', async () => {
    const a1 = await cli(['alert', 'add', 'price', 'SOL1', 'above', '155', '--once']);
    expect(a1.code).toBe(0);
    expect(a1.json).toMatchObject({ ok: true, rule: { id: 'a1', from: 'file', state: 'active', text: 'SOL1 mark above 155', rule: { kind: 'price', rearm: 'once' } } });
    expect((await cli(['alert', 'add', 'pnl', 'SOL1', 'below', '-100'])).json).toMatchObject({ rule: { id: 'a2', rule: { amount: '-100' } } });
    expect((await cli(['alert', 'pause', 'a2'])).json).toMatchObject({ ok: true, rule: { id: 'a2', state: 'paused' } });

    const bad = await cli(['alert', 'add', 'price', 'SOL1', 'sideways', '150']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('perpdesk: rule.direction: expected "above" or "below"\n');
    const unknown = await cli(['alert', 'rm', 'a9']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^perpdesk: no alert rule a9 in .*alerts-0x[0-9a-f]{40}\.json\n$/);

    const list = await cli(['alert', 'list']);
    expect(list.code).toBe(0);
    expect((list.json as { rules: { id: string; from: string; state: string }[] }).rules.map((r) => [r.id, r.from, r.state])).toEqual([
      ['a1', 'file', 'active'],
      ['a2', 'file', 'paused'],
      ['config-1', 'config', 'active'],
    ]);
  });

  it('alerts watch --json prints each alert of a setIndexPrice crossing as NDJSON and posts it; a done once-rule stays done after a restart', async () => {
    const posted: unknown[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        posted.push(JSON.parse(body));
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`;
    try {
      await setIndex('150');
      const first = watchCli(['--count', '2', '--webhook', url]);
      await waitFor(() => first.stderr().includes('perpdesk: watching 2 alert rules'), 'the watch to start', 15_000);
      // The first looks see 150 (marks are polled every 100 ms here): the rules are armed.
      await new Promise((r) => setTimeout(r, 600));
      await setIndex('160');
      expect(await first.ended).toBe(0);
      const lines = first.lines();
      expect(lines.map((l) => [l['rule'], l['kind'], l['contract'], l['value'], l['threshold']]).sort()).toEqual([
        ['a1', 'price', 'SOL1', '160', '155'],
        ['config-1', 'price', 'SOL1', '160', '157'],
      ]);
      expect(lines.find((l) => l['rule'] === 'config-1')!['message']).toBe('from config: SOL1 mark 160 crossed above 157');
      await waitFor(() => posted.length === 2, 'the webhook posts', 5_000);
      expect(posted).toEqual(expect.arrayContaining(lines));

      expect(((await cli(['alert', 'list'])).json as { rules: { id: string; state: string }[] }).rules.find((r) => r.id === 'a1')!.state).toBe('done');

      // The next watch: the once-rule is done, the config's fires again on the next crossing.
      await setIndex('150');
      const second = watchCli(['--count', '1']);
      await waitFor(() => second.stderr().includes('perpdesk: watching 1 alert rule'), 'the second watch', 15_000);
      await new Promise((r) => setTimeout(r, 600));
      await setIndex('160');
      expect(await second.ended).toBe(0);
      expect(second.lines().map((l) => l['rule'])).toEqual(['config-1']);
    } finally {
      server.close();
      await setIndex('150');
    }
  });

  it('a wrong rule in the config file is refused naming the file and the field', async () => {
    const badConfig = path.join(home, 'bad.json');
    writeFileSync(badConfig, JSON.stringify({ alerts: { rules: [{ kind: 'spread', contract: 'SOL1', ticks: 0 }] } }));
    const r = await runCli([...base.slice(0, 4), '--config', badConfig, 'alert', 'list'], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`perpdesk: ${badConfig}: alerts.rules.0.ticks: expected a whole number from 1 to 1000000\n`);
  });
});
