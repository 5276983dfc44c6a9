import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/waitFor.js';
import { build } from '../../src/protocol/wire/index.js';
import { AttachedTpSl } from '../../src/session/attachedTpSl.js';
import { createSession, type Session } from '../../src/session/index.js';
import { createAppStore } from '../../src/state/store.js';
import type { AppState } from '../../src/state/types.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { setup } from '../ui/support/formHarness.js';

/**
 * TP/SL typed on the order form, against the embedded exchange over loopback: the order
 * rests, another account fills it, and the session places the TP/SL on the position, its
 * journal line naming the order; an order cancelled before any fill places nothing.
 */
let ex: TestExchange;
let alice: Registered;
let bob: Registered;
let session: Session;

/** Waits on the session's store. */
const until = (ok: (s: AppState) => boolean, what: string, deadlineMs?: number) => waitFor(() => ok(session.store.getState()), what, deadlineMs);

beforeAll(async () => {
  ex = await startTestExchange();
  [alice, bob] = await Promise.all([ex.registerFunded(), ex.registerFunded()]);
  for (const who of [alice, bob]) {
    exchangeData(await ex.signedPost(build.enroll(1), who.key));
    exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '2000000000'), who.key));
  }
  session = createSession({ url: ex.url }, { master: alice.key }, { contractName: 'SOL1', flushMs: 20, poll: { accountMs: 100, marketStateMs: 100 } });
  expect((await session.ready).ok).toBe(true);
  await until((s) => s.account.raw !== null && s.market.marketStates[1] !== undefined && s.session.channels['userFills'] === 'live' && !s.session.staleness.book, 'the account, the mark, the fills stream and a live book');
});

afterAll(async () => {
  await session?.close();
  await ex?.close();
});

describe('TP/SL attached to an order', () => {
  it('typed on the order form: placed on the position once the resting order fills, journalled with the order\'s cloid', async () => {
    const t = setup({ session });
    const notices: string[] = [];
    const stop = session.onEvent((e) => void (e.type === 'notice' && notices.push(e.text)));
    t.run('order.buy');
    // The book is empty: no price to prefill, so typing starts there.
    expect(t.form()?.focus).toBe('price');
    t.type('150');
    t.run('form.nextField', 'form.nextField', 'form.nextField', 'form.nextField');
    expect(t.form()?.focus).toBe('tp');
    t.type('170');
    t.run('form.nextField');
    t.type('130');
    expect(t.screen()).toContain('TP 170, SL 130 on the long position once this order fills');
    t.run('form.submit', 'form.submit');
    // Should the book's stream be between two updates just then, the form asks once more.
    if (t.form()?.confirm?.staleAck) t.run('form.submit');
    await until((s) => s.journal.entries.some((e) => e.action === 'order'), 'the order');
    const order = session.store.getState().journal.entries.find((e) => e.action === 'order')!;
    const cloid = order.cloids![0]!;
    await until(() => t.form() === null && session.attached.pending().includes(cloid), 'the form closed and the order watched');
    expect(session.store.getState().journal.entries.some((e) => e.action === 'tpSl')).toBe(false);

    exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '150', size: '1', tif: 'Ioc' }]), bob.key));
    await until((s) => s.journal.entries.some((e) => e.action === 'tpSl' && e.outcome !== 'sent'), 'the answer to the TP/SL sent after the fill');
    expect(session.store.getState().journal.entries.find((e) => e.action === 'tpSl')).toMatchObject({ outcome: 'ok', parentCloid: cloid });
    expect(session.attached.pending()).toEqual([]);
    await until(() => notices.length > 0, 'the notice');
    stop();
    expect(notices[0]).toMatch(new RegExp(`^TP/SL set: TP id \\d+, SL id \\d+ \\[req-\\d+\\] \\(order cloid ${cloid}\\)$`));
    const account = (await ex.info<{ marketDeployers: { positions: { contractId: number; isBuy: boolean; size: string; tp?: { triggerPx: string }; sl?: { triggerPx: string } }[] }[] }>({ type: 'userAccount', user: alice.address })).body;
    const position = account.marketDeployers.flatMap((m) => m.positions).find((p) => p.contractId === 1);
    expect(position).toMatchObject({ isBuy: true, size: '1', tp: { triggerPx: '170' }, sl: { triggerPx: '130' } });
  });

  it('an order cancelled before any fill is forgotten and places nothing', async () => {
    const r = await session.exchange.order([{ contractId: 1, isBuy: true, price: '140', size: '1', tif: 'Gtc' }]);
    if (!r.ok) throw new Error(r.error.message);
    const cloid = r.cloids[0]!;
    expect(await session.attached.track({ cloid, contractId: 1, isBuy: true, tp: '175' }, r.statuses[0])).toEqual({ kind: 'watching' });
    expect(session.attached.pending()).toContain(cloid);
    const c = await session.exchange.cancelByCloid([{ contractId: 1, cloid }]);
    expect(c.ok).toBe(true);
    await until(() => !session.attached.pending().includes(cloid), 'the cancelled order forgotten');
    // Another account's sell at that price now finds nothing of it.
    exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '140', size: '1', tif: 'Ioc' }]), bob.key));
    await new Promise((r) => setTimeout(r, 300));
    expect(session.store.getState().journal.entries.filter((e) => e.parentCloid === cloid)).toEqual([]);
  });
});

describe('bounded memory', () => {
  it('keeps at most maxWatched orders waiting, forgetting the oldest with a notice; a refused order is not watched', async () => {
    const notices: string[] = [];
    const exchange = { send: async () => ({ ok: false }) } as never;
    const a = new AttachedTpSl({ store: createAppStore(), exchange, keys: () => ({ master: true, agent: false }), refreshAccount: () => {}, notify: (text) => notices.push(text), maxWatched: 2 });
    for (const cloid of ['1', '2', '3']) await a.track({ cloid, contractId: 1, isBuy: true, tp: '170' }, { resting: { oid: Number(cloid) } });
    expect(a.pending()).toEqual(['2', '3']);
    expect(notices).toEqual(['TP/SL of order cloid 1 forgotten: more than 2 orders with a TP/SL are waiting for a fill']);
    expect(await a.track({ cloid: '4', contractId: 1, isBuy: true, sl: '100' }, { error: 'insufficient margin' })).toEqual({ kind: 'none' });
    a.close();
    expect(a.pending()).toEqual([]);
  });
});
