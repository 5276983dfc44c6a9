import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { runCli } from '../command/support/runCli.js';
import { keys, launchTrading, lineWith, settled, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * Execution algos from the keyboard, in a real pty on the embedded exchange: W opens the
 * algo menu, a TWAP runs to its end and its children are the account's fills; in the Algos
 * pane Space pauses, Space and Enter resume, x and Enter cancel; q while it runs asks first. The dashboard owns the algo
 * file while it runs: `perpdesk algo` on the same state directory lists its algos and is
 * refused a change, naming the dashboard's pid.
 */
let d: TradingDashboard;
afterAll(async () => {
  await d?.close();
});


/** Fills a TWAP form opened by W then 1: size, duration, slices; the side stays buy. */
async function twap(size: string, duration: string, slices: string, nth: number): Promise<void> {
  const t = d.term;
  await keys(t, ['W'], 'Work an order with an algo');
  await keys(t, ['1'], /Duration\s+10m/);
  await keys(t, [KEYS.tab, ...size], new RegExp(`Size\\s+${size}\\b`));
  await keys(t, [KEYS.tab, ...duration], new RegExp(`Duration\\s+${duration}\\b`));
  await keys(t, [KEYS.tab, ...slices], new RegExp(`in ${slices} Ioc slices`));
  await keys(t, [KEYS.enter], 'TWAP: confirm');
  // Started: the form goes and the Algos pane lists one more (the notice may be gone already).
  await keys(t, [KEYS.enter], (x) => !x.includes('TWAP: confirm') && x.split('\n').filter((l) => /TWAP\s+Buy\s+\d+\/\d+/.test(l)).length === nth);
}

describe('algos from the keyboard', () => {
  it('a TWAP runs to the end; pause, resume and cancel from the Algos pane; the CLI sees the owner', async () => {
    d = await launchTrading();
    const t = d.term;
    await waitReady(t);
    await keys(t, ['W'], 'TWAP: Ioc slices over a duration');
    await keys(t, [KEYS.escape], (s) => !s.includes('Work an order with an algo'));

    // Two slices 1.5 s apart buy 4 in all from the makers' asks.
    await twap('4', '3s', '2', 1);
    await settled(t, /TWAP\s+Buy\s+4\/4 .*done/, 20_000);
    // Its children bought exactly the total: the account holds 4 (positions pane).
    let s = await settled(t, /SOL1\s+Long\s+\+4\s/);

    // A slow one: its first slice may go at once; Space pauses it before the second.
    await twap('4', '120s', '2', 2);
    // Started: the Algos pane has the focus (its tab in front, the frame heavy).
    await settled(t, /┏━\s+Fills \[Algos\]/);
    s = await keys(t, [' '], /TWAP\s+Buy\s+\d\/4\s+\S+\s+paused/);

    // Another process on the same state directory reads the algos and may not change them.
    const home = path.join(d.home, 'cli-home');
    const stateDir = path.join(d.home, 'state');
    const list = await runCli(['--state-dir', stateDir, 'algo', 'list', '--json'], { home });
    expect(list.code).toBe(0);
    const listed = list.json as { owner: number | null; algos: { id: string; status: string; filled: string; total: string }[] };
    expect(listed.owner).toBeGreaterThan(0);
    expect(listed.algos.map((a) => [a.status, a.total])).toEqual([
      ['done', '4'],
      ['paused', '4'],
    ]);
    const slow = listed.algos[1]!.id;
    const refused = await runCli(['--state-dir', stateDir, 'algo', 'cancel', slow, '--yes', '--json'], { home });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`run by another perpdesk process (pid ${listed.owner})`);

    // Resume asks first (it sends orders again); cancel too, and ends it for good.
    s = await keys(t, [' '], 'Resume algo: confirm');
    expect(s).toContain(`resume ${slow}`);
    await keys(t, [KEYS.enter], /TWAP\s+Buy\s+\d\/4\s+\S+\s+running/);
    // q while it runs asks first, saying quitting pauses it; n stays and it keeps running.
    s = await keys(t, ['q'], 'Quit?');
    expect(s).toContain('1 algo is running: quitting pauses it');
    await keys(t, ['n'], (x) => !x.includes('Quit?') && /TWAP\s+Buy\s+\d\/4\s+\S+\s+running/.test(x));
    s = await keys(t, ['x'], 'Cancel algo: confirm');
    expect(s).toContain(`cancel ${slow} and its resting child orders`);
    await keys(t, [KEYS.enter], (x) => !x.includes('Cancel algo'));
    s = await settled(t, /TWAP\s+Buy\s+\d\/4\s+\S+\s+cancelled/);
    expect(lineWith(s, /TWAP\s+Buy\s+4\/4\s+\S+\s+done/)).toBeDefined();
  }, 90_000);
});
