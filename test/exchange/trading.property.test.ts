import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucket, ExchangeCore, type Account } from '../../src/exchange/index.js';
import { formatDecimal } from '../../src/protocol/index.js';
import { build, type OrderStatus } from '../../src/protocol/wire/index.js';

/**
 * Random sequences of orders, modifies, cancels and index moves from a few accounts on
 * two contracts, run in-process through the ordinary action handlers. After every step:
 * no book is crossed or inconsistent; positions net to zero per contract; each account's
 * order aggregates match its open orders; reduce-only orders never exceed their position;
 * and all money (pools, isolated buckets, fees, clearing, insurance) equals what was minted.
 */
type Op =
  | { kind: 'order'; who: number; contract: number; isBuy: boolean; off: number; sz: number; tif: 'Gtc' | 'Ioc' | 'Alo' | 'Market'; ro: boolean }
  | { kind: 'modify'; who: number; pick: number; off: number | null; sz: number | null }
  | { kind: 'cancel'; who: number; pick: number }
  | { kind: 'index'; contract: number; off: number }
  | { kind: 'leverage'; who: number; contract: number; lev: number };

const CONTRACTS = [1, 2];
const MID: Record<number, bigint> = { 1: 150n, 2: 600_000n };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('order' as const), who: fc.nat(3), contract: fc.constantFrom(...CONTRACTS), isBuy: fc.boolean(), off: fc.integer({ min: -6, max: 6 }), sz: fc.integer({ min: 1, max: 8 }), tif: fc.constantFrom('Gtc' as const, 'Ioc' as const, 'Alo' as const, 'Market' as const), ro: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('modify' as const), who: fc.nat(3), pick: fc.nat(50), off: fc.option(fc.integer({ min: -6, max: 6 })), sz: fc.option(fc.integer({ min: 1, max: 10 })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(3), pick: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('index' as const), contract: fc.constantFrom(...CONTRACTS), off: fc.integer({ min: -20, max: 20 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leverage' as const), who: fc.nat(3), contract: fc.constantFrom(...CONTRACTS), lev: fc.integer({ min: 1, max: 20 }) }) },
);

function setup(): { core: ExchangeCore; accounts: Account[] } {
  const core = new ExchangeCore({ seed: 1 });
  // The volume check below counts every candle: no seeded back-history.
  for (const m of core.trading.markets.values()) m.withoutHistory();
  const accounts = [0, 1, 2, 3].map((i) => {
    const a = core.accounts.create(`0x${String(i + 1).padStart(40, '0')}`, 'user', 0);
    core.accounts.enroll(a.id, 1);
    core.ledger.mint(bucket.chain(a.id, 0), 10_000_000_000n, 'test');
    // Different sizes so that some accounts run out of margin and get liquidated.
    core.ledger.transfer(bucket.chain(a.id, 0), bucket.md(a.id, 1, 0), [20_000_000n, 300_000_000n, 5_000_000_000n, 9_000_000_000n][i]!);
    return a;
  });
  return { core, accounts };
}

function pxOf(core: ExchangeCore, contract: number, off: number): string {
  const c = core.config.contract(contract)!;
  const px = MID[contract]! + BigInt(off) * c.tickSize;
  return formatDecimal(px, c.priceScale);
}

function szOf(core: ExchangeCore, contract: number, n: number): string {
  const c = core.config.contract(contract)!;
  return formatDecimal(BigInt(n) * c.stepSize * (contract === 2 ? 10n : 1n), c.qtyScale);
}

function run(core: ExchangeCore, account: Account, action: { type: string }) {
  return core.actions.run({ core, account, signer: account.address, signerRole: 'master', nonce: 0, now: core.clock.now() }, action as never);
}

function checkInvariants(core: ExchangeCore, accounts: Account[]): void {
  const t = core.trading;
  for (const id of CONTRACTS) {
    const m = t.market(id)!;
    expect(m.book.invariantErrors()).toEqual([]);
    let net = 0n;
    for (const a of accounts) {
      const h = t.holdings.get(a.id, id);
      net += (h?.long?.size ?? 0n) - (h?.short?.size ?? 0n);
      // Aggregates of resting orders equal a recount of the open orders.
      const open = [...t.orders.openOf(a.id)].filter((o) => o.contractId === id);
      const sum = (f: (o: (typeof open)[number]) => boolean, g: (o: (typeof open)[number]) => bigint) => open.filter(f).reduce((s, o) => s + g(o), 0n);
      expect(h?.buySz ?? 0n).toBe(sum((o) => o.isBuy && !o.reduceOnly, (o) => o.remaining));
      expect(h?.sellPxSz ?? 0n).toBe(sum((o) => !o.isBuy && !o.reduceOnly, (o) => o.remaining * o.px));
      expect(h?.roSellSz ?? 0n).toBe(sum((o) => !o.isBuy && o.reduceOnly, (o) => o.remaining));
      expect(h?.roSellSz ?? 0n).toBeLessThanOrEqual(h?.long?.size ?? 0n);
      expect(h?.roBuySz ?? 0n).toBeLessThanOrEqual(h?.short?.size ?? 0n);
      for (const o of open) expect(m.book.get(o.oid)?.sz).toBe(o.remaining);
    }
    expect(net).toBe(0n);
  }
  expect(core.ledger.sumByCoin().get(0)).toBe(core.ledger.totalMinted(0));
}

describe('trading engine properties', () => {
  it('books stay uncrossed, both sides of every fill match, and money is conserved', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        const { core, accounts } = setup();
        const oids: number[][] = accounts.map(() => []);
        let volume = 0n;
        let filledSum = 0n;
        for (const o of ops) {
          if (o.kind === 'order') {
            const a = accounts[o.who]!;
            const spec = { contractId: o.contract, isBuy: o.isBuy, size: szOf(core, o.contract, o.sz), reduceOnly: o.ro, ...(o.tif === 'Market' ? { tif: 'Market' as const } : { tif: o.tif, price: pxOf(core, o.contract, o.off) }) };
            const st = (run(core, a, build.order([spec])) as { statuses: OrderStatus[] }).statuses[0]!;
            if ('resting' in st) oids[o.who]!.push(st.resting.oid);
          } else if (o.kind === 'modify') {
            const list = oids[o.who]!;
            const oid = list[o.pick % Math.max(1, list.length)];
            const rec = oid === undefined ? undefined : core.trading.orders.get(oid);
            if (!rec) continue;
            run(core, accounts[o.who]!, build.modify({ contractId: rec.contractId, oid: rec.oid, ...(o.off !== null ? { price: pxOf(core, rec.contractId, o.off) } : {}), ...(o.sz !== null ? { size: szOf(core, rec.contractId, o.sz) } : {}) }));
          } else if (o.kind === 'cancel') {
            const list = oids[o.who]!;
            const oid = list[o.pick % Math.max(1, list.length)];
            const rec = oid === undefined ? undefined : core.trading.orders.get(oid);
            if (rec) run(core, accounts[o.who]!, build.cancel([{ contractId: rec.contractId, oid: rec.oid }]));
          } else if (o.kind === 'index') {
            const c = core.config.contract(o.contract)!;
            core.indexPrices.set(o.contract, MID[o.contract]! + BigInt(o.off) * c.tickSize);
          } else {
            run(core, accounts[o.who]!, build.updateLeverage(o.contract, o.lev));
          }
          core.trading.step(core.clock.now());
          checkInvariants(core, accounts);
        }
        // Filled quantity on both sides: every order record's fills add up to twice the traded volume.
        for (const id of CONTRACTS) volume += core.trading.market(id)!.candles.snapshot('1M', 0, Number.MAX_SAFE_INTEGER).reduce((s, b) => s + b.v, 0n);
        const lastId = core.trading.nextId();
        for (let oid = 1; oid < lastId; oid++) filledSum += core.trading.orders.get(oid)?.filled ?? 0n;
        expect(filledSum).toBe(2n * volume);
      }),
      { numRuns: 120 },
    );
  });
});
