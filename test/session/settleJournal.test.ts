import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NonceManager } from '../../src/protocol/index.js';
import { build, type OrderLookup } from '../../src/protocol/wire/index.js';
import { createSession } from '../../src/session/index.js';
import { JournalFile } from '../../src/session/journalFile.js';
import { tradingAccount } from '../algo/support/algoAccount.js';
import { isOrderRequest, startHoldingProxy, type HoldingProxy } from '../algo/support/holdingProxy.js';
import { algoCliUser } from '../command/support/algoCli.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';

/**
 * Every unknown settles (issue 31): a perpdesk process killed (SIGKILL) between "sent" and
 * "answered" leaves a journal line whose outcome nobody knows. Its request is held by a
 * proxy while the process dies, then either reaches the exchange (its answer going
 * nowhere) or never does. The next session on the state directory (as the dashboard, serve
 * and every command open one) looks each such entry up by cloid and records what the
 * exchange says, in the file and in the store the Journal pane draws: placed (oid, status)
 * or absent (not sent). None stays unknown while the exchange answers.
 */
let ex: TestExchange;
let proxy: HoldingProxy;
const ROUNDS = Number(process.env['PERPDESK_SETTLE_ROUNDS'] ?? 6);

beforeAll(async () => {
  ex = await startTestExchange();
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '100' });
  proxy = await startHoldingProxy(ex.url);
  const maker = await tradingAccount(ex, '8000000000');
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: false, price: '101', size: '50', tif: 'Gtc' }]), maker.key));
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await ex?.close();
});

async function until<T>(what: string, get: () => T | undefined | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('unknown outcomes settle on the next start', () => {
  it('processes killed at random points with their order request in flight: after a restart each entry shows what the exchange has', async () => {
    const u = await algoCliUser(ex, proxy.url);
    const stateDir = path.join(u.home, '.state', 'perpdesk');
    // Which rounds' requests reach the exchange, and how long after the hold each kill lands.
    const rounds = fc.sample(fc.record({ arrives: fc.boolean(), killAfterMs: fc.integer({ min: 0, max: 40 }) }), { numRuns: ROUNDS, seed: 31 });
    const truth = new Map<string, boolean>();
    for (const [k, round] of rounds.entries()) {
      const held = proxy.holdNext(isOrderRequest);
      const run = u.start(['order', 'buy', '1', '@', String(90 - k), '--yes', '--json']);
      const request = await held;
      await new Promise((r) => setTimeout(r, round.killAfterMs));
      run.child.kill('SIGKILL');
      expect((await run.closed).signal).toBe('SIGKILL');
      if (round.arrives) await request.forward();
      // The order's client id as it went on the wire.
      const cloid = /"(?:c|cloid)":"([^"]+)"/.exec(request.body)![1]!;
      truth.set(cloid, round.arrives);
    }
    // The file as the killed processes left it: every request sent, none answered.
    const before = new JournalFile(stateDir).load(100).entries.filter((e) => e.cloids?.some((c) => truth.has(c)));
    expect(before.map((e) => e.outcome)).toEqual(rounds.map(() => 'unanswered'));

    // The restart: a session on the same state directory, as every face opens one.
    const session = createSession({ url: ex.url }, { master: u.who.key }, { contractName: 'SOL1', stateDir, live: true, nonces: new NonceManager() });
    try {
      const settled = await until('every entry to settle', () => {
        const rows = session.store.getState().journal.entries.filter((e) => e.cloids?.some((c) => truth.has(c)));
        return rows.length === truth.size && rows.every((e) => e.settled !== undefined) && rows;
      });
      const records = (await ex.info<OrderLookup[]>({ type: 'ordersByCloids', user: u.who.address, cloids: [...truth.keys()] })).body;
      for (const e of settled) {
        const cloid = e.cloids![0]!;
        const onExchange = records.find((l) => l.order.cloid === cloid);
        expect(Boolean(onExchange)).toBe(truth.get(cloid));
        if (onExchange) {
          expect(e).toMatchObject({ outcome: 'reconciled', settled: 'placed' });
          expect(e.detail).toContain(`placed, oid ${onExchange.order.oid}, ${onExchange.status}`);
        } else {
          expect(e).toMatchObject({ outcome: 'error', settled: 'absent' });
          expect(e.detail).toContain('never arrived');
        }
      }
      // In the file too: read back, each request is one entry with the exchange's answer.
      const after = new JournalFile(stateDir).load(100).entries.filter((e) => e.cloids?.some((c) => truth.has(c)));
      expect(after.map((e) => e.settled)).toEqual(settled.map((e) => e.settled));
      expect(after.filter((e) => e.outcome === 'unanswered' || e.outcome === 'unknown')).toEqual([]);
    } finally {
      await session.close();
    }
  }, 120_000);
});
