import { afterEach, describe, expect, it } from 'vitest';
import { NON_VGA_GLYPHS } from '../../src/ui/theme/consoleGlyphs.js';
import { launchDashboard, type Dashboard } from './support/dashboard.js';

/** Issue 38, in a real pty: TERM=dumb is pointed to the command line; TERM=linux draws VGA glyphs only. */

let dash: Dashboard | undefined;
afterEach(async () => {
  await dash?.stop();
  dash = undefined;
});

describe('perpdesk on terminals that draw less', () => {
  it('TERM=dumb: one line, exit code 2, no alternate screen', async () => {
    dash = launchDashboard([], { env: { TERM: 'dumb' } });
    const { exitCode } = await dash.term.exited;
    expect(exitCode).toBe(2);
    expect(dash.term.output()).not.toContain('\x1b[?1049h');
    expect(dash.term.output().trim()).toMatch(/^perpdesk: TERM=dumb: this terminal cannot draw the dashboard; use the command line \(perpdesk help lists its commands/);
  });

  it('TERM=linux: the dashboard without a glyph the console fonts lack', async () => {
    dash = launchDashboard([], { env: { TERM: 'linux' } });
    const s = await dash.term.waitFor('Book SOL1', 20_000);
    expect(NON_VGA_GLYPHS.filter((g) => s.includes(g))).toEqual([]);
  });
});
