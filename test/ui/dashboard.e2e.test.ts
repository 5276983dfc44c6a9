import { afterEach, describe, expect, it } from 'vitest';
import { computeLayout } from '../../src/ui/app/layout.js';
import { frameViolations } from '../support/paneFrame.js';
import { KEYS } from '../support/terminal.js';
import { launchDashboard, type Dashboard } from './support/dashboard.js';

/**
 * `perpdesk` end to end in a real pty on the embedded exchange: the first frame, help, the
 * palette, the contract picker, a resize and a clean quit, one key per write.
 */

let dash: Dashboard | undefined;
afterEach(async () => {
  await dash?.stop();
  dash = undefined;
});

describe('perpdesk on the embedded exchange', () => {
  it('starts, navigates, switches contract, survives a resize and quits cleanly', async () => {
    dash = launchDashboard([], { cols: 120, rows: 40 });
    const t = dash.term;
    let s = await t.waitFor('Book SOL1', 20_000);
    expect(s).toContain('EMBEDDED EXCHANGE (paper)');
    expect(t.isAlternateScreen()).toBe(true);

    await t.press('?');
    await t.waitFor('Help: keys');
    await t.press(KEYS.escape);
    await t.waitFor((x) => !x.includes('Help: keys'));

    // The palette runs a command: zoom gives the whole body to the focused book.
    await t.press(':');
    await t.waitFor('Command palette');
    await t.type('zoom');
    await t.waitFor('(pane.zoom)');
    await t.press(KEYS.enter);
    s = await t.waitFor((x) => !x.includes('Command palette') && !x.includes('Trades SOL1'));
    expect(s).toContain('Book SOL1');
    await t.press('z');
    await t.waitFor('Trades SOL1');

    await t.press('p');
    await t.waitFor('Active · Tab');
    await t.type('ETH');
    await t.press(KEYS.enter);
    await t.waitFor((x) => x.split('\n')[0]!.startsWith(' ETH1') && x.includes('Book ETH1'));

    t.resize(80, 24);
    s = await t.waitFor((x) => x.includes('[Orders') && x.split('\n')[0]!.startsWith(' ETH1'));
    const screen = await t.screen();
    expect(screen.every((l) => l.length <= 80)).toBe(true);
    expect(frameViolations(await t.grid(), computeLayout(80, 24))).toEqual([]);

    await t.press('q');
    const { exitCode } = await t.exited;
    expect(exitCode).toBe(0);
    expect(t.isAlternateScreen()).toBe(false);
  });

  it('shows a live book and moving trades', async () => {
    dash = launchDashboard(['--activity', 'busy'], { cols: 120, rows: 40 });
    const t = dash.term;
    await t.waitFor('Book SOL1', 20_000);
    // A price level with a size on both sides of the spread, and trades on the tape.
    await t.waitFor((x) => !x.includes('empty book') && !x.includes('waiting for book'), 20_000);
    const tape = async () => (await t.screen()).slice(2, 18).map((l) => l.slice(-32)).join('\n');
    await t.waitFor((x) => !x.includes('waiting for trades'), 20_000);
    const first = await tape();
    const deadline = Date.now() + 20_000;
    while ((await tape()) === first) {
      if (Date.now() > deadline) throw new Error(`the trade tape did not move:\n${await t.text()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await t.press('q');
    expect((await t.exited).exitCode).toBe(0);
  });
});
