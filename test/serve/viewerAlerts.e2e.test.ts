import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRule } from '../../src/alerts/alertFile.js';
import { tradingAccount } from '../algo/support/algoAccount.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { newKey, openShell, writeAuthorizedKeys, type Shell } from './support/sshHarness.js';
import { startServe } from './support/serveProcess.js';
import { xtermScreen } from './support/xtermShell.js';

/**
 * `perpdesk serve` (issue 37): the account's alert rules reach every viewer's own terminal as
 * OSC 9, over ssh2 against a deployment on loopback; a viewer that muted alerts (palette
 * `alerts.mute`) gets none on its terminal and still reads the alert in its status bar. `:`
 * `viewers` lists who is connected, by key name.
 */
const tempDir = tempDirs('perpdesk-viewer-alerts-');
let server: ChildProcess | undefined;
let ex: TestExchange;
const shells: Shell[] = [];
const OSC9 = '\u001b]9;';
const count = (text: string, what: string) => text.split(what).length - 1;

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'off' });
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
}, 30_000);

afterAll(async () => {
  for (const s of shells) s.client.end();
  server?.kill('SIGKILL');
  await ex?.close();
});

describe('perpdesk serve: alerts on each viewer, and who is connected', () => {
  it("each viewer's terminal gets the account's alert; a muted one only its status bar", async () => {
    const who = await tradingAccount(ex);
    const home = tempDir();
    const stateDir = path.join(home, 'state');
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    const keyFile = path.join(home, 'master.key');
    writeFileSync(keyFile, `${who.key}\n`, { mode: 0o600 });
    addRule(stateDir, who.address, { id: 'up110', kind: 'price', contract: 'SOL1', source: 'mark', direction: 'above', level: '110' });
    const a = newKey('alice@laptop');
    const b = newKey('bob@phone');
    const keysFile = writeAuthorizedKeys(home, [a.public, b.public]);
    let port: number;
    ({ server, port } = await startServe(home, ['--authorized-keys', keysFile, '--state-dir', stateDir, '--url', ex.url, '--ws', ex.wsUrl, '--key-file', keyFile, '--contract', 'SOL1']));

    const screens = [];
    for (const k of [a, b]) {
      const sh = await openShell(port, k.private, { cols: 120, rows: 40 });
      shells.push(sh);
      const sc = xtermScreen(sh.stream, 120, 40);
      await sc.waitFor((s) => s.includes(': commands') && s.includes('● ws'), 30_000);
      screens.push(sc);
    }
    const [sa, sb] = screens as [ReturnType<typeof xtermScreen>, ReturnType<typeof xtermScreen>];
    // Who is connected (issue 38): each key by its name, read-only or trading.
    await sa.type(':');
    await sa.waitFor('Command palette');
    await sa.type('viewers');
    await sa.type('\r');
    const list = await sa.waitFor('Viewers (2 connected)');
    expect(list).toMatch(/alice@laptop\s+read-only\s+since \d\d:\d\d:\d\d/);
    expect(list).toMatch(/bob@phone\s+read-only/);
    await sa.type('\x1b');
    await sa.waitFor((x) => !x.includes('Viewers (2 connected)'));
    await sb.type(':');
    await sb.waitFor('Command palette');
    await sb.type('alerts.mute');
    await sb.type('\r');
    await sb.waitFor('alerts muted on this');

    await ex.control({ type: 'setIndexPrice', contractId: 1, px: '120' });
    await sa.waitFor('alert up110', 15_000);
    await sb.waitFor('alert up110', 15_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(count(sa.raw(), OSC9)).toBe(1);
    expect(count(sb.raw(), OSC9)).toBe(0);
  }, 120_000);
});
