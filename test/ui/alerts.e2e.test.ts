import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRule, readAlertFile } from '../../src/alerts/alertFile.js';
import { tradingAccount } from '../algo/support/algoAccount.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { KEYS } from '../support/terminal.js';
import { launchDashboard } from './support/dashboard.js';

/**
 * The account's alert rules on the dashboard (issue 37), in a real pty against the embedded
 * exchange over loopback: a price rule kept in the alert file fires when the control route
 * moves the index across its level; the terminal gets OSC 9 and OSC 777 (config `alerts.osc`
 * "both") and the status bar says it. `alerts.mute` from the palette silences the terminal
 * for the next crossing while the status bar still says it. `!` on the book sets a rule at
 * the cursor's price.
 */
let ex: TestExchange;

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'off' });
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
}, 30_000);

afterAll(async () => {
  await ex?.close();
});

const OSC9 = '\u001b]9;';
const OSC777 = '\u001b]777;notify;';
const count = (text: string, what: string) => text.split(what).length - 1;

describe('alert rules on the dashboard', () => {
  it('a crossing reaches the terminal as OSC 9 and 777 and the status bar; muted, only the status bar', async () => {
    const who = await tradingAccount(ex);
    const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-e2e-alerts-'));
    const stateDir = path.join(home, 'state');
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    mkdirSync(path.join(home, 'config', 'perpdesk'), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(home, 'config', 'perpdesk', 'config.json'), JSON.stringify({ alerts: { osc: 'both' } }), { mode: 0o600 });
    const keyFile = path.join(home, 'master.key');
    writeFileSync(keyFile, `${who.key}\n`, { mode: 0o600 });
    addRule(stateDir, who.address, { id: 'up110', kind: 'price', contract: 'SOL1', source: 'mark', direction: 'above', level: '110' });
    const dash = launchDashboard(['--url', ex.url, '--ws', ex.wsUrl, '--key-file', keyFile, '--contract', 'SOL1'], { home });
    try {
      const t = dash.term;
      await t.waitFor((s) => s.includes('● ws') && /available\s+[\d,]+\.\d\d/.test(s), 30_000);
      expect(count(t.output(), OSC9)).toBe(0);

      await ex.control({ type: 'setIndexPrice', contractId: 1, px: '120' });
      await t.waitFor((s) => s.includes('alert up110'), 15_000);
      await t.waitFor(() => t.output().includes(OSC777), 5_000);
      const first = t.output();
      expect(count(first, OSC9)).toBe(1);
      expect(count(first, OSC777)).toBe(1);
      expect(first.slice(first.indexOf(OSC9), first.indexOf(OSC9) + 120)).toMatch(/SOL1/);

      // Mute this screen, then cross again (back under the level re-arms the rule).
      await t.press(':');
      await t.waitFor((s) => /palette|command/i.test(s), 5_000);
      await t.type('alerts.mute');
      await t.waitFor((s) => s.includes('alerts.mute') || /mute this screen/i.test(s), 5_000);
      await t.press(KEYS.enter);
      await t.waitFor((s) => s.includes('alerts muted on this'), 5_000);
      await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
      await new Promise((r) => setTimeout(r, 2_500));
      await ex.control({ type: 'setIndexPrice', contractId: 1, px: '121' });
      await t.waitFor((s) => s.includes('alert up110') && !s.includes('alerts muted on this'), 15_000);
      await new Promise((r) => setTimeout(r, 500));
      const after = t.output();
      expect(count(after, OSC9)).toBe(1);
      expect(count(after, OSC777)).toBe(1);

      // `!` on the book: a rule at the cursor's price, above the mark, kept in the alert file.
      const maker = await tradingAccount(ex, '8000000000');
      exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '130', size: '5', tif: 'Gtc' }]), maker.key));
      await t.waitFor((s) => /S\s+130\s/.test(s), 10_000);
      await t.press('k');
      await t.press('!');
      await t.waitFor((s) => s.includes('alert a1 set'), 5_000);
      const file = readAlertFile(stateDir, who.address);
      expect(file.rules.map((r) => r.id)).toEqual(['up110', 'a1']);
      expect(file.rules[1]).toMatchObject({ kind: 'price', contract: 'SOL1', direction: 'above', level: '130' });
    } finally {
      await dash.stop();
      rmSync(home, { recursive: true, force: true });
    }
  }, 90_000);
});
