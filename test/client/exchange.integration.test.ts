import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeClient } from '../../src/client/exchangeClient.js';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { createSession } from '../../src/session/index.js';
import { SignerSet } from '../../src/client/signers.js';
import { WsClient } from '../../src/client/wsClient.js';
import { addressOf, NonceManager, pow10, signAction, type Hex } from '../../src/protocol/index.js';
import type { Configs } from '../../src/protocol/wire/index.js';
import { selectIsStale } from '../../src/state/selectors.js';
import { newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';

/**
 * The client against the embedded exchange over loopback: accounts, collateral, agents,
 * every read, HTTP faults from the control route, and the WebSocket's reconnect cycle.
 */
let ex: TestExchange;
let http: HttpTransport;
let info: InfoClient;
let configs: Configs;
let usdc: { coinId: number; decimals: number };

beforeAll(async () => {
  ex = await startTestExchange();
  http = new HttpTransport({ baseUrl: ex.url, requestTimeoutMs: 2_000 });
  info = new InfoClient(http);
  const c = await info.configs();
  if (!c.ok) throw new Error(c.error.message);
  configs = c.value;
  const coin = configs.coins.find((x) => x.name === 'USDC');
  if (!coin) throw new Error('no USDC in configs');
  usdc = coin;
});
afterAll(async () => {
  await http.close();
  await ex.close();
});

function clientFor(keys: { master?: Hex; agent?: Hex }, address: string) {
  const journal: JournalEntry[] = [];
  const c = new ExchangeClient({ http, info, signers: new SignerSet(keys), address, lookup: { attempts: 2, delayMs: 20 } });
  c.onJournal((e) => journal.push(e));
  return { c, journal };
}

async function registered(): Promise<{ key: Hex; address: string; accountId: number; c: ExchangeClient }> {
  const key = newKey();
  const address = addressOf(key).toLowerCase();
  const { c } = clientFor({ master: key }, address);
  const r = await c.registerAccount(ex.inviteCode());
  if (!r.ok) throw new Error(r.error.message);
  const credit = (10_000n * pow10(usdc.decimals)).toString();
  await waitFor(async () => {
    const a = await info.userAccount(address);
    return a.ok && a.value.chainBalances.find((b) => b.coinId === usdc.coinId)?.total === credit;
  }, 'registration credit');
  return { key, address, accountId: r.data.accountId, c };
}

async function chainBalance(address: string): Promise<bigint> {
  const a = await info.userAccount(address);
  if (!a.ok) throw new Error(a.error.message);
  return BigInt(a.value.chainBalances.find((b) => b.coinId === usdc.coinId)?.total ?? '0');
}

describe('ExchangeClient against the embedded exchange', () => {
  it('registers, enrolls, locks collateral and manages an agent, signing each with the right key', async () => {
    const me = await registered();
    expect(me.accountId).toBeGreaterThan(0);
    const contract = configs.contracts.find((x) => x.status === 'Active' && x.name === 'SOL1')!;
    const md = contract.marketDeployerId;

    expect(await me.c.enroll(md)).toMatchObject({ ok: true, signer: { role: 'master' } });
    expect(await info.userMarketDeployers(me.address)).toEqual({ ok: true, value: [md] });
    const lock = await me.c.lockCollateral(md, usdc.coinId, (100n * pow10(usdc.decimals)).toString());
    expect(lock).toMatchObject({ ok: true, requestId: expect.stringMatching(/^req-\d+$/) });
    expect(await chainBalance(me.address)).toBe(9_900n * pow10(usdc.decimals));

    const agentKey = newKey();
    const agentAddr = addressOf(agentKey).toLowerCase();
    expect(await me.c.approveAgent(agentAddr, 'desk', 0)).toMatchObject({ ok: true, data: { agentName: 'desk' } });
    const agents = await info.userAgents(me.accountId);
    expect(agents.ok && agents.value.map((a) => [a.address.toLowerCase(), a.name, a.expired])).toEqual([[agentAddr, 'desk', false]]);

    const agentOnly = clientFor({ agent: agentKey }, me.address);
    for (const r of [await agentOnly.c.approveAgent(agentAddr, 'x', 0), await agentOnly.c.enroll(md), await agentOnly.c.unlockCollateral(md, usdc.coinId, '1')]) {
      expect(r).toMatchObject({ ok: false, outcomeUnknown: false, error: { kind: 'master-key-required' } });
    }
    // Trading actions go out under the agent key and act for the master (answered, whether or not matching exists yet).
    const order = await agentOnly.c.order([{ contractId: contract.contractId, isBuy: true, price: '1', size: '1' }]);
    expect(order).toMatchObject({ ok: true, signer: { role: 'agent', address: agentAddr } });
    expect(order.ok && order.statuses).toHaveLength(1);

    expect(await me.c.revokeAgent(agentAddr)).toMatchObject({ ok: true });
    const after = await agentOnly.c.cancelAll(contract.contractId);
    expect(after).toMatchObject({ ok: false, outcomeUnknown: false, error: { kind: 'signature', code: 'SIGNATURE_INVALID', httpStatus: 401 } });
  });

  it('types registration failures with the exchange’s own code and message', async () => {
    const key = newKey();
    const { c } = clientFor({ master: key }, addressOf(key));
    expect(await c.registerAccount()).toMatchObject({ ok: false, error: { kind: 'http', httpStatus: 400, message: expect.stringContaining('inviteCode required') } });
    expect(await c.registerAccount('ZZZZZZ')).toMatchObject({ ok: false, error: { kind: 'http', httpStatus: 403, code: 'INVITE_CODE_INVALID' } });
    const stranger = clientFor({ master: newKey() }, addressOf(key));
    expect(await stranger.c.enroll(1)).toMatchObject({ ok: false, error: { kind: 'signature', code: 'SIGNATURE_INVALID' } });
  });

  it('validates all eleven reads against the exchange’s answers', async () => {
    const me = await registered();
    const cid = configs.contracts.find((x) => x.status === 'Active')!.contractId;
    const now = Date.now();
    const results = {
      configs: await info.configs(),
      marketState: await info.marketState(cid),
      l2Book: await info.l2Book(cid, 5),
      candleSnapshot: await info.candleSnapshot(cid, '1m', now - 3_600_000, now),
      userOrders: await info.userOrders(me.address, 1, cid),
      ordersByIds: await info.ordersByIds(me.address, [1, 2]),
      ordersByCloids: await info.ordersByCloids(me.address, ['1']),
      userAccount: await info.userAccount(me.address),
      userAgents: await info.userAgents(me.accountId),
      userMarketDeployers: await info.userMarketDeployers(me.address),
      shareGroupState: await info.shareGroupState(),
    };
    for (const [name, r] of Object.entries(results)) expect(r.ok ? 'ok' : `${name}: ${r.error.message}`).toBe('ok');
    const unknown = await info.marketState(987_654);
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'http', httpStatus: expect.any(Number) } });
  });

  it('an HTTP 500 or a dropped answer leaves a collateral move unknown, never resent; the balance tells the truth', async () => {
    const me = await registered();
    const one = pow10(usdc.decimals);
    await me.c.enroll(1);
    const start = await chainBalance(me.address);

    await ex.control({ type: 'failNext', count: 1, mode: 'error500' });
    const failed = await me.c.lockCollateral(1, usdc.coinId, one.toString());
    expect(failed).toMatchObject({ ok: false, outcomeUnknown: true, error: { kind: 'http', httpStatus: 500 } });
    expect(await chainBalance(me.address)).toBe(start);

    await ex.control({ type: 'failNext', count: 1, mode: 'dropAfterApply' });
    const dropped = await me.c.lockCollateral(1, usdc.coinId, one.toString());
    expect(dropped).toMatchObject({ ok: false, outcomeUnknown: true, error: { kind: 'network' } });
    expect(await chainBalance(me.address)).toBe(start - one);

    expect(await me.c.lockCollateral(1, usdc.coinId, one.toString())).toMatchObject({ ok: true });
    expect(await chainBalance(me.address)).toBe(start - 2n * one);
  });

  it('a timed-out request is reported as a timeout with an unknown outcome', async () => {
    const me = await registered();
    await me.c.enroll(1);
    const slow = new HttpTransport({ baseUrl: ex.url, requestTimeoutMs: 100 });
    try {
      const c = new ExchangeClient({ http: slow, info, signers: new SignerSet({ master: me.key }), address: me.address });
      await ex.control({ type: 'failNext', count: 1, mode: 'delay', delayMs: 400 });
      const r = await c.lockCollateral(1, usdc.coinId, '1');
      expect(r).toMatchObject({ ok: false, outcomeUnknown: true, error: { kind: 'timeout' } });
    } finally {
      await slow.close();
    }
  });

  it('an /info fault is an error value and the next read works', async () => {
    await ex.control({ type: 'failNext', count: 1, mode: 'error500', route: 'info' });
    const r = await info.configs();
    expect(r).toMatchObject({ ok: false, error: { kind: 'http', httpStatus: 500 } });
    expect((await info.configs()).ok).toBe(true);
  });
});

describe('WsClient against the embedded exchange', () => {
  it('authenticates, and after each dropConnections re-auths and resubscribes', async () => {
    const me = await registered();
    const nonces = new NonceManager();
    const ws = new WsClient({
      url: ex.wsUrl,
      backoff: { baseMs: 5, capMs: 50 },
      auth: () => {
        const nonce = nonces.next(me.address);
        const action = { type: 'wsAuth' as const, time: nonce };
        return { action, nonce, signature: signAction(action, nonce, me.key) };
      },
    });
    try {
      ws.subscribe({ type: 'config' });
      ws.subscribe({ type: 'userFills' });
      ws.subscribe({ type: 'trades', contractId: 1 });
      ws.start();
      const live = () => Object.values(ws.snapshot().subscriptions).every((s) => s === 'live');
      await waitFor(live, 'live');
      expect(ws.snapshot().authenticated).toBe(true);
      for (let i = 0; i < 5; i++) {
        const before = ws.snapshot().reconnects;
        await ex.control({ type: 'dropConnections' });
        await waitFor(() => ws.snapshot().reconnects > before && live(), `live after drop ${i}`);
        expect(ex.running.core.hub.subscriberCount('config')).toBe(1);
        expect(ex.running.core.hub.subscriberCount('trades:1')).toBe(1);
        expect(ws.snapshot().authenticated).toBe(true);
      }
    } finally {
      ws.close();
    }
  });
});

describe('createSession against the embedded exchange', () => {
  it('starts, finds SOL1 by name, fills the account slice and journals actions', async () => {
    const me = await registered();
    const s = createSession({ url: ex.url }, { master: me.key }, {
      contractName: 'SOL1',
      flushMs: 20,
      ws: { backoff: { baseMs: 5, capMs: 50 } },
      poll: { accountMs: 100 },
    });
    try {
      expect(await s.ready).toMatchObject({ ok: true, value: { name: 'SOL1' } });
      await waitFor(() => !selectIsStale('account')(s.store.getState()), 'account live');
      expect(s.store.getState().account.accountId).toBe(me.accountId);
      await waitFor(() => s.store.getState().session.channels['config'] === 'live', 'config live');
      await waitFor(() => s.store.getState().session.channels['l2Book:1'] === 'live', 'book live after REST resync');
      expect((await s.exchange.enroll(1)).ok).toBe(true);
      await waitFor(() => s.store.getState().journal.entries.some((e) => e.action === 'enrollUserToMarketDeployer' && e.outcome === 'ok'), 'journal');
      await waitFor(() => s.store.getState().session.clockOffsetMs !== null, 'clock offset');
      expect(s.store.getState().session.clockWarning).toBeNull();
    } finally {
      await s.close();
    }
  });
});

describe('nonces outside the accepted window', () => {
  it('come back as kind nonce with the exchange’s code', async () => {
    const own = await startTestExchange();
    const h = new HttpTransport({ baseUrl: own.url });
    try {
      const me = await own.registerFunded();
      await own.control({ type: 'advanceTime', ms: 3 * 86_400_000 });
      const c = new ExchangeClient({ http: h, info: new InfoClient(h), signers: new SignerSet({ master: me.key }), address: me.address });
      const r = await c.enroll(1);
      expect(r).toMatchObject({ ok: false, outcomeUnknown: false, error: { kind: 'nonce', code: 'NONCE_INVALID', httpStatus: 400 } });
    } finally {
      await h.close();
      await own.close();
    }
  });
});
