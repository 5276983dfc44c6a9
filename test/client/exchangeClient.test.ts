import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExchangeClient } from '../../src/client/exchangeClient.js';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { SignerSet } from '../../src/client/signers.js';
import { addressOf } from '../../src/protocol/index.js';
import { startFakeExchange, type FakeExchange } from './support/fakeExchange.js';

const MASTER = '0x' + '3a'.repeat(32);
const AGENT = '0x' + '4b'.repeat(32);
const STRANGER = '0x' + '5c'.repeat(32);
const MASTER_ADDR = addressOf(MASTER).toLowerCase();
const AGENT_ADDR = addressOf(AGENT).toLowerCase();

let fx: FakeExchange;
let http: HttpTransport;
beforeEach(async () => {
  fx = await startFakeExchange();
  fx.register(MASTER_ADDR, [AGENT_ADDR]);
  http = new HttpTransport({ baseUrl: fx.url, requestTimeoutMs: 150, connectTimeoutMs: 300 });
});
afterEach(async () => {
  await http.close();
  await fx.close();
});

function client(keys: { master?: string; agent?: string }, lookup = { attempts: 3, delayMs: 20 }) {
  const journal: JournalEntry[] = [];
  const c = new ExchangeClient({ http, info: new InfoClient(http), signers: new SignerSet(keys), address: MASTER_ADDR, lookup });
  c.onJournal((e) => journal.push(e));
  return { c, journal };
}

const limit = (price = '100') => ({ contractId: 1, isBuy: true, price, size: '1' });

describe('ExchangeClient', () => {
  it('gives every order a cloid and returns per-item statuses as the exchange sent them', async () => {
    const { c, journal } = client({ master: MASTER, agent: AGENT });
    const r = await c.order([limit(), { ...limit(), size: '0' }, { ...limit(), cloid: '77' }]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.cloids).toHaveLength(3);
    expect(r.cloids[2]).toBe('77');
    expect(new Set(r.cloids).size).toBe(3);
    expect(r.statuses).toEqual([{ resting: { oid: 1 } }, { error: 'size must be positive' }, { resting: { oid: 2 } }]);
    expect(r.signer).toEqual({ role: 'agent', address: AGENT_ADDR });
    expect(r.reconciledBecause).toBeUndefined();
    // Heard of as it left (no answer, no request id yet), then with its answer: the same request.
    expect(journal).toHaveLength(2);
    expect(journal[0]).toMatchObject({ action: 'order', outcome: 'sent', signerRole: 'agent', signer: AGENT_ADDR, nonce: r.nonce, cloids: r.cloids });
    expect(journal[0]!.requestId).toBeUndefined();
    expect(journal[1]).toMatchObject({ action: 'order', outcome: 'partial', signerRole: 'agent', signer: AGENT_ADDR, nonce: r.nonce, requestId: r.requestId, cloids: r.cloids });
    expect(journal[1]).toMatchObject({ seq: journal[0]!.seq, sentTime: journal[0]!.time });
  });

  it('never orders twice: 50 submissions whose answers are dropped after the exchange applied them', async () => {
    const { c, journal } = client({ master: MASTER });
    for (let i = 0; i < 50; i++) {
      fx.failNext(i % 5 === 4 ? 'error500AfterApply' : 'dropAfterApply');
      const r = await c.order([limit(String(100 + i))]);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.reconciledBecause).toBeDefined();
      expect(r.statuses).toHaveLength(1);
      expect(r.statuses[0]).toMatchObject({ reconciled: { status: 'open', cloid: r.cloids[0], order: { limitPx: String(100 + i) } } });
    }
    expect(fx.appliedPerCloid.size).toBe(50);
    for (const n of fx.appliedPerCloid.values()) expect(n).toBe(1);
    expect(journal.map((e) => e.outcome)).toEqual(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 'sent' : 'reconciled')));
  });

  it('reports an order the exchange never applied as absent, not as placed', async () => {
    const { c } = client({ master: MASTER });
    fx.failNext('dropBeforeApply');
    const a = await c.order([limit()]);
    fx.failNext('error500');
    const b = await c.order([limit()]);
    for (const r of [a, b]) {
      expect(r.ok && r.statuses[0]).toMatchObject({ reconciled: { status: 'absent' } });
    }
    expect(fx.orders.size).toBe(0);
  });

  it('settles garbage, truncated and oversized answers from the exchange records', async () => {
    const { c } = client({ master: MASTER }, { attempts: 2, delayMs: 10 });
    for (const fault of ['garbage', 'truncated', 'oversized'] as const) {
      fx.failNext(fault);
      const r = await c.order([limit()]);
      expect(r.ok, fault).toBe(true);
      if (!r.ok) continue;
      expect(r.reconciledBecause, fault).toBeDefined();
      // The fake answers these before applying: absent is the truth here.
      expect(r.statuses[0], fault).toMatchObject({ reconciled: { status: 'absent' } });
    }
  });

  it('keeps looking while a timed-out order is still on its way in', async () => {
    // The order lands after the client stopped waiting (150 ms timeout); lookups continue until it shows.
    const { c } = client({ master: MASTER }, { attempts: 40, delayMs: 25 });
    fx.delayMs = 250;
    fx.failNext('delayAfterApply');
    const r = await c.order([limit()]);
    expect(r.ok && r.reconciledBecause?.kind).toBe('timeout');
    expect(r.ok && r.statuses[0]).toMatchObject({ reconciled: { status: 'open' } });
    expect(fx.appliedPerCloid.get(r.cloids[0]!)).toBe(1);
  });

  it('reconciles a cancel and a modify whose answers were lost', async () => {
    const { c } = client({ master: MASTER });
    const placed = await c.order([limit(), limit()]);
    if (!placed.ok) throw new Error('order failed');
    const oid = (placed.statuses[0] as { resting: { oid: number } }).resting.oid;
    fx.failNext('dropAfterApply');
    const cancel = await c.cancel([{ contractId: 1, oid }]);
    expect(cancel.ok && cancel.statuses).toEqual([{ reconciled: expect.objectContaining({ status: 'canceled', oid }) }]);

    fx.failNext('dropAfterApply');
    const byCloid = await c.cancelByCloid([{ contractId: 1, cloid: placed.cloids[1]! }]);
    expect(byCloid.ok && byCloid.statuses).toEqual([{ reconciled: expect.objectContaining({ status: 'canceled', cloid: placed.cloids[1] }) }]);

    const third = await c.order([limit('90')]);
    const oid3 = third.ok ? (third.statuses[0] as { resting: { oid: number } }).resting.oid : -1;
    fx.failNext('dropAfterApply');
    const mod = await c.modify({ contractId: 1, oid: oid3, price: '95' });
    expect(mod).toMatchObject({ ok: true, reconciled: { status: 'open', applied: true, oid: oid3 } });
    fx.failNext('dropBeforeApply');
    const mod2 = await c.modify({ contractId: 1, oid: oid3, price: '96' });
    expect(mod2).toMatchObject({ ok: true, reconciled: { status: 'open', applied: false } });
  });

  it('keeps the outcome unknown when the lookup fails too, and never resends', async () => {
    const { c, journal } = client({ master: MASTER }, { attempts: 2, delayMs: 10 });
    fx.failNext('dropAfterApply');
    const closing = fx.close(); // the exchange goes away right after applying
    const r = await c.order([limit()]);
    await closing;
    expect(r).toMatchObject({ ok: false, outcomeUnknown: true });
    expect(r.cloids).toHaveLength(1);
    expect(journal.at(-1)).toMatchObject({ outcome: 'unknown', detail: expect.stringMatching(/check open orders before retrying/) });
    expect(fx.appliedPerCloid.get(r.cloids[0]!) ?? 0).toBeLessThanOrEqual(1);
    fx = await startFakeExchange(); // for afterEach
  });

  it('signs master-only actions with the master and says so when only an agent is loaded', async () => {
    const both = client({ master: MASTER, agent: AGENT }).c;
    const ok = await both.approveAgent('0x' + '12'.repeat(20), 'bot', 0);
    expect(ok).toMatchObject({ ok: true, signer: { role: 'master', address: MASTER_ADDR } });

    const agentOnly = client({ agent: AGENT });
    const r = await agentOnly.c.approveAgent('0x' + '12'.repeat(20), 'bot', 0);
    expect(r).toMatchObject({ ok: false, outcomeUnknown: false, error: { kind: 'master-key-required' } });
    expect(agentOnly.journal[0]).toMatchObject({ action: 'approveAgent', outcome: 'error', errorKind: 'master-key-required' });
    expect(await agentOnly.c.cancelAll(1)).toMatchObject({ ok: true, signer: { role: 'agent' } });
  });

  it('types HTTP-level, business and validation failures', async () => {
    const stranger = new ExchangeClient({ http, info: new InfoClient(http), signers: new SignerSet({ master: STRANGER }), address: MASTER_ADDR });
    const sig = await stranger.lockCollateral(1, 1, '5');
    expect(sig).toMatchObject({ ok: false, outcomeUnknown: false, error: { kind: 'signature', code: 'SIGNATURE_INVALID', httpStatus: 401, requestId: expect.stringMatching(/^req-/) } });

    const { c } = client({ master: MASTER });
    const biz = await c.modify({ contractId: 1, oid: 999, price: '1' });
    expect(biz).toMatchObject({ ok: false, outcomeUnknown: false, error: { kind: 'business', code: 1001, message: 'orderId not found' } });

    const tooMany = await c.order(Array.from({ length: 11 }, () => limit()));
    expect(tooMany).toMatchObject({ ok: false, error: { kind: 'validation', message: expect.stringMatching(/^order: .*at most 10 per request$/) } });
    expect(fx.orders.size).toBe(0);

    const locked = await c.lockCollateral(1, 1, '1000000');
    expect(locked).toMatchObject({ ok: true, data: { amount: 1000000 } });
  });

  it('draws strictly increasing nonces per signer', async () => {
    const { c } = client({ master: MASTER, agent: AGENT });
    const results = await Promise.all(Array.from({ length: 20 }, () => c.order([limit()])));
    const nonces = results.map((r) => (r.ok ? r.nonce : -1));
    expect(new Set(nonces).size).toBe(20);
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('never puts a key in results, journal entries or its own printout', async () => {
    const { c, journal } = client({ master: MASTER, agent: AGENT });
    const r = await c.order([limit()]);
    const text = [inspect(c, { depth: 8, showHidden: true }), JSON.stringify(r), JSON.stringify(journal), inspect(r, { depth: 8, showHidden: true })].join('\n');
    expect(text).not.toContain('3a3a3a3a');
    expect(text).not.toContain('4b4b4b4b');
  });
});
