import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { createSession, type Session } from '../../src/session/index.js';
import { tradingAccount } from '../algo/support/algoAccount.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';

/**
 * A position's mark, uPnL and liquidation price read its contract's market state. The
 * session polls market state for the contracts its screens show and, besides them, for
 * every contract the account holds a position in: a screen on ETH1 keeps the SOL1
 * position's mark current (it used to freeze, "—" on a fresh screen, once SOL1 left view).
 */
let ex: TestExchange;
let s: Session;
const SOL1 = 1;

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: SOL1, px: '100' });
  const maker = await tradingAccount(ex, '8000000000');
  exchangeData(await ex.signedPost(build.order([{ contractId: SOL1, isBuy: false, price: '100', size: '5', tif: 'Gtc' }]), maker.key));
  const alice = await tradingAccount(ex, '8000000000');
  s = createSession({ url: ex.url }, { master: alice.key }, { contractName: 'SOL1', flushMs: 20, contractReleaseMs: 50, poll: { marketStateMs: 100 } });
  expect((await s.ready).ok).toBe(true);
}, 30_000);
afterAll(async () => {
  await s?.close();
  await ex?.close();
});

describe('market state of held positions', () => {
  it('keeps polling the market state of a contract the account holds while the screens show another', async () => {
    const bought = await s.exchange.order([{ contractId: SOL1, isBuy: true, price: '100', size: '1', tif: 'Ioc' }]);
    expect(bought.ok).toBe(true);
    await waitFor(() => s.store.getState().account.positions.some((p) => p.contractId === SOL1 && p.size !== '0'), 'the SOL1 position');
    const eth = s.holdContract('ETH1');
    if (!eth.ok) throw new Error('ETH1 not held');
    // SOL1 is no longer shown: give its release delay and one poll time to pass.
    await new Promise((r) => setTimeout(r, 400));
    const before = s.store.getState().market.marketStates[SOL1]?.time;
    expect(before).toBeDefined();
    // A poll that reads the same but for its time moves the time in place (clock data).
    await waitFor(() => s.store.getState().market.marketStates[SOL1]!.time > before!, 'a fresh SOL1 market state while only ETH1 is shown');
    eth.value.release();
  }, 30_000);
});
