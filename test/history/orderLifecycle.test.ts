import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { createSession, type Session } from '../../src/session/index.js';
import { openHistoryFile } from '../../src/session/historyRecorder.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';
import { historyCli } from './support/historyCli.js';

/**
 * Each order's lifecycle in the history store, on the embedded exchange over loopback:
 * placed, modified, partially filled, cancelled, filled, rejected (known only from the
 * answer), and, across a restart, the journal's order that filled while no perpdesk ran
 * (ordersByCloids) and an order placed elsewhere meanwhile (the open orders).
 */
let ex: TestExchange;
let alice: Registered;
let bob: Registered;
let stateDir: string;

function open(): Session {
  return createSession({ url: ex.url }, { master: alice.key }, { contractName: 'SOL1', stateDir, flushMs: 20, poll: { accountMs: 200, marketStateMs: 200 }, history: { everyMs: 100 } });
}

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'perpdesk-orders-'));
  ex = await startTestExchange();
  [alice, bob] = await Promise.all([ex.registerFunded(), ex.registerFunded()]);
  for (const who of [alice, bob]) {
    exchangeData(await ex.signedPost(build.enroll(1), who.key));
    exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '2000000000'), who.key));
  }
}, 30_000);

afterAll(async () => {
  await ex?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const events = (s: Session, oid: number) => s.history!.store.orders().filter((o) => o.oid === oid).map((o) => [o.event, o.status, o.limitPx, o.sz, o.source]);

describe('order lifecycles in the history store', () => {
  it('records placed, modified, partially filled, cancelled, filled and rejected, with times, and samples every period', async () => {
    const s = open();
    try {
      expect((await s.ready).ok).toBe(true);
      await s.history!.started;
      const placed = await s.exchange.order([{ contractId: 1, isBuy: true, price: '90', size: '2', tif: 'Gtc' }]);
      if (!placed.ok) throw new Error(placed.error.message);
      const oid = (placed.statuses[0] as { resting: { oid: number } }).resting.oid;
      expect((await s.exchange.modify({ contractId: 1, oid, price: '91' })).ok).toBe(true);
      exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '91', size: '1', tif: 'Ioc' }]), bob.key));
      await waitFor(() => events(s, oid).length >= 3, 'the partial fill');
      expect((await s.exchange.cancel([{ contractId: 1, oid }])).ok).toBe(true);
      await waitFor(() => events(s, oid).length === 4, 'the cancel');
      expect(events(s, oid)).toEqual([
        ['new', 'open', '90', '2', 'stream'],
        ['modify', 'open', '91', '2', 'stream'],
        ['partialFill', 'open', '91', '1', 'stream'],
        ['cancel', 'canceled', '91', '1', 'stream'],
      ]);
      const times = s.history!.store.orders().filter((o) => o.oid === oid).map((o) => o.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));

      // An ask to cross: Alice's post-only bid above it is refused, her IOC at it fills.
      exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '95', size: '1', tif: 'Gtc' }]), bob.key));
      const refused = await s.exchange.order([{ contractId: 1, isBuy: true, price: '96', size: '1', tif: 'Alo' }]);
      expect(refused.ok && 'error' in refused.statuses[0]!).toBe(true);
      const taken = await s.exchange.order([{ contractId: 1, isBuy: true, price: '95', size: '1', tif: 'Ioc' }]);
      if (!taken.ok) throw new Error(taken.error.message);
      const takenOid = (taken.statuses[0] as { filled: { oid: number } }).filled.oid;
      await waitFor(() => s.history!.store.orders().some((o) => o.event === 'reject') && events(s, takenOid).some((e) => e[0] === 'fill'), 'the refusal and the fill');
      const rejected = s.history!.store.orders().filter((o) => o.event === 'reject');
      expect(rejected.map((o) => [o.oid, o.status, o.cloid, o.limitPx, o.sz, o.tif, o.isBuy, o.source])).toEqual([[0, 'rejected', refused.cloids[0], '96', '1', 'Alo', true, 'answer']]);
      expect(events(s, takenOid).map((e) => e[0])).toContain('fill');

      // The command line reads the same lifecycle (the store is shared while the session writes it).
      const { code, stdout } = await historyCli(['history', 'orders', '--json', '--url', ex.url, '--address', alice.address], stateDir);
      expect(code).toBe(0);
      const rows = (JSON.parse(stdout) as { rows: { oid: number; event: string; status: string; price: string; side: string; contract: string }[] }).rows;
      expect(rows.filter((o) => o.oid === oid).map((o) => [o.event, o.status, o.price, o.side, o.contract])).toEqual([
        ['new', 'open', '90', 'buy', 'SOL1'],
        ['modify', 'open', '91', 'buy', 'SOL1'],
        ['partialFill', 'open', '91', 'buy', 'SOL1'],
        ['cancel', 'canceled', '91', 'buy', 'SOL1'],
      ]);

      // Equity every period while running (100 ms here, a minute by default).
      await waitFor(() => s.history!.store.samples().filter((x) => x.reason === 'minute').length >= 3, 'periodic samples');
    } finally {
      await s.close();
    }
  });

  it('after a restart: the journal\'s order that filled meanwhile (by cloid) and an order placed elsewhere (open orders)', async () => {
    const s1 = open();
    let cloid: string;
    let oid: number;
    try {
      expect((await s1.ready).ok).toBe(true);
      await s1.history!.started;
      const r = await s1.exchange.order([{ contractId: 1, isBuy: true, price: '80', size: '1', tif: 'Gtc' }]);
      if (!r.ok) throw new Error(r.error.message);
      cloid = r.cloids[0]!;
      oid = (r.statuses[0] as { resting: { oid: number } }).resting.oid;
      await waitFor(() => s1.history!.store.orders().some((o) => o.oid === oid), 'the order recorded');
    } finally {
      await s1.close();
    }
    // While no perpdesk runs: Bob fills it, and Alice rests another order from elsewhere.
    exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '80', size: '1', tif: 'Ioc' }]), bob.key));
    const elsewhere = exchangeData<{ statuses: { resting: { oid: number } }[] }>(await ex.signedPost(build.order([{ contractId: 1, isBuy: true, price: '70', size: '1', tif: 'Gtc' }]), alice.key));
    const otherOid = elsewhere.statuses[0]!.resting.oid;

    const s2 = open();
    try {
      expect((await s2.ready).ok).toBe(true);
      await s2.history!.started;
      await waitFor(() => s2.history!.store.orders().some((o) => o.source === 'lookup' && o.oid === oid) && s2.history!.store.orders().some((o) => o.oid === otherOid), 'the backfill');
      expect(events(s2, oid)).toContainEqual(['lookup', 'filled', '80', '0', 'lookup']);
      expect(s2.history!.store.orders().filter((o) => o.oid === otherOid).map((o) => [o.event, o.status, o.source])).toContainEqual(['new', 'open', 'open']);
      expect(s2.history!.store.orders().find((o) => o.source === 'lookup' && o.oid === oid)!.cloid).toBe(cloid);
    } finally {
      await s2.close();
    }
  });
});

describe('a dropped connection', () => {
  it('ends the run where it was last heard of; the resubscribe starts another, the gap between them shown', async () => {
    const s = open();
    try {
      expect((await s.ready).ok).toBe(true);
      await s.history!.started;
      await s.history!.sample('test');
      const reconnects = s.ws.snapshot().reconnects;
      const runs = s.history!.store.sessions().length;
      await ex.control({ type: 'dropConnections' });
      await waitFor(() => s.ws.snapshot().reconnects > reconnects && s.history!.store.sessions().length === runs + 1, 'a new run after the reconnect');
      const [first, second] = s.history!.store.sessions().slice(-2);
      expect(first!.ended).toBeNull();
      expect(second!.started).toBeGreaterThan(first!.lastSeen);
      expect(s.history!.store.gaps().at(-1)).toEqual({ from: first!.lastSeen, to: second!.started });
      // The new run is the one a clean close ends.
      await s.close();
      const closed = openHistoryFile(stateDir, { venue: ex.url, account: alice.address.toLowerCase() }, { readonly: true });
      try {
        expect(closed.sessions().at(-1)!.ended).not.toBeNull();
      } finally {
        closed.close();
      }
    } finally {
      await s.close();
    }
  });
});

describe('a clean close', () => {
  it('stores a fill made just before it, still on its way on the stream, inside its run', async () => {
    const s = open();
    expect((await s.ready).ok).toBe(true);
    await s.history!.started;
    exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '75', size: '1', tif: 'Gtc' }]), bob.key));
    const taken = exchangeData<{ statuses: { filled: { oid: number } }[] }>(await ex.signedPost(build.order([{ contractId: 1, isBuy: true, price: '75', size: '1', tif: 'Ioc' }]), alice.key));
    // At once: the exchange publishes the fill at the end of its block. (Above Alice's bid at 70, left resting by the test before.)
    await s.close();
    const store = openHistoryFile(stateDir, { venue: ex.url, account: alice.address.toLowerCase() }, { readonly: true });
    try {
      const fill = store.fills().find((f) => f.oid === taken.statuses[0]!.filled.oid);
      expect(fill).toBeDefined();
      expect(fill!.time).toBeLessThanOrEqual(store.sessions().at(-1)!.lastSeen);
    } finally {
      store.close();
    }
  });
});
