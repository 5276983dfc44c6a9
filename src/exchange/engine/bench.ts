/**
 * Deterministic micro-benchmark of the matching engine. The op mix is seeded
 * so runs are comparable; only the timing varies. Mix: 60% resting limit
 * orders near a slowly walking mid, 30% cancels of a random earlier order
 * (which may already have filled: that miss is part of the realistic mix),
 * 10% aggressive orders (Ioc through a few levels, or Market).
 */
import { performance } from 'node:perf_hooks';
import { OrderBook } from './orderBook.js';
import { Prng } from './prng.js';

export interface BenchResult {
  ops: number;
  ms: number;
  opsPerSec: number;
  /** Resting orders at the end, to show the book stayed realistic in size. */
  restingAtEnd: number;
  fills: number;
}

export function benchEngine(ops: number, seed = 42): BenchResult {
  const rng = new Prng(seed);
  const book = new OrderBook();
  const owners = Array.from({ length: 64 }, (_, i) => `acct${i}`);
  const live: number[] = [];
  let mid = 5_000;
  let fills = 0;
  const t0 = performance.now();
  for (let i = 0; i < ops; i++) {
    if ((i & 63) === 0) mid = Math.min(9_000, Math.max(1_000, mid + rng.range(-2, 2)));
    const r = rng.next();
    if (r < 0.6) {
      const isBuy = rng.chance(0.5);
      const off = 1 + rng.int(20);
      const px = BigInt(isBuy ? mid - off : mid + off);
      const res = book.place(
        { owner: rng.pick(owners), isBuy, px, sz: BigInt(1 + rng.int(100)), tif: 'Gtc', reduceOnly: false },
        i,
      );
      fills += res.fills.length;
      if (res.status === 'resting') live.push(res.oid);
    } else if (r < 0.9) {
      if (live.length === 0) continue;
      const k = rng.int(live.length);
      const oid = live[k]!;
      live[k] = live[live.length - 1]!;
      live.pop();
      book.cancel(oid);
    } else {
      const isBuy = rng.chance(0.5);
      const market = rng.chance(0.3);
      const px = market ? undefined : BigInt(isBuy ? mid + rng.int(5) : mid - rng.int(5));
      const res = book.place(
        {
          owner: rng.pick(owners),
          isBuy,
          px,
          sz: BigInt(1 + rng.int(300)),
          tif: market ? 'Market' : 'Ioc',
          reduceOnly: false,
        },
        i,
      );
      fills += res.fills.length;
    }
  }
  const ms = performance.now() - t0;
  return { ops, ms, opsPerSec: Math.round(ops / (ms / 1000)), restingAtEnd: book.size, fills };
}
