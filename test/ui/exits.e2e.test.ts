import { afterEach, describe, expect, it } from 'vitest';
import { launchDashboard, type Dashboard } from './support/dashboard.js';

/** The ways out other than q, in a real pty: a crash and a refused start. The screen always comes back. */

let dash: Dashboard | undefined;
afterEach(async () => {
  await dash?.stop();
  dash = undefined;
});

describe('perpdesk exits', () => {
  it('gives the terminal back with a readable line when it crashes', async () => {
    dash = launchDashboard([], { env: { PERPDESK_CRASH_AFTER_MS: '500' } });
    const t = dash.term;
    const { exitCode } = await t.exited;
    expect(exitCode).toBe(70);
    expect(t.isAlternateScreen()).toBe(false);
    const s = await t.text();
    expect(s).toContain('perpdesk stopped after an unexpected error: crash requested by PERPDESK_CRASH_AFTER_MS');
    expect(s).not.toMatch(/\n\s+at /);
  });

  it('refuses an unknown --contract with a one-line message and exit code 2', async () => {
    dash = launchDashboard(['--contract', 'NOPE9']);
    const t = dash.term;
    const { exitCode } = await t.exited;
    expect(exitCode).toBe(2);
    expect(await t.text()).toMatch(/perpdesk: --contract NOPE9: no Active contract by that name \(Active: .*SOL1.*\)/);
    expect(t.isAlternateScreen()).toBe(false);
  });

  // Ctrl-C is covered by monitor.e2e.test.ts.
  it('SIGTERM restores the screen', async () => {
    dash = launchDashboard([], { cols: 100, rows: 30 });
    await dash.term.waitFor('Book SOL1', 20_000);
    expect(dash.term.isAlternateScreen()).toBe(true);
    dash.term.kill('SIGTERM');
    expect((await dash.term.exited).exitCode).toBe(143);
    expect(dash.term.isAlternateScreen()).toBe(false);
  });
});
