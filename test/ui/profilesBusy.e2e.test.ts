import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { KEYS } from '../support/terminal.js';
import { one, trader, type Trader } from '../exchange/traders.js';
import { launchDashboard, type Dashboard } from './support/dashboard.js';
import { writeProfiles } from './support/profileConfig.js';
import { keys, settled } from './support/tradingDashboard.js';

/**
 * The profile switch of profiles.e2e.test.ts, under a busy market and checked frame by
 * frame: every synchronized frame the dashboard draws is read as the terminal would show
 * it, over eleven switches between two accounts, while the bots trade and the book, trades
 * and candles stream. A frame whose header names one account must hold no figure of the
 * other (address, collateral, chain balance, resting order, agent). The picker lists both
 * accounts by design, so its box is blanked before the check; the rest of the screen under
 * it is still checked.
 */
let ex: TestExchange;
let d: Dashboard | undefined;
const home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-profiles-busy-'));
let alice: Trader;
let bob: Trader;

const SOL = 1;
const SWITCHES = 11;
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

interface Account {
  name: 'alice' | 'bob';
  who: Trader;
  /** The header's equity, collateral locked and no position: it does not move with the market. */
  equity: string;
  /** Its resting order's row in the Orders pane. */
  order: RegExp;
  /** What only this account's frames may show. */
  figures: (string | RegExp)[];
}

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'busy', blockMs: 100 });
  [alice, bob] = await Promise.all([trader(ex, 2_000n), trader(ex, 3_000n)]);
  // One resting order each, far below the bots' market (around 150) so nothing fills it.
  await one(ex, alice, { contractId: SOL, isBuy: true, price: '113', size: '7' });
  await one(ex, bob, { contractId: SOL, isBuy: true, price: '127', size: '13' });
}, 30_000);
afterAll(async () => {
  await d?.stop();
  await ex?.close();
  rmSync(home, { recursive: true, force: true });
});

async function openOrders(who: Trader): Promise<{ limitPx: string; sz: string }[]> {
  return (await ex.info<{ limitPx: string; sz: string }[]>({ type: 'userOrders', user: who.address, marketDeployerId: 1 })).body;
}

/** The frame without the profile picker's box (it lists every profile's address and equity). */
function withoutPicker(lines: string[]): string[] {
  const top = lines.findIndex((l) => l.includes('┏━ Profile ━'));
  if (top < 0) return lines;
  const left = lines[top]!.indexOf('┏━ Profile ━');
  const right = lines[top]!.indexOf('┓', left);
  let bottom = lines.findIndex((l, y) => y > top && l[left] === '┗');
  if (bottom < 0) bottom = lines.length - 1;
  return lines.map((l, y) => (y < top || y > bottom ? l : l.slice(0, left) + ' '.repeat(Math.max(0, right + 1 - left)) + l.slice(right + 1)));
}

const has = (screen: string, f: string | RegExp) => (typeof f === 'string' ? screen.includes(f) : f.test(screen));

describe('switching profiles under busy market activity', () => {
  it('never draws a figure of the other account, over many switches, and trades for the account in view', async () => {
    await writeProfiles(ex, home, [['alice', alice], ['bob', bob]]);

    const A: Account = {
      name: 'alice',
      who: alice,
      equity: '2,000.00',
      order: /Buy\s+113\s+7\/7/,
      figures: [short(alice.address), '2,000.00', '8,000.00', /Buy\s+113\s+7\/7/, 'alice-desk'],
    };
    const B: Account = {
      name: 'bob',
      who: bob,
      equity: '3,000.00',
      order: /Buy\s+127\s+13\/13/,
      figures: [short(bob.address), '3,000.00', '7,000.00', /Buy\s+127\s+13\/13/, 'bob-desk'],
    };
    const checked = { alice: 0, bob: 0, neither: 0 };
    const violations: string[] = [];
    const onFrame = (raw: string[]) => {
      const lines = withoutPicker(raw);
      const screen = lines.join('\n');
      const header = lines.slice(0, 2).join('\n');
      const showsA = header.includes(short(alice.address));
      const showsB = header.includes(short(bob.address));
      const inView = showsA && !showsB ? A : showsB && !showsA ? B : undefined;
      if (inView) {
        checked[inView.name]++;
        const other = inView === A ? B : A;
        const leaked = other.figures.filter((f) => has(screen, f));
        if (leaked.length > 0) violations.push(`header ${inView.name}, figures of ${other.name}: ${leaked.map(String).join(', ')}\n${raw.join('\n')}`);
      } else {
        // No account named (start-up, or between two): still no frame may mix the two.
        checked.neither++;
        if (A.figures.some((f) => has(screen, f)) && B.figures.some((f) => has(screen, f))) violations.push(`no single account in the header, figures of both:\n${raw.join('\n')}`);
      }
    };

    d = launchDashboard([], { cols: 120, rows: 40, home, onFrame });
    const t = d.term;
    // In view and whole: its header, equity, resting order and agent, and the stream up.
    const showing = (acc: Account) => (s: string) =>
      s.includes(short(acc.who.address)) && s.includes(`equity ${acc.equity}`) && acc.order.test(s) && s.includes(`${acc.name}-desk`) && s.includes('● ws');
    await settled(t, showing(A), 30_000);
    let view = A;
    for (let i = 0; i < SWITCHES; i++) {
      const to = view === A ? B : A;
      await keys(t, ['P'], 'Profile');
      await keys(t, [...to.name], new RegExp(`›?\\s*${to.name}\\s`));
      await keys(t, [KEYS.enter], showing(to), 30_000);
      view = to;
    }
    expect(view).toBe(B);

    // On bob now, the account the dashboard did not start with: an order goes to bob's account.
    await keys(t, ['b', '1', '0', '0'], 'Buy 1 SOL1 @ 100 Gtc');
    await keys(t, [KEYS.enter], 'New order: confirm');
    await keys(t, [KEYS.enter], /Buy\s+100\s+1\/1/);
    expect((await openOrders(bob)).map((o) => `${o.limitPx} ${o.sz}`).sort()).toEqual(['100 1', '127 13']);
    expect((await openOrders(alice)).map((o) => `${o.limitPx} ${o.sz}`)).toEqual(['113 7']);

    // The first few offending frames, whole, and how many there were.
    expect(violations.slice(0, 3), `${violations.length} frames showed a figure of the account not in view`).toEqual([]);
    // The hook saw the run: many frames of each account, more than one per switch.
    expect(checked.alice).toBeGreaterThanOrEqual(2 * SWITCHES);
    expect(checked.bob).toBeGreaterThanOrEqual(2 * SWITCHES);
  }, 90_000);
});
