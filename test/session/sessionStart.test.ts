import { describe, expect, it } from 'vitest';
import { CONFIGS } from '../client/support/fakeExchange.js';
import { useSessionFixture } from '../client/support/sessionFixture.js';
import { waitFor } from '../support/waitFor.js';

/** How a session starts: what the store holds before the streams are live. */

const { ctx, start } = useSessionFixture();

describe('session start', () => {
  it('holds the market it was given before createSession returns, and does not read configs again', async () => {
    const book = { contractId: 1, time: 0, levels: [[{ px: '98', sz: '3', n: 1 }], [{ px: '102', sz: '4', n: 2 }]] as const };
    const s = start({ initial: { configs: CONFIGS, books: [{ ...book, levels: [[...book.levels[0]], [...book.levels[1]]] }] } });
    // No await yet: this is what the first frame renders.
    const m = s.store.getState().market;
    expect(m.selected).toBe('SOL1');
    // The real market's active contracts; DOGE0 is delisted and left out.
    expect(Object.keys(m.contracts)).toEqual(['SOL1', 'BTC1', 'ETH1']);
    expect(m.books[1]?.levels[0][0]?.px).toBe('98');
    expect(m.books[1]?.levels[1][0]?.px).toBe('102');
    expect(await s.ready).toMatchObject({ ok: true, value: { name: 'SOL1' } });
    expect(ctx.fx.infoRequests.get('configs') ?? 0).toBe(0);
    // The streams take over: the fake exchange's later book (99 / 101) replaces the one given.
    await waitFor(() => s.store.getState().market.books[1]?.levels[0][0]?.px === '99', 'book from the exchange');
  });

  it('without one, starts empty and loads configs itself', async () => {
    const s = start();
    expect(s.store.getState().market.selected).toBeNull();
    expect(await s.ready).toMatchObject({ ok: true, value: { name: 'SOL1' } });
    expect(ctx.fx.infoRequests.get('configs')).toBe(1);
  });

  it('puts the book snapshot read after subscribing into the store without waiting for the next flush', async () => {
    // The stream sends nothing and the batching interval is a minute: only the snapshot can fill the book.
    ctx.fx.muteData(true);
    const s = start({ flushMs: 60_000 });
    await s.ready;
    await waitFor(() => s.store.getState().market.books[1] !== undefined, 'book snapshot in the store');
    expect(s.store.getState().market.books[1]?.levels[1][0]?.px).toBe('101');
  });
});
