import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/session/index.js';
import { SignerSet } from '../../src/client/signers.js';
import { applyOverrides } from '../../src/keymap/index.js';
import type { Action, OrderSpec } from '../../src/protocol/wire/index.js';
import { createAppStore } from '../../src/state/store.js';
import { startAlerts } from '../../src/ui/alerts/alerts.js';
import { MONITOR_FILLS } from '../../src/ui/panes/fills/fillsList.js';
import { fills, fullStore, MARK } from './support/paneFixtures.js';
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

const MASTER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

function withExchange(sent: OrderSpec[][], o: { master?: boolean } = {}) {
  const exchange = {
    signers: new SignerSet({ agent: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a', ...(o.master ? { master: MASTER_KEY } : {}) }),
    newCloid: () => '1234',
    submit: async (action: Extract<Action, { type: 'order' }>) => {
      sent.push(action.orders.map((o) => ({ contractId: o.a, isBuy: o.b, ...(o.p === undefined ? {} : { price: o.p }), size: o.s, reduceOnly: o.r, tif: 'limit' in o.t ? o.t.limit.tif : 'Market', ...(o.c === undefined ? {} : { cloid: o.c }) })));
      return { ok: true as const, statuses: [{ resting: { oid: 77 } }], requestId: 'req-9', nonce: 1, signer: { role: 'agent' as const, address: '0x0' }, cloids: ['1234'] };
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
    expect(s).toContain('Notional: 140.00 USDC');
    expect(sent).toEqual([]);
    await app.vt.press(KEYS.enter);
    // Every item succeeded: the form closes by itself and the answer is a toast in the status bar.
    s = await app.vt.waitFor((x) => !x.includes('New order: confirm') && x.includes('#1 resting oid 77'));
    // The status bar, above the key hint line.
    expect(s.trimEnd().split('\n').at(-2)).toContain('✓ order answered [req-9]: #1 resting oid 77');
    expect(sent).toHaveLength(1);
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
    // The price opens prefilled from the book: taken out, Enter says what is missing.
    await app.vt.press('b', KEYS.backspace, KEYS.enter);
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

/** The fixture store with ETH1 (deployer 2, where the fixture account is not enrolled) selected. */
function onEth1() {
  const store = fullStore();
  store.setState({ market: { ...store.getState().market, selected: 'ETH1' } });
  return store;
}

describe('blockers on the confirm step', () => {
  it('not enrolled: says why and what to do, Enter does not sign, o then Enter sends', async () => {
    const sent: OrderSpec[][] = [];
    app = renderApp({ cols: 120, rows: 40, store: onEth1(), session: withExchange(sent) });
    await app.vt.waitFor('Book ETH1');
    await app.vt.press('b');
    await app.vt.waitFor('New order');
    await app.vt.press('3', '0', '0', '0', KEYS.tab, '1');
    await app.vt.waitFor('Buy 1.00 ETH1 @ 3,000.00 Gtc');
    await app.vt.press(KEYS.enter);
    let s = await app.vt.waitFor('New order: confirm');
    expect(s).toContain('the exchange is expected to refuse this: Enter does not sign');
    expect(s).toContain('• not enrolled in deployer 2: press E to enroll');
    expect(s).toContain('o override · n back · Esc close · Enter does not sign yet');
    await app.vt.press(KEYS.enter);
    s = await app.vt.waitFor('not sent: the exchange is expected to refuse it');
    await app.vt.press('y');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    // The dashboard's copy of the account may be out of date: the override still sends.
    await app.vt.press('o');
    s = await app.vt.waitFor('override armed: Enter signs and sends despite the refusal expected');
    await app.vt.press(KEYS.enter);
    await app.vt.waitFor('#1 resting oid 77');
    expect(sent).toEqual([[{ contractId: 3, isBuy: true, price: '3000', size: '1', reduceOnly: false, tif: 'Gtc', cloid: '1234' }]]);
  });

  it('the key a blocker names comes from the keymap in force, and runs its fix from the confirm step', async () => {
    const sent: OrderSpec[][] = [];
    const { bindings, errors } = applyOverrides({ 'deployer.enroll': 'N' });
    expect(errors).toEqual([]);
    app = renderApp({ cols: 120, rows: 40, store: onEth1(), session: withExchange(sent, { master: true }), bindings });
    await app.vt.waitFor('Book ETH1');
    await app.vt.press('b', '3', '0', '0', '0', KEYS.enter);
    const s = await app.vt.waitFor('New order: confirm');
    expect(s).toContain('• not enrolled in deployer 2: press N to enroll');
    // E is no longer the enroll key: it does nothing here.
    await app.vt.press('E');
    await new Promise((r) => setTimeout(r, 50));
    expect(await app.vt.text()).toContain('New order: confirm');
    await app.vt.press('N');
    // The enroll form, on the contract's deployer, in place of the order.
    const enroll = await app.vt.waitFor('Enroll in alt (2)');
    expect(enroll).toContain('Enroll in a market deployer');
    expect(enroll).not.toContain('New order');
    expect(sent).toEqual([]);
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
