import { afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { launchDashboard, type Dashboard } from './support/dashboard.js';
import { keys, launchTrading, settled, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * Ctrl-C in a read with another key, in a real pty: each burst is one write, as tmux
 * `send-keys Enter C-c` and a slow SSH link deliver them. The dashboard exits, and asks
 * once first while a signed request is in flight, as q does.
 */

let dash: Dashboard | undefined;
let trading: TradingDashboard | undefined;
afterEach(async () => {
  await dash?.stop();
  await trading?.close();
  dash = undefined;
  trading = undefined;
});

describe('Ctrl-C in a burst', () => {
  for (const [name, burst] of [
    ['Enter', `${KEYS.enter}${KEYS.ctrlC}`],
    ['Tab', `${KEYS.tab}${KEYS.ctrlC}`],
    ['j', `j${KEYS.ctrlC}`],
  ] as const) {
    it(`${name} then Ctrl-C in one write quits`, async () => {
      dash = launchDashboard([], { cols: 120, rows: 40 });
      const t = dash.term;
      await t.waitFor('Book SOL1', 30_000);
      // A key the dashboard answers first: the terminal is in raw mode now (before, the pty
      // itself would turn \x03 into SIGINT, exit 130, and test nothing of ours).
      await t.press('?');
      await t.waitFor('Help: keys', 20_000);
      await t.press(KEYS.escape);
      await t.waitFor((s) => !s.includes('Help: keys'), 20_000);
      // press() writes each string it is given in one write.
      await t.press(burst);
      const { exitCode } = await t.exited;
      expect(exitCode).toBe(0);
      expect(t.isAlternateScreen()).toBe(false);
    }, 60_000);
  }

  it('Enter on the confirm step then Ctrl-C in one write: asks once, Ctrl-C again quits', async () => {
    trading = await launchTrading();
    const t = trading.term;
    await waitReady(t);
    await keys(t, ['b', '1', '0', '0', KEYS.tab, '2'], 'Buy 2 SOL1 @ 100 Gtc');
    await keys(t, [KEYS.enter], 'New order: confirm');
    // Enter sends the order; the Ctrl-C read with it finds the request in flight.
    await t.press(`${KEYS.enter}${KEYS.ctrlC}`);
    await settled(t, 'Quit anyway? The exchange may still apply it.', 20_000);
    // Asked, not gone: the answer still arrives and shows.
    await t.waitFor(/#1 resting oid \d+/, 20_000);
    // The exchange is the dashboard's own (embedded): ask it before quitting.
    const r = await trading.info.userOrders(await trading.address(), 1, 1);
    expect(r.ok && r.value).toMatchObject([{ limitPx: '100', sz: '2' }]);
    await t.press(KEYS.ctrlC);
    const { exitCode } = await t.exited;
    expect(exitCode).toBe(0);
    expect(t.isAlternateScreen()).toBe(false);
  }, 90_000);
});
