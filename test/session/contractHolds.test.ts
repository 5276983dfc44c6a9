import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../src/session/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';

/**
 * Issue 30: the session subscribes to the union of the contracts its screens show, counted
 * per contract: subscribed on the first hold, dropped a short while after the last release.
 * The start contract is the session's own until the first holder comes.
 */
let ex: TestExchange;
let s: Session;
const channels = () => Object.keys(s.store.getState().session.channels).filter((k) => /^(l2Book|bbo|trades|candle):/.test(k));
const market = (id: number) => channels().filter((k) => k.split(':')[1] === String(id)).sort();

beforeAll(async () => {
  // A market that trades, so a contract's tape fills while it is held.
  ex = await startTestExchange({ activity: 'busy' });
  const alice = await ex.registerFunded();
  s = createSession({ url: ex.url }, { master: alice.key }, { contractName: 'SOL1', flushMs: 20, contractReleaseMs: 150 });
  expect((await s.ready).ok).toBe(true);
}, 30_000);
afterAll(async () => {
  await s?.close();
  await ex?.close();
});

describe('contract holds', () => {
  it('subscribes the start contract until a holder comes, then exactly what is held, each until a while after its last release', async () => {
    await waitFor(() => market(1).length === 4, 'SOL1 book, bbo, trades and candles');
    const eth = s.holdContract('ETH1');
    const eth2 = s.holdContract('ETH1');
    if (!eth.ok || !eth2.ok) throw new Error('ETH1 not held');
    expect(eth.value.contract.name).toBe('ETH1');
    await waitFor(() => market(3).length === 4 && market(1).length === 0, 'ETH1 subscribed, SOL1 dropped after the release delay');

    eth.value.release();
    eth.value.release(); // a second call does nothing
    await new Promise((r) => setTimeout(r, 400));
    expect(market(3)).toHaveLength(4);

    const sol = s.holdContract('SOL1');
    if (!sol.ok) throw new Error('SOL1 not held');
    eth2.value.release();
    // Released, then held again within the delay: never dropped.
    const again = s.holdContract('ETH1');
    if (!again.ok) throw new Error('ETH1 not held again');
    await new Promise((r) => setTimeout(r, 400));
    expect(market(3)).toHaveLength(4);
    expect(market(1)).toHaveLength(4);
    again.value.release();
    await waitFor(() => market(3).length === 0, 'ETH1 dropped after its last holder let go');
    expect(market(1)).toHaveLength(4);
    sol.value.release();
    await waitFor(() => channels().length === 0, 'nothing shown, nothing subscribed');
  }, 30_000);

  it("forgets a dropped contract's trades, so what a pane lists on its return is the exchange's own unbroken tape", async () => {
    const sol = s.holdContract('SOL1');
    if (!sol.ok) throw new Error('SOL1 not held');
    const tape = () => s.store.getState().market.trades[1] ?? [];
    await waitFor(() => market(1).length === 4 && tape().length > 0, 'SOL1 subscribed, with trades');
    const before = tape();
    sol.value.release();
    await waitFor(() => market(1).length === 0, 'SOL1 dropped');
    await new Promise((r) => setTimeout(r, 100));
    expect(tape()).toHaveLength(0);
    // Trades the exchange made while nobody watched: the tape on return holds no join.
    await new Promise((r) => setTimeout(r, 1_000));
    const back = s.holdContract('SOL1');
    if (!back.ok) throw new Error('SOL1 not held again');
    await waitFor(() => market(1).length === 4 && tape().length > 0, 'SOL1 again');
    expect(tape().some((t) => before.includes(t))).toBe(false);
    back.value.release();
  }, 30_000);

  it('reads every Active contract\'s market state while a market list is held (the contract picker)', async () => {
    const states = () => s.store.getState().market.marketStates;
    const all = Object.values(s.store.getState().market.contracts).map((c) => c.contractId);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const release = s.watchMarkets();
    await waitFor(() => all.every((id) => states()[id] !== undefined), 'every contract\'s market state');
    release();
    release(); // once only
  }, 20_000);

  it('refuses a name that is not an Active contract, in words', () => {
    expect(s.holdContract('DOGE0')).toMatchObject({ ok: false, error: { kind: 'validation', message: expect.stringMatching(/^no active contract named DOGE0 \(active: /) } });
  });
});
