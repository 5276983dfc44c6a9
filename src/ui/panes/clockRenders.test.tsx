import { Profiler, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../state/store.js';
import { Header } from '../app/Header.js';
import { StatusBar } from '../app/StatusBar.js';
import { PANES } from './paneDefs.js';
import type { PaneProps } from './paneProps.js';
import { fullStore } from '../../../test/ui/support/paneFixtures.js';
import { renderPane } from '../../../test/ui/support/renderPane.js';
import { keepSameRows } from './memo.js';

/**
 * What the clock costs a screen: a pane or bar whose shown ages and countdowns read the same
 * at a tick as at the last does not re-render for it. Counted as React commits of the
 * subtree (a Profiler), on fake time.
 */
const NOW = 1_700_000_000_000;
const SIZE = { width: 80, height: 12, focused: false } satisfies PaneProps;

function counted(Inner: ComponentType<PaneProps>): { Pane: ComponentType<PaneProps>; commits: () => number } {
  let n = 0;
  const Pane = (p: PaneProps) => (
    <Profiler id="pane" onRender={() => void n++}>
      <Inner {...p} />
    </Profiler>
  );
  return { Pane, commits: () => n };
}

/** Commits of the pane over `seconds` of the clock, after it settled. */
async function commitsOver(Inner: ComponentType<PaneProps>, store: AppStore, seconds: number): Promise<{ commits: number; frame: string }> {
  const { Pane, commits } = counted(Inner);
  const r = renderPane(Pane, store, SIZE);
  await vi.advanceTimersByTimeAsync(1_500);
  const before = commits();
  await vi.advanceTimersByTimeAsync(seconds * 1_000);
  const after = commits();
  const frame = r.frame();
  r.unmount();
  return { commits: after - before, frame };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('clock-driven renders', () => {
  it('an empty Orders pane (a clock pane) does not re-render on the clock', async () => {
    const { commits, frame } = await commitsOver(PANES.orders, createAppStore(), 5);
    expect(frame).toContain('Orders');
    expect(commits).toBe(0);
  });

  it('an Orders pane listing orders re-renders each second (their ages move)', async () => {
    const { commits } = await commitsOver(PANES.orders, fullStore(NOW), 5);
    expect(commits).toBeGreaterThanOrEqual(4);
  });

  it('an Orders pane whose orders are hours old does not re-render at ticks where their ages read the same', async () => {
    const store = fullStore(NOW);
    const o = store.getState().orders;
    const old = Object.fromEntries(Object.entries(o.open).map(([oid, order]) => [oid, { ...order, timestamp: NOW - 3 * 3_600_000 }]));
    store.setState({ orders: { ...o, open: old } });
    const { commits, frame } = await commitsOver(PANES.orders, store, 5);
    expect(frame).toContain('3h');
    expect(commits).toBe(0);
  });

  it('a fresh book does not re-render on the clock; a stale one counts its age each second', async () => {
    const a = await commitsOver(PANES.book, fullStore(NOW), 5);
    expect(a.frame).not.toContain('stale');
    expect(a.commits).toBe(0);

    const stale = fullStore(NOW);
    const s = stale.getState().session;
    stale.setState({ session: { ...s, staleness: { ...s.staleness, book: true } } });
    const b = await commitsOver(PANES.book, stale, 5);
    expect(b.frame).toContain('stale');
    expect(b.commits).toBeGreaterThanOrEqual(4);
  });

  it('the status bar re-renders on the clock only when what it shows of it reads otherwise', async () => {
    const Bar = ({ width }: PaneProps) => <StatusBar width={width} />;
    // No book yet: the bar reads "data —" at every tick.
    const still = await commitsOver(Bar, createAppStore(), 5);
    expect(still.frame).toContain('data —');
    expect(still.commits).toBe(0);
    // A book that stopped at NOW: the age reads 1s, 2s, ... so each tick is a render.
    const ageing = await commitsOver(Bar, fullStore(NOW), 5);
    expect(ageing.frame).toMatch(/data \d+s/);
    expect(ageing.commits).toBeGreaterThanOrEqual(4);
  });
});

describe('the funding countdown', () => {
  it('reads the time to the next funding in the header, and re-renders only when its minute changes', async () => {
    const Head = ({ width }: PaneProps) => <Header width={width} />;
    const store = fullStore(NOW);
    const m = store.getState().market;
    store.setState({ market: { ...m, marketStates: { ...m.marketStates, 1: { ...m.marketStates[1]!, nextFundingTime: NOW + 42 * 60_000 + 1_500 } } } });
    const { Pane, commits } = counted(Head);
    const r = renderPane(Pane, store, { width: 120, height: 1, focused: false });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.frame()).toMatch(/funding [+−]?[\d.]+% in 42m/);
    const before = commits();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(commits() - before).toBeLessThanOrEqual(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(r.frame()).toMatch(/in 4[01]m/);
    r.unmount();
  });
});

describe('keepSameRows', () => {
  it('keeps the last array when the rebuilt rows are alike, and a new one when a row differs', () => {
    let input = [{ key: 'a', v: '1' }, { key: 'b', v: '2' }];
    const rows = keepSameRows((x: typeof input) => x.map((r) => ({ ...r })));
    const first = rows(input);
    expect(rows(input)).toBe(first);
    input = [{ key: 'a', v: '1' }, { key: 'b', v: '3' }];
    const changed = rows(input);
    expect(changed).not.toBe(first);
    expect(changed[1]!.v).toBe('3');
    expect(rows([...input, { key: 'c', v: '4' }])).toHaveLength(3);
  });
});
