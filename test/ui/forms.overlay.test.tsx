import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/session/index.js';
import { SignerSet } from '../../src/client/signers.js';
import type { OrderSpec } from '../../src/protocol/wire/index.js';
import { createAppStore } from '../../src/state/store.js';
import { startAlerts } from '../../src/ui/alerts/alerts.js';
import { MONITOR_FILLS } from '../../src/ui/panes/fills/FillsPane.js';
import { fills, fullStore, MARK } from '../../src/ui/panes/testing/fixtures.js';
import { createViewStore } from '../../src/ui/view/viewStore.js';
import { KEYS } from '../support/terminal.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/**
 * The form overlay drawn by ink in a virtual terminal, keys through a fake stdin one at a
 * time, over fixture stores. The exchange is a double that records calls: these tests are
 * about what the screen shows and what is (not) sent, not about the exchange.
 */

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

function withExchange(sent: OrderSpec[][]) {
  const exchange = {
    signers: new SignerSet({ agent: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' }),
    order: async (specs: OrderSpec[]) => {
      sent.push(specs);
      return { ok: true as const, statuses: [{ resting: { oid: 77 } }], requestId: 'req-9', nonce: 1, signer: { role: 'agent' as const, address: '0x0' }, cloids: [] };
    },
  };
  // The chart asks the session for candles; these tests draw no chart data.
  return { exchange, watchCandles: () => () => {} } as unknown as Session;
}

describe('the form overlay on screen', () => {
  it('b opens the order form; typing shows inline errors; Enter confirms, Enter sends, the answer shows', async () => {
    const sent: OrderSpec[][] = [];
    app = renderApp({ cols: 120, rows: 40, session: withExchange(sent) });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press('b');
    await app.vt.waitFor('New order');
    await app.vt.press('1', '4', 'x');
    let s = await app.vt.waitFor('✕ Price: "14x" is not a decimal number');
    expect(s).toContain('› Price');
    await app.vt.press(KEYS.backspace, '0');
    s = await app.vt.waitFor('Buy 1 SOL1 @ 140 Gtc');
    expect(s).not.toContain('✕ Price');
    await app.vt.press(KEYS.enter);
    s = await app.vt.waitFor('New order: confirm');
    expect(s).toContain('Notional: 140 USDC');
    expect(sent).toEqual([]);
    await app.vt.press(KEYS.enter);
    s = await app.vt.waitFor('#1 resting oid 77');
    expect(s).toContain('order answered [req-9]:');
    expect(sent).toHaveLength(1);
    await app.vt.press(KEYS.escape);
    await app.vt.waitFor((x) => !x.includes('New order'));
  });

  it('Tab moves the focus marker, Space cycles a choice, Escape closes with nothing sent', async () => {
    const sent: OrderSpec[][] = [];
    app = renderApp({ cols: 120, rows: 40, session: withExchange(sent) });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press('s');
    await app.vt.waitFor('› Price');
    await app.vt.press(KEYS.shiftTab);
    await app.vt.waitFor('› Type');
    await app.vt.press(' ');
    await app.vt.waitFor('‹ Ioc ›');
    await app.vt.press(KEYS.tab, KEYS.tab);
    await app.vt.waitFor('› Size');
    await app.vt.press(KEYS.escape);
    await app.vt.waitFor((x) => !x.includes('New order'));
    expect(sent).toEqual([]);
  });

  it('Enter on an invalid form says "not sent" and sends nothing', async () => {
    const sent: OrderSpec[][] = [];
    app = renderApp({ cols: 80, rows: 24, session: withExchange(sent) });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press('b', KEYS.enter);
    await app.vt.waitFor('not sent: Price: required');
    expect(sent).toEqual([]);
    // At 80x24 the box fits the screen: nothing wraps or scrolls.
    const screen = await app.vt.screen();
    expect(screen.every((l) => l.length <= 80)).toBe(true);
    expect(app.vt.scrollback()).toBe(0);
  });

  it('monitor mode: the fills pane says why it is empty instead of going stale', async () => {
    app = renderApp({ cols: 120, rows: 40, mode: { readOnly: true, signer: 'none' }, store: createAppStore() });
    const s = await app.vt.waitFor('fills are not available');
    expect(MONITOR_FILLS).toContain('no fills query without a signature');
    const border = s.split('\n').find((l) => l.includes('Fills')) ?? '';
    expect(border.slice(border.indexOf('Fills'), border.indexOf('╮'))).not.toContain('stale');
  });
});

describe('alerts', () => {
  it('a new fill rings the bell and says so in the status bar; history does not', () => {
    const now = Date.now();
    const store = fullStore(now);
    const view = createViewStore();
    let bells = 0;
    const stop = startAlerts({ store, view, settings: {}, bell: () => (bells += 1), since: now });
    const s = store.getState();
    store.setState({ orders: { ...s.orders, fills: [...s.orders.fills] } });
    expect(bells).toBe(0);
    const fresh = { ...fills(now)[0]!, tid: 999, time: now + 1, sz: '4' };
    store.setState({ orders: { ...s.orders, fills: [...s.orders.fills, fresh] } });
    expect(bells).toBe(1);
    expect(view.getState().notice?.text).toBe('Filled: buy 4 SOL1 @ 149 (maker, fee 0.0596 USDC)');
    stop();
  });

  it('a position nearing liquidation warns once, with the bell off when configured', () => {
    const store = fullStore();
    const view = createViewStore();
    let bells = 0;
    const stop = startAlerts({ store, view, settings: { bell: false, liquidationDistancePct: '25' }, bell: () => (bells += 1) });
    const s = store.getState();
    // SOL1 long liquidates at 120: a mark of 125 is 4% away.
    store.setState({ market: { ...s.market, marketStates: { ...s.market.marketStates, 1: { ...MARK, markPx: '125' } } } });
    expect(view.getState().notice).toMatchObject({ tone: 'warning' });
    expect(view.getState().notice?.text).toContain('SOL1 long: mark 125 is 4.00% from liquidation at 120');
    view.setState({ notice: null });
    store.setState({ market: { ...s.market, marketStates: { ...s.market.marketStates, 1: { ...MARK, markPx: '124' } } } });
    expect(view.getState().notice).toBeNull();
    expect(bells).toBe(0);
    stop();
  });
});
