import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { keys, launchTrading, lineWith, settled, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * The paper venue outlives the dashboard: trade, quit, start again on the same state
 * directory, and the same resting order, position, fill and journal lines are on screen,
 * with the account as the exchange keeps it (not registered again).
 */
const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-venue-'));
let d: TradingDashboard | undefined;
afterAll(async () => {
  await d?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('the embedded venue across restarts', () => {
  it('shows the same order, position, fill and journal after a quit and a new start', async () => {
    d = await launchTrading({ home });
    let t = d.term;
    await waitReady(t);
    // A resting buy far below the market, and a buy through the ask that fills.
    await keys(t, ['b', '1', '0', '0'], 'Buy 1 SOL1 @ 100 Gtc');
    await keys(t, [KEYS.enter], 'New order: confirm');
    await keys(t, [KEYS.enter], /Buy\s+100\s+1\/1/);
    await keys(t, ['b', '2', '0', '0'], 'Buy 1 SOL1 @ 200 Gtc');
    await keys(t, [KEYS.enter], 'New order: confirm');
    await keys(t, [KEYS.enter], /SOL1\s+Long\s+\+1\s/);
    const before = await settled(t, (s) => /Fills\s.*1 ─/.test(s) || /SOL1\s+Buy\s+\d+\s+1\b/.test(s));
    const entry = /SOL1\s+Long\s+\+1\s+(\d+)/.exec(before)![1];
    await t.press('q');
    expect((await t.exited).exitCode).toBe(0);

    d = await launchTrading({ home });
    t = d.term;
    const after = await settled(t, (s) => /Buy\s+100\s+1\/1/.test(s) && /SOL1\s+Long\s+\+1\s/.test(s) && /✓ Buy 1 SOL1 @ 200/.test(s), 30_000);
    expect(lineWith(after, /SOL1\s+Long/)).toMatch(new RegExp(`SOL1\\s+Long\\s+\\+1\\s+${entry}\\b`));
    expect(after).toMatch(/✓ Buy 1 SOL1 @ 100/);
    // The account was not registered again: its balance went down by the fee, not back to the start.
    expect(after).not.toMatch(/equity 5,000\.00 USDC/);
    // The venue was onboarded already: the start-up progress clears instead of staying on the bar.
    await settled(t, (x) => !x.includes('⧗ account ready'), 10_000);
  }, 90_000);
});
