import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../session/index.js';
import { build } from '../../protocol/wire/index.js';
import type { AppState } from '../../state/types.js';
import { textWidth } from '../format/width.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../../../test/support/exchangeHarness.js';
import { waitFor } from '../../../test/support/waitFor.js';
import type { ContentPaneId } from './paneProps.js';
import { PANES } from './paneDefs.js';
import { renderPane, tick } from '../../../test/ui/support/renderPane.js';

/**
 * The panes over a real session on the embedded exchange (loopback HTTP and WebSocket,
 * market bots on): what the user sees once the market moves and the account trades.
 */
// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

function until(session: Session, ok: (s: AppState) => boolean, what: string): Promise<void> {
  return waitFor(() => ok(session.store.getState()), what, 15_000);
}

describe('panes on a live embedded exchange', () => {
  let ex: TestExchange;
  let alice: Registered;
  let session: Session;

  beforeAll(async () => {
    ex = await startTestExchange({ activity: 'normal' });
    alice = await ex.registerFunded();
    exchangeData(await ex.signedPost(build.enroll(1), alice.key));
    exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '5000000000'), alice.key));
    session = createSession({ url: ex.url }, { master: alice.key }, { contractName: 'SOL1', flushMs: 50, poll: { accountMs: 200, agentsMs: 500, marketStateMs: 200 } });
    const ready = await session.ready;
    expect(ready.ok).toBe(true);
  });

  afterAll(async () => {
    await session?.close();
    await ex?.close();
  });

  it('shows the moving book and tape, then the account’s own order and position', async () => {
    await until(session, (s) => (s.market.books[1]?.levels[0].length ?? 0) > 0 && (s.market.books[1]?.levels[1].length ?? 0) > 0, 'a two-sided book');
    await until(session, (s) => (s.market.trades[1]?.length ?? 0) > 0, 'trades');

    const book = session.store.getState().market.books[1]!;
    const bestBid = Number(book.levels[0][0]!.px);
    const bestAsk = Number(book.levels[1][0]!.px);
    // One resting order well below the market, one that crosses: an open order and a position.
    const rest = String(Math.max(1, bestBid - 5));
    const placed = exchangeData<{ statuses: unknown[] }>(
      await ex.signedPost(build.order([{ contractId: 1, isBuy: true, price: rest, size: '2' }, { contractId: 1, isBuy: true, price: String(bestAsk + 5), size: '1', tif: 'Ioc' }]), alice.key),
    );
    expect(placed.statuses).toHaveLength(2);
    await until(session, (s) => Object.values(s.orders.open).some((o) => o.limitPx === rest), 'the resting order on the openOrders stream');
    await until(session, (s) => s.account.positions.some((p) => p.contractId === 1 && /[1-9]/.test(p.size)), 'the position in userAccount');

    const frames: Partial<Record<ContentPaneId, string>> = {};
    for (const id of ['book', 'trades', 'orders', 'positions', 'account'] as const) {
      const r = renderPane(PANES[id], session.store, { width: 64, height: 14, focused: false });
      await tick();
      const lines = r.lines();
      expect(lines).toHaveLength(14);
      for (const l of lines) expect(textWidth(plain(l))).toBe(64);
      frames[id] = plain(r.frame());
      if (process.env.SHOW_PANES) console.log(r.frame());
      r.unmount();
    }
    expect(frames.book).toMatch(/spread \d/);
    expect(frames.book).toMatch(/^│S +\d/m);
    expect(frames.book).toMatch(/^│B +\d/m);
    expect(frames.trades).toMatch(/[▲▼·] +\d+ +\d\d:\d\d:\d\d/);
    expect(frames.orders).toMatch(new RegExp(`Buy +${rest} +2/2`));
    expect(frames.positions).toMatch(/SOL1 +Long +\+1 /);
    expect(frames.account).toMatch(/MD1 perpdesk/);
    expect(frames.account).not.toContain('waiting for account');
  });
});
