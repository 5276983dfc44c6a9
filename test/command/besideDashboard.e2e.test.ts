import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JournalFile } from '../../src/session/journalFile.js';
import { KEYS } from '../support/terminal.js';
import { closeAnswer, keys, launchTrading, waitReady, type TradingDashboard } from '../ui/support/tradingDashboard.js';
import { runCli } from './support/runCli.js';

/**
 * A command on the state directory of a running dashboard trades on the dashboard's own
 * embedded exchange, with its keys, its nonces and its journal: what the command places, the
 * screen shows. Once the dashboard is gone, a command starts an exchange of its own.
 */
let d: TradingDashboard;
afterAll(async () => {
  await d?.close();
});

describe('a command beside the dashboard', () => {
  it('places and cancels on the screen\'s exchange while the dashboard signs too', async () => {
    d = await launchTrading();
    const t = d.term;
    await waitReady(t);
    const stateDir = path.join(d.home, 'state');
    const cli = (args: string[]) => runCli([...args, '--state-dir', stateDir], { home: d.home });

    const placed = await cli(['order', 'buy', '2', '@', '100', '--yes']);
    expect(placed.code, placed.stderr).toBe(0);
    await t.waitFor((x) => /Buy\s+100\s+2\/2/.test(x), 15_000);

    // The dashboard signs with the same agent key meanwhile: no nonce is drawn twice.
    await keys(t, ['b', '9', '9', KEYS.tab, '1'], 'Buy 1 SOL1 @ 99 Gtc');
    await keys(t, [KEYS.enter], 'New order: confirm');
    await keys(t, [KEYS.enter], /#1 resting oid \d+/);
    await closeAnswer(t);
    const second = await cli(['order', 'sell', '1', '@', '200', '--yes']);
    expect(second.code, second.stderr).toBe(0);

    const listed = await cli(['orders']);
    expect(listed.code, listed.stderr).toBe(0);
    const prices = (listed.json as { limitPx: string }[]).map((o) => o.limitPx).sort();
    expect(prices).toEqual(['100', '200', '99']);

    const all = await cli(['cancel-all', '--yes']);
    expect(all.code, all.stderr).toBe(0);
    await t.waitFor((x) => x.includes('no open orders on SOL1'), 15_000);

    // One journal for both faces, each line saying which one signed; read back, each request
    // is one entry (its sent line and its answer, paired within its own face and signer).
    const journal = new JournalFile(stateDir).load(Number.MAX_SAFE_INTEGER).entries;
    expect(journal.filter((e) => e.face === 'cli').map((e) => e.action)).toEqual(['order', 'order', 'cancelAll']);
    expect(journal.filter((e) => e.face === 'dashboard').map((e) => e.action)).toContain('order');
    expect(journal.every((e) => e.outcome === 'ok')).toBe(true);

    // The dashboard dies without cleaning up: its record is ignored, the command runs its own exchange.
    d.term.kill('SIGKILL');
    await d.term.exited;
    const alone = await cli(['orders']);
    expect(alone.code, alone.stderr).toBe(0);
    expect(alone.json).toEqual([]);
    // A write on its own exchange: onboarding first (register, credit, enroll, collateral), then the order.
    const bought = await cli(['order', 'buy', '1', '--market', '--yes']);
    expect(bought.code, bought.stderr).toBe(0);
    const filled = (bought.json as { answer: { statuses: { filled?: { totalSz: string } }[] } }).answer.statuses[0]?.filled;
    expect(filled?.totalSz).toBe('1');
  }, 120_000);
});
