import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type OrderLookup } from '../../src/protocol/wire/index.js';
import { JournalFile } from '../../src/session/journalFile.js';
import { tradingAccount } from '../algo/support/algoAccount.js';
import { isOrderRequest, startHoldingProxy, type HoldingProxy } from '../algo/support/holdingProxy.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { KEYS } from '../support/terminal.js';
import { launchDashboard, type Dashboard } from './support/dashboard.js';
import { focusPane, keys, lineWith, settled } from './support/tradingDashboard.js';

/**
 * Every unknown settles, on the dashboard (issue 31): the dashboard, in a real pty against a
 * deployment behind a proxy that holds the order request, is killed (SIGKILL) between
 * "sent" and "answered", at a seeded random moment after the request left; the request then
 * reaches the exchange or never does. The dashboard started again on the same state
 * directory shows, within seconds, the exchange's truth in the Journal pane for each such
 * entry (`↻ settled` with the oid, or `∅ not sent`), and no row is left saying "check the
 * exchange". Rounds: PERPDESK_KILL_ROUNDS (default 2), seed PERPDESK_KILL_SEED (default 31).
 */
let ex: TestExchange;
let proxy: HoldingProxy;
const ROUNDS = Number(process.env['PERPDESK_KILL_ROUNDS'] ?? 2);
const SEED = Number(process.env['PERPDESK_KILL_SEED'] ?? 31);

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'off' });
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  proxy = await startHoldingProxy(ex.url);
  const maker = await tradingAccount(ex, '8000000000');
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '101', size: '50', tif: 'Gtc' }]), maker.key));
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await ex?.close();
});

describe('the dashboard killed with an order in flight', () => {
  it('after a restart on the same state directory, the Journal pane shows what the exchange has for each entry, never "check the exchange"', async () => {
    const who = await tradingAccount(ex);
    const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-e2e-kill-'));
    const keyFile = path.join(home, 'master.key');
    writeFileSync(keyFile, `${who.key}\n`, { mode: 0o600 });
    const args = ['--url', proxy.url, '--ws', ex.wsUrl, '--key-file', keyFile, '--contract', 'SOL1'];
    const open = (frames?: string[]) => launchDashboard(args, { home, ...(frames ? { onFrame: (l: string[]) => frames.push(l.join('\n')) } : {}) });
    let dash: Dashboard | undefined;
    try {
      // Whether each round's request reaches the exchange, and how long after it left the kill lands.
      const rounds = fc.sample(fc.record({ arrives: fc.boolean(), killAfterMs: fc.integer({ min: 0, max: 40 }) }), { numRuns: ROUNDS, seed: SEED });
      if (ROUNDS >= 2) rounds[1]!.arrives = !rounds[0]!.arrives; // both truths at least once
      const truth = new Map<string, { arrives: boolean; px: string }>();
      for (const [k, round] of rounds.entries()) {
        dash = open();
        const t = dash.term;
        await t.waitFor((s) => s.includes('● ws') && /available\s+[\d,]+\.\d\d/.test(s), 30_000);
        const px = String(90 - k);
        const held = proxy.holdNext(isOrderRequest);
        await keys(t, ['b', ...px.split(''), KEYS.tab, '1'], `Buy 1 SOL1 @ ${px} Gtc`);
        await keys(t, [KEYS.enter], 'New order: confirm');
        await t.press(KEYS.enter);
        const request = await held;
        await new Promise((r) => setTimeout(r, round.killAfterMs));
        t.kill('SIGKILL');
        await t.exited;
        if (round.arrives) await request.forward();
        const cloid = /"(?:c|cloid)":"([^"]+)"/.exec(request.body)![1]!;
        truth.set(cloid, { arrives: round.arrives, px });
      }

      // The restart: every frame it draws is kept.
      const frames: string[] = [];
      dash = open(frames);
      const t = dash.term;
      await t.waitFor((s) => s.includes('● ws'), 30_000);
      // The Journal pane zoomed, so each row shows its result in words and its detail.
      await focusPane(t, 'Journal');
      await keys(t, ['z'], (s) => s.includes('Result'));
      const rowOf = (s: string, px: string) => lineWith(s, new RegExp(`Buy 1 SOL1 @ ${px}\\b`));
      const screen = await settled(
        t,
        (s) => [...truth.values()].every(({ px }) => /↻ settled|∅ not sent/.test(rowOf(s, px) ?? '')),
        30_000,
      );
      const records = (await ex.info<OrderLookup[]>({ type: 'ordersByCloids', user: who.address, cloids: [...truth.keys()] })).body;
      for (const [cloid, { arrives, px }] of truth) {
        expect(Boolean(records.find((l) => l.order.cloid === cloid)), `round at ${px}`).toBe(arrives);
        expect(rowOf(screen, px)).toContain(arrives ? '↻ settled' : '∅ not sent');
      }
      // The file says the same, with each placed order's oid.
      const file = new JournalFile(path.join(home, 'state')).load(100).entries.filter((e) => e.cloids?.some((c) => truth.has(c)));
      expect(file).toHaveLength(truth.size);
      for (const e of file) {
        const cloid = e.cloids![0]!;
        const onExchange = records.find((l) => l.order.cloid === cloid);
        expect(e.settled).toBe(truth.get(cloid)!.arrives ? 'placed' : 'absent');
        if (onExchange) expect(e.detail).toContain(`placed, oid ${onExchange.order.oid}, ${onExchange.status}`);
      }
      expect(screen).not.toContain('check the exchange');
      expect(screen).not.toContain('? no answer');
      // Once settled, it stays so: no later frame brings an unknown row back.
      const at = frames.findIndex((f) => [...truth.values()].every(({ px }) => /↻ settled|∅ not sent/.test(rowOf(f, px) ?? '')));
      expect(at).toBeGreaterThanOrEqual(0);
      expect(frames.slice(at).filter((f) => f.includes('check the exchange') || f.includes('? no answer'))).toEqual([]);
    } finally {
      await dash?.stop();
      rmSync(home, { recursive: true, force: true });
    }
  }, 180_000);
});
