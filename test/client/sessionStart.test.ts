import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../src/client/session.js';
import { addressOf } from '../../src/protocol/index.js';
import { CONFIGS, startFakeExchange, type FakeExchange } from './support/fakeExchange.js';
import { waitFor } from './support/waitFor.js';

/** How a session starts: what the store holds before the streams are live. */

const MASTER = '0x' + '8f'.repeat(32);
const ADDR = addressOf(MASTER).toLowerCase();

let fx: FakeExchange;
let session: Session | undefined;
let stateDir: string;
beforeEach(async () => {
  fx = await startFakeExchange();
  fx.register(ADDR);
  stateDir = mkdtempSync(join(tmpdir(), 'perpdesk-session-start-'));
});
afterEach(async () => {
  await session?.close();
  session = undefined;
  await fx.close();
  rmSync(stateDir, { recursive: true, force: true });
});

function start(extra: Partial<Parameters<typeof createSession>[0]> = {}): Session {
  session = createSession({
    url: fx.url,
    master: MASTER,
    contractName: 'SOL1',
    stateDir,
    http: { requestTimeoutMs: 500 },
    ws: { backoff: { baseMs: 5, capMs: 40 }, ackTimeoutMs: 500 },
    ...extra,
  });
  return session;
}

describe('session start', () => {
  it('holds the market it was given before createSession returns, and does not read configs again', async () => {
    const book = { contractId: 1, time: 0, levels: [[{ px: '98', sz: '3', n: 1 }], [{ px: '102', sz: '4', n: 2 }]] as const };
    const s = start({ initial: { configs: CONFIGS, books: [{ ...book, levels: [[...book.levels[0]], [...book.levels[1]]] }] } });
    // No await yet: this is what the first frame renders.
    const m = s.store.getState().market;
    expect(m.selected).toBe('SOL1');
    expect(Object.keys(m.contracts)).toEqual(['SOL1']);
    expect(m.books[1]?.levels[0][0]?.px).toBe('98');
    expect(m.books[1]?.levels[1][0]?.px).toBe('102');
    expect(await s.ready).toMatchObject({ ok: true, value: { name: 'SOL1' } });
    expect(fx.infoRequests.get('configs') ?? 0).toBe(0);
    // The streams take over: the fake exchange's later book (99 / 101) replaces the one given.
    await waitFor(() => s.store.getState().market.books[1]?.levels[0][0]?.px === '99', 'book from the exchange');
  });

  it('without one, starts empty and loads configs itself', async () => {
    const s = start();
    expect(s.store.getState().market.selected).toBeNull();
    expect(await s.ready).toMatchObject({ ok: true, value: { name: 'SOL1' } });
    expect(fx.infoRequests.get('configs')).toBe(1);
  });

  it('puts the book snapshot read after subscribing into the store without waiting for the next flush', async () => {
    // The stream sends nothing and the batching interval is a minute: only the snapshot can fill the book.
    fx.muteData(true);
    const s = start({ flushMs: 60_000 });
    await s.ready;
    await waitFor(() => s.store.getState().market.books[1] !== undefined, 'book snapshot in the store');
    expect(s.store.getState().market.books[1]?.levels[1][0]?.px).toBe('101');
  });
});
