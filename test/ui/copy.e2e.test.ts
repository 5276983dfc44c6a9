import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYS, spawnTerminal, type TerminalSession } from '../support/terminal.js';
import { tempDirs } from '../support/tempDirs.js';
import { ROOT } from './support/dashboard.js';
import { focusPane, keys, launchTrading, lineWith, settled, waitReady, type TradingDashboard } from './support/tradingDashboard.js';

/**
 * `y` and the remembered view in a real pty on the embedded exchange. One dashboard places an
 * order, copies its oid (the OSC 52 sequence must reach the terminal, the status bar must say
 * what), cycles the theme and picks another contract, then quits; a second start on the same
 * state directory opens on that contract with that theme. Inside tmux with `set-clipboard on`,
 * the copy lands in tmux's paste buffer.
 */

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const osc52 = (text: string) => `\x1b]52;c;${b64(text)}\x07`;
const firstLine = (s: string) => s.split('\n')[0] ?? '';

/** The environment launchDashboard gives the child: only the test's own HOME and XDG folders. */
function envFor(home: string): Record<string, string | undefined> {
  return {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_STATE_HOME: path.join(home, 'xdg-state'),
    NO_COLOR: undefined,
    PERPDESK_PRIVATE_KEY: undefined,
    PERPDESK_PASSWORD: undefined,
  };
}

let d: TradingDashboard | undefined;
let again: TerminalSession | undefined;
afterAll(async () => {
  again?.kill('SIGKILL');
  await d?.close();
});

describe('y copies the selected row; the theme and contract are remembered', () => {
  it('copies an order\'s oid with OSC 52, then starts again on the contract and theme it was left with', async () => {
    d = await launchTrading();
    const t = d.term;
    await waitReady(t);

    await keys(t, ['b', '1', '0', '0', KEYS.tab, '2'], 'Buy 2 SOL1 @ 100 Gtc');
    await keys(t, [KEYS.enter], 'New order: confirm');
    let s = await keys(t, [KEYS.enter], /#1 resting oid \d+/);
    const oid = /#1 resting oid (\d+)/.exec(s)![1]!;
    await settled(t, (x) => !x.includes('New order') && /Buy\s+100\s+2\/2/.test(x));

    await focusPane(t, 'Orders');
    await t.press('y');
    s = await t.waitFor(`copied oid ${oid}`);
    expect(lineWith(s, `copied oid ${oid}`)).toBeDefined();
    expect(t.output()).toContain(osc52(oid));

    // T cycles dark -> high-contrast; p picks ETH1.
    await keys(t, ['T'], 'theme: high-contrast');
    await keys(t, ['p'], 'Active · Tab');
    await t.type('ETH');
    s = await keys(t, [KEYS.enter], (x) => firstLine(x).startsWith(' ETH1') && x.includes('Book ETH1'));
    await t.press('q');
    expect((await t.exited).exitCode).toBe(0);

    const stateDir = path.join(d.home, 'state');
    const file = path.join(stateDir, 'view.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ theme: 'high-contrast', contract: 'ETH1' });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    // Same state directory: the same embedded market, opened on ETH1 in high-contrast (the next T says light).
    again = spawnTerminal('node', ['dist/cli.js', '--state-dir', stateDir, '--activity', 'calm'], { cols: 120, rows: 40, cwd: ROOT, env: envFor(d.home) });
    s = await again.waitFor((x) => x.includes('Book ETH1'), 20_000);
    expect(firstLine(s).startsWith(' ETH1')).toBe(true);
    await keys(again, ['T'], 'theme: light');
    await again.press('q');
    expect((await again.exited).exitCode).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ theme: 'light', contract: 'ETH1' });
  }, 60_000);
});

const hasTmux = spawnSync('sh', ['-c', 'command -v tmux'], { stdio: 'ignore' }).status === 0;
const tmp = tempDirs('perpdesk-tmux-');

describe.skipIf(!hasTmux)('inside tmux', () => {
  it('with set-clipboard on, y puts the book cursor\'s price in tmux\'s paste buffer', async () => {
    const home = tmp();
    // A server of its own (-L), no user config (-f /dev/null): the user's tmux is never touched.
    const socket = `perpdesk-test-${process.pid}`;
    const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8', env: cleanEnv(home) });
    const screen = () => tmux('capture-pane', '-p', '-t', 'dash');
    const waitScreen = async (ok: (s: string) => boolean, ms = 20_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const s = screen();
        if (ok(s)) return s;
        if (Date.now() > deadline) throw new Error(`tmux pane never showed what was awaited:\n${s}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      tmux('new-session', '-d', '-s', 'dash', '-x', '120', '-y', '40', '-c', ROOT, `exec node dist/cli.js --state-dir '${path.join(home, 'state')}'`);
      tmux('set', '-g', 'set-clipboard', 'on');
      await waitScreen((s) => s.includes('Book SOL1') && !s.includes('waiting for book') && !s.includes('empty book'));
      // j moves the book cursor off the spread onto a price level; y copies that price.
      tmux('send-keys', '-t', 'dash', 'j');
      await new Promise((r) => setTimeout(r, 150));
      tmux('send-keys', '-t', 'dash', 'y');
      const s = await waitScreen((x) => /copied price [\d.]+/.test(x));
      const price = /copied price ([\d.]+)/.exec(s)![1]!;
      expect(tmux('show-buffer')).toBe(price);
      tmux('send-keys', '-t', 'dash', 'q');
    } finally {
      try {
        tmux('kill-server');
      } catch {
        // Already gone with its last session.
      }
    }
  }, 40_000);
});

/** The tmux server and the dashboard in it get the test's HOME and XDG folders, and no CI (ink draws nothing under CI). */
function cleanEnv(home: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...envFor(home), TERM: 'xterm-256color' })) {
    if (v !== undefined && k !== 'CI' && k !== 'TMUX') out[k] = v;
  }
  return out;
}
