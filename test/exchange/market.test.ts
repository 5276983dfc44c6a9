import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockLoop, ExchangeCore } from '../../src/exchange/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { one, trader } from './traders.js';
import { WsTestClient, type WsMessage } from './wsTestClient.js';

const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);

/** A core and its block loop stepped by hand over `blocks` blocks of 100 ms: no timer, no wall clock. */
function simulate(seed: number, activity: 'off' | 'calm' | 'normal' | 'busy' | 'stress', blocks: number) {
  const core = new ExchangeCore({ seed });
  const loop = new BlockLoop(core, { activity, blockMs: 100 });
  for (let i = 0; i < blocks; i++) loop.tick(T0 + i * 100);
  return { core, loop };
}

function snapshot(core: ExchangeCore) {
  return [1, 2, 3].map((id) => {
    const m = core.trading.market(id)!;
    return { index: core.indexPrices.get(id), depth: m.book.depth(5), last: m.lastPx, bars: m.candles.snapshot('1m', 0, T0 + 3_600_000).length };
  });
}

describe('the live market (in-process, stepped by hand)', () => {
  it('a seed replays the same market, and bots trade through the ordinary engine', () => {
    const a = simulate(7, 'normal', 300);
    const b = simulate(7, 'normal', 300);
    expect(snapshot(a.core)).toEqual(snapshot(b.core));
    const c = simulate(8, 'normal', 300);
    expect(snapshot(c.core)).not.toEqual(snapshot(a.core));

    const core = a.core;
    const bots = [...core.accounts.all()].filter((x) => x.kind === 'bot');
    expect(bots.length).toBeGreaterThan(0);
    for (const id of [1, 2, 3]) {
      const m = core.trading.market(id)!;
      expect(m.book.invariantErrors()).toEqual([]);
      expect(m.book.bestBid()).toBeDefined();
      expect(m.book.bestAsk()).toBeDefined();
      expect(m.lastPx).toBeDefined(); // takers traded
      // Every resting order on the book is a bot's order known to the order store.
      for (const isBuy of [true, false]) for (const o of m.book.orders(isBuy)) expect(core.trading.orders.get(o.oid)?.status).toBe('open');
    }
    // Positions net out: every fill had two sides.
    for (const id of [1, 2, 3]) {
      let net = 0n;
      for (const bot of bots) {
        const h = core.trading.holdings.get(bot.id, id);
        net += (h?.long?.size ?? 0n) - (h?.short?.size ?? 0n);
      }
      expect(net).toBe(0n);
    }
    const { ledger } = core;
    expect(ledger.sumByCoin().get(0)).toBe(ledger.totalMinted(0));
  });

  it('with activity off there are no bots and the index stands still', () => {
    const { core } = simulate(7, 'off', 50);
    expect([...core.accounts.all()].filter((x) => x.kind === 'bot')).toEqual([]);
    expect(core.indexPrices.get(1)).toBe(150n);
    expect(core.trading.market(1)!.book.size).toBe(0);
  });

  it('stress makes several times the order flow of calm', () => {
    const orders = (activity: 'calm' | 'stress') => {
      const { core } = simulate(3, activity, 100);
      let n = 0;
      for (const bot of core.accounts.all()) if (bot.kind === 'bot') n += [...core.trading.orders.openOf(bot.id)].length;
      return { n, trades: core.trading.nextTid() - 1 };
    };
    const calm = orders('calm');
    const stress = orders('stress');
    expect(stress.trades).toBeGreaterThan(calm.trades * 5);
    expect(stress.n).toBeGreaterThan(calm.n);
  });
});

describe('the live market over the wire', () => {
  let ex: TestExchange;
  beforeAll(async () => {
    ex = await startTestExchange({ activity: 'busy', blockMs: 20 });
  });
  afterAll(() => ex.close());

  it('streams a two-sided book and trades, and a user trades against the bots', async () => {
    const c = await WsTestClient.open(ex.wsUrl);
    const twoSided = (m: WsMessage) => m.channel === 'l2Book' && (m.data as { levels: unknown[][] }).levels.every((side) => side.length > 0);
    const book = c.next(twoSided);
    const trades = c.next((m) => m.channel === 'trades');
    c.send({ method: 'subscribe', subscription: { type: 'l2Book', contractId: 1 } });
    c.send({ method: 'subscribe', subscription: { type: 'trades', contractId: 1 } });
    await book;
    expect(((await trades).data as unknown[]).length).toBeGreaterThan(0);
    const me = await trader(ex, 5_000n);
    expect(await one(ex, me, { contractId: 1, isBuy: true, size: '1' })).toMatchObject({ filled: { totalSz: '1' } });
    c.close();
  });
});
