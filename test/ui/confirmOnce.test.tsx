import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/session/index.js';
import { SignerSet } from '../../src/client/signers.js';
import { KEYS } from '../support/terminal.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/** A confirm step says what the order is once, reduce-only or not. */

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

function quietExchange(): Session {
  const exchange = { signers: new SignerSet({ agent: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' }), newCloid: () => '1234', submit: async () => ({ ok: false }) };
  return { exchange, watchCandles: () => () => {} } as unknown as Session;
}

const times = (screen: string, re: RegExp) => screen.split('\n').filter((l) => re.test(l)).length;

describe('the confirm step names the order once', () => {
  it('a reduce-only limit order with a typed cloid', async () => {
    app = renderApp({ cols: 120, rows: 40, session: quietExchange() });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press('s');
    await app.vt.waitFor('› Price');
    await app.vt.press(...'160'.split(''), KEYS.tab, '1', KEYS.tab, ' ', KEYS.tab, '5', '5');
    await app.vt.waitFor('Sell 1 SOL1 @ 160 Gtc, reduce-only, cloid 55');
    await app.vt.press(KEYS.enter);
    const s = await app.vt.waitFor('New order: confirm');
    expect(times(s, /Sell 1 SOL1 @ 160/)).toBe(1);
    expect(s).toContain('Notional:');
  });

  it('flatten', async () => {
    app = renderApp({ cols: 120, rows: 40, session: quietExchange() });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press('F');
    const s = await app.vt.waitFor('Notional:');
    expect(times(s, /Sell 10|sell 10/)).toBe(1);
    expect(s).toContain('Flatten: closes the position with an Ioc bounded 5% through the mark');
  });
});
