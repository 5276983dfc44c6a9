import { describe, expect, it } from 'vitest';
import { textWidth } from '../format/width.js';
import { createAppStore } from '../../state/store.js';
import { view } from '../view/viewStore.js';
import { PANE_MIN, PANE_IDS } from '../app/layout.js';
import type { ContentPaneId } from './paneProps.js';
import { PANE_DEFS, PANES, PANE_TITLES } from './paneDefs.js';
import { PANE_SPECS } from './paneSpecs.js';
import { fullState, fullStore, solBook } from '../../../test/ui/support/paneFixtures.js';
import { renderPane, tick } from '../../../test/ui/support/renderPane.js';

const CONTENT: ContentPaneId[] = ['book', 'trades', 'chart', 'orders', 'positions', 'account', 'shareGroups', 'fills', 'agents', 'journal', 'heatmap'];
// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

function expectExactBox(lines: string[], width: number, height: number) {
  expect(lines).toHaveLength(height);
  for (const l of lines) expect(textWidth(plain(l))).toBe(width);
}

describe('pane registry', () => {
  it('has a component and a title for every pane id', () => {
    for (const id of PANE_IDS) {
      expect(PANES[id]).toBeDefined();
      expect(PANE_TITLES[id]).toBeTruthy();
    }
  });
  it('builds each pane from the spec of the same id, which the layout and staleness read', () => {
    for (const [id, def] of Object.entries(PANE_DEFS)) {
      const spec = PANE_SPECS[def.id];
      expect(def.id).toBe(id);
      expect({ id: def.id, size: def.size, staleness: def.staleness }).toEqual(spec);
      expect(def.staleness).toBe(spec.staleness);
    }
  });
});

describe('every pane fits its box exactly', () => {
  for (const id of CONTENT) {
    it(`${id}: from its minimum size up to 100 columns, full and empty`, async () => {
      const min = PANE_MIN[id];
      const sizes: [number, number][] = [
        [min.width, min.height],
        [min.width + 7, min.height + 3],
        [60, 14],
        [100, 24],
      ];
      for (const store of [fullStore(), createAppStore()]) {
        for (const [width, height] of sizes) {
          const r = renderPane(PANES[id], store, { width, height, focused: width > 60 });
          await tick();
          expectExactBox(r.lines(), width, height);
          r.unmount();
        }
      }
    });
  }
});

describe('pane content', () => {
  it('book: levels around the spread, own orders marked, cursor row present', async () => {
    const store = fullStore();
    const r = renderPane(PANES.book, store, { width: 40, height: 12, focused: true }, { view: { bookCursorRaw: '149' } });
    await tick();
    const f = plain(r.frame());
    expect(f).toContain('Book SOL1');
    expect(f).toMatch(/S +152 +7/);
    expect(f).toMatch(/B +149◆ +30/);
    expect(f).toContain('spread 2');
    // a new snapshot re-renders the pane
    const book = solBook(Date.now());
    book.levels[1][0] = { px: '151', sz: '3', n: 1 };
    store.setState({ market: { ...store.getState().market, books: { ...store.getState().market.books, 1: book } } });
    await tick();
    expect(plain(r.frame())).toMatch(/S +151 +3/);
    expect(plain(r.frame())).toContain('spread 1');
    r.unmount();
  });
  it('book: grouping shows in the title and buckets the levels', async () => {
    const r = renderPane(PANES.book, fullStore(), { width: 40, height: 12, focused: false }, { view: { bookGroupTicks: 5 } });
    await tick();
    const f = plain(r.frame());
    expect(f).toContain('grp 5');
    expect(f).toMatch(/B +145◆ +1,315 +1,327/); // own bid at 149 falls in the 145 bucket
    r.unmount();
  });
  it('says what each pane waits for on an empty store', async () => {
    const expected: Record<ContentPaneId, string> = {
      book: 'no contract selected',
      trades: 'no contract selected',
      chart: 'no contract selected',
      orders: 'no open orders',
      positions: 'waiting for account…',
      account: 'waiting for account…',
      shareGroups: 'no share groups',
      fills: 'no fills yet',
      agents: 'waiting for agents…',
      journal: 'no signed actions yet',
      algos: 'no algos: W starts one',
      accounts: 'no profiles',
      history: 'no history recorded',
      funding: 'no history recorded',
      pnl: 'no history recorded',
      alerts: 'no account to keep alert rules for here',
      heatmap: 'no contract selected',
    };
    for (const id of CONTENT) {
      const r = renderPane(PANES[id], createAppStore(), { width: 50, height: 10, focused: false });
      await tick();
      expect(plain(r.frame())).toContain(expected[id]);
      r.unmount();
    }
  });
  it('waits for the book and candles of a selected contract', async () => {
    const s = fullState(Date.now());
    const store = createAppStore({ market: { ...s.market!, books: {}, candles: {}, trades: {} } });
    for (const [id, text] of [['book', 'waiting for book…'], ['heatmap', 'waiting for book…'], ['trades', 'waiting for trades…'], ['chart', 'waiting for 1m candles of SOL1…']] as const) {
      const r = renderPane(PANES[id], store, { width: 50, height: 10, focused: false });
      await tick();
      expect(plain(r.frame())).toContain(text);
      r.unmount();
    }
  });
  it('orders: toggling the scope lists every contract', async () => {
    const r = renderPane(PANES.orders, fullStore(), { width: 80, height: 8, focused: true });
    await tick();
    expect(plain(r.frame())).toContain('Orders SOL1');
    expect(plain(r.frame())).not.toContain('59,000.5');
    view.toggleOrdersScope(r.view);
    await tick();
    const f = plain(r.frame());
    expect(f).toContain('Orders all contracts');
    expect(f).toMatch(/BTC1 +Buy +59,000\.5/);
    r.unmount();
  });
  it('share groups: a FROZEN group shows the banner that explains it', async () => {
    const r = renderPane(PANES.shareGroups, fullStore(), { width: 80, height: 8, focused: false });
    await tick();
    const f = plain(r.frame());
    expect(f).toContain('only reduce-only orders are accepted while FROZEN');
    expect(f).toMatch(/#1 +FROZEN/);
    r.unmount();
  });
  it('positions and agents show their key figures', async () => {
    const p = renderPane(PANES.positions, fullStore(), { width: 100, height: 6, focused: false });
    await tick();
    expect(plain(p.frame())).toMatch(/SOL1 +Long +\+10 +148 +151 +\+30\.00 +\+10\.14% +5x +cross +120 +TP 170 SL 140/);
    p.unmount();
    const a = renderPane(PANES.agents, fullStore(), { width: 60, height: 8, focused: false });
    await tick();
    const f = plain(a.frame());
    expect(f).toContain('anon 1/1 · named 2/3');
    expect(f).toContain('✗ expired');
    expect(f).toMatch(/desk +named +0xbbbb…0002 +2h0[45]m/);
    a.unmount();
  });
});

describe('focus and staleness', () => {
  it('draws the focused frame heavier', async () => {
    const r = renderPane(PANES.fills, fullStore(), { width: 40, height: 6, focused: false });
    await tick();
    expect(r.lines()[0]!.startsWith('╭')).toBe(true);
    r.rerender({ focused: true });
    await tick();
    expect(r.lines()[0]!.startsWith('┏')).toBe(true);
    r.unmount();
  });
  it('marks a pane stale when its feed is not live', async () => {
    const store = fullStore();
    const r = renderPane(PANES.trades, store, { width: 40, height: 6, focused: false });
    await tick();
    expect(plain(r.frame())).not.toContain('stale');
    const session = store.getState().session;
    store.setState({ session: { ...session, staleness: { ...session.staleness, trades: true } } });
    await tick();
    expect(plain(r.lines()[0]!)).toContain('⏸ stale');
    r.unmount();
  });
  it('marks a pane stale when its data is older than the configured threshold', async () => {
    const now = Date.now();
    const store = fullStore(now - 30_000);
    const fresh = renderPane(PANES.account, store, { width: 60, height: 6, focused: false }, { staleAfterMs: { account: 60_000 } });
    await tick();
    expect(plain(fresh.frame())).not.toContain('stale');
    fresh.unmount();
    const old = renderPane(PANES.account, store, { width: 60, height: 6, focused: false }, { staleAfterMs: { account: 10_000 } });
    await tick();
    expect(plain(old.lines()[0]!)).toMatch(/⏸ stale [23]\ds/);
    old.unmount();
  });
});
