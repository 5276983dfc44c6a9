import { afterEach, describe, expect, it } from 'vitest';
import { solBook } from './support/paneFixtures.js';
import type { Trade } from '../../src/protocol/wire/index.js';
import { KEYS } from '../support/terminal.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/**
 * The dashboard in a headless xterm at the sizes users run it at: the frame is at most
 * rows - 1 tall (ink clears the whole terminal on every update otherwise), no line is
 * wider than the screen, and live updates never scroll the terminal.
 */

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const SIZES = [
  [80, 24],
  [120, 40],
  [200, 60],
] as const;

async function expectFits(a: RenderedApp, cols: number, rows: number): Promise<string[]> {
  const screen = await a.vt.screen();
  expect(await a.vt.wrappedRows()).toEqual([]);
  expect(a.vt.widestFrameLine()).toBeLessThanOrEqual(cols);
  // rows - 1 used: the status bar, then the key hint line on the second-to-last row; the last stays empty.
  expect(screen[rows - 1]).toBe('');
  expect(screen[rows - 3]).toMatch(/TRADING|READ-ONLY|TR|RO/);
  expect(screen[rows - 2]).toContain('? help');
  expect(screen[0]).toContain('SOL1');
  expect(a.vt.scrollback()).toBe(0);
  expect(a.vt.lastFrameHeight()).toBeLessThanOrEqual(rows - 1);
  expect(a.vt.clears()).toBe(0);
  return screen;
}

function tick(a: RenderedApp, i: number): void {
  const now = Date.now();
  const s = a.store.getState();
  const extra: Trade = { contractId: 1, tid: 5000 + i, px: String(150 + (i % 3)), sz: String(1 + i), side: i % 2 ? 'A' : 'B', time: now };
  const book = solBook(now);
  book.levels[0][0] = { px: '150', sz: String(12 + i), n: 2 };
  a.store.setState({
    market: { ...s.market, books: { ...s.market.books, 1: book }, trades: { ...s.market.trades, 1: [...(s.market.trades[1] ?? []), extra].slice(-200) } },
  });
}

describe('screen geometry', () => {
  for (const [cols, rows] of SIZES) {
    it(`fits ${cols}x${rows} and stays put over live updates`, async () => {
      app = renderApp({ cols, rows });
      await app.vt.waitFor('Book SOL1');
      await expectFits(app, cols, rows);
      for (let i = 0; i < 6; i++) {
        tick(app, i);
        await new Promise((r) => setTimeout(r, 40));
      }
      await app.vt.waitFor((s) => s.includes('EMBEDDED'));
      const screen = await expectFits(app, cols, rows);
      expect(screen.join('\n')).toContain('Orders');
    });
  }

  it('says the terminal is too small below 80x24 and recovers on resize', async () => {
    app = renderApp({ cols: 70, rows: 20 });
    await app.vt.waitFor('terminal too small: need 80x24, have 70x20');
    app.vt.resize(100, 30);
    await app.vt.waitFor('Book SOL1');
    expect(await app.vt.text()).not.toContain('too small');
  });

  it('while the terminal is too small, trading keys open nothing; after a resize they work again', async () => {
    app = renderApp({ cols: 70, rows: 20 });
    await app.vt.waitFor('terminal too small');
    await app.vt.press('b', 'L', 'H', ':', '?', '/', 'p');
    expect(app.view.getState().form).toBeNull();
    expect(app.view.getState().overlays).toEqual([]);
    expect((await app.vt.text()).split('\n')[0]).toContain('terminal too small: need 80x24, have 70x20');
    app.vt.resize(100, 30);
    await app.vt.waitFor('Book SOL1');
    expect(app.view.getState().overlays).toEqual([]);
    await app.vt.press('b');
    await app.vt.waitFor('New order');
    expect(app.view.getState().form?.formId).toBe('order');
  });

  it('q quits while the terminal is too small', async () => {
    app = renderApp({ cols: 70, rows: 20 });
    await app.vt.waitFor('terminal too small');
    await app.vt.press('q');
    expect(app.quits()).toBe(1);
  });

  it('q while too small with a signed request in flight asks on the one line it has; n stays, y quits', async () => {
    app = renderApp({ cols: 70, rows: 20, view: { inFlight: 1 } });
    await app.vt.waitFor('terminal too small');
    await app.vt.press('q');
    await app.vt.waitFor('Quit anyway?');
    expect(app.quits()).toBe(0);
    await app.vt.press('b', 'n');
    await app.vt.waitFor((s) => s.includes('terminal too small') && !s.includes('Quit anyway?'));
    expect(app.view.getState().overlays).toEqual([]);
    await app.vt.press('q', 'y');
    expect(app.quits()).toBe(1);
  });

  it('lays out again when the terminal shrinks from 120x40 to 80x24', async () => {
    app = renderApp({ cols: 120, rows: 40 });
    await app.vt.waitFor('Book SOL1');
    app.vt.resize(80, 24);
    // The compact layout puts the account panes in one tabbed area.
    await app.vt.waitFor((s) => /\[Orders[^\]]*\]/.test(s));
    const screen = await app.vt.screen();
    expect(screen[23]).toBe('');
    expect(screen.every((l) => l.length <= 80)).toBe(true);
  });

  it('shows the mode badges: embedded exchange, or read-only monitor mode', async () => {
    app = renderApp({ cols: 120, rows: 40 });
    expect(await app.vt.waitFor('EMBEDDED EXCHANGE (paper)')).toContain('TRADING');
    app.unmount();
    app = renderApp({ cols: 120, rows: 40, mode: { readOnly: true, embedded: false, signer: 'none' } });
    const s = await app.vt.waitFor('READ-ONLY');
    expect(s).not.toContain('EMBEDDED');
    expect(s).toContain('no key');
  });
});

describe('command palette on screen', () => {
  const paletteRows = (screen: string) => screen.split('\n').filter((l) => l.includes('│') && /\(([a-zA-Z]+\.)*[a-zA-Z]+\)/.test(l));

  it('opens with no row highlighted; Enter there runs nothing', async () => {
    app = renderApp({ cols: 120, rows: 40 });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press(':');
    const s = await app.vt.waitFor('Command palette');
    expect(paletteRows(s).length).toBeGreaterThan(5);
    expect(paletteRows(s).some((l) => l.includes('›'))).toBe(false);
    expect(s).toContain(': ▏ type to filter · ↑↓ choose · Enter runs');
    await app.vt.press(KEYS.enter);
    expect(app.quits()).toBe(0);
    expect(app.view.getState().overlays).toEqual([{ kind: 'palette' }]);
    // A move highlights the first row.
    await app.vt.press(KEYS.down);
    await app.vt.waitFor((x) => paletteRows(x)[0]?.includes('›') ?? false);
  });

  it('typing fees puts the fee setting first, highlighted', async () => {
    app = renderApp({ cols: 120, rows: 40 });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press(':', 'f', 'e', 'e', 's');
    const s = await app.vt.waitFor(': fees');
    const rows = paletteRows(s);
    expect(rows[0]).toContain('›Set fee-rate overrides');
    expect(rows.join('\n')).not.toContain('Focus the next pane');
  });

  it('quit from the palette asks while a signed request is in flight, as q does', async () => {
    app = renderApp({ cols: 120, rows: 40, view: { inFlight: 1 } });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press(':', 'q', 'u', 'i', 't', KEYS.enter);
    await app.vt.waitFor('Quit?');
    expect(app.quits()).toBe(0);
    await app.vt.press('y');
    expect(app.quits()).toBe(1);
  });
});

describe('the / filter on screen', () => {
  it('at 80x24 the tabbed orders pane shows the filter line after its tab strip, and only the rows that pass', async () => {
    app = renderApp({ cols: 80, rows: 24, view: { focus: 'orders', ordersScope: 'all' } });
    await app.vt.waitFor((s) => /\[Orders[^\]]*\]/.test(s));
    await app.vt.press('/', 'b', 't', 'c');
    let s = await app.vt.waitFor('/btc▏ 1 of 3');
    expect(s).toMatch(/\[Orders[^\]]*\]/);
    expect(s).toContain('59,000.5');
    expect(s).not.toMatch(/SOL1\s+Buy\s+149/);
    await app.vt.press(KEYS.enter);
    s = await app.vt.waitFor((x) => x.includes('/btc 1 of 3'));
    expect(app.view.getState().filters).toEqual({ orders: 'btc' });
    await app.vt.press('/', KEYS.escape);
    s = await app.vt.waitFor((x) => !x.includes('/btc') && /SOL1\s+Buy\s+149/.test(x));
    expect(app.view.getState().filters).toEqual({});
  });

  it('help is searched under its title and keeps its size; no match says so', async () => {
    app = renderApp({ cols: 80, rows: 24 });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press('?');
    const before = (await app.vt.waitFor('Help: keys')).split('\n').filter((l) => /[┃│]/.test(l)).length;
    await app.vt.press('/', 'z', 'o', 'o', 'm');
    const s = await app.vt.waitFor('Help: keys /zoom▏');
    expect(s).toContain('Zoom');
    expect(s).not.toContain('Buy (new order)');
    expect(s.split('\n').filter((l) => /[┃│]/.test(l)).length).toBe(before);
    await app.vt.press('q', 'q');
    await app.vt.waitFor('no key matches /zoomqq');
  });
});
