import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAlgoFile } from '../../src/algo/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { positionSize, tradingAccount } from '../algo/support/algoAccount.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { algoCliUser, algoEvents } from './support/algoCli.js';

/**
 * `perpdesk algo trail` with its defaults (5 ticks through, the 5 % bound) on a book whose
 * spread is far wider than 5 ticks, as BTC1's is in the embedded exchange's default market:
 * the stop that fires closes the position, or ends failed with the size left; it never
 * reports done with the position open.
 */
let ex: TestExchange;
let maker: Registered;

beforeAll(async () => {
  ex = await startTestExchange();
  maker = await tradingAccount(ex, '8000000000');
}, 30_000);

afterAll(async () => {
  await ex?.close();
});

async function rest(who: Registered, isBuy: boolean, price: string, size: string, tif: 'Gtc' | 'Ioc' = 'Gtc'): Promise<unknown> {
  return exchangeData<{ statuses: unknown[] }>(await ex.signedPost(build.order([{ contractId: 1, isBuy, price, size, tif }]), who.key)).statuses[0];
}

/** A trader long 3 at 1000, bids only (so the mark is the index) at `bid`, a trail started on it and fired at a mark of 1000. */
async function firedTrail(bid: string) {
  exchangeData(await ex.signedPost(build.cancelAll(1), maker.key));
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '1000' });
  const u = await algoCliUser(ex, ex.url);
  expect(await rest(maker, false, '1000', '3')).toHaveProperty('resting');
  expect(await rest(u.who, true, '1000', '3', 'Ioc')).toHaveProperty('filled');
  expect(await rest(maker, true, bid, '10')).toHaveProperty('resting');
  const run = u.start(['algo', 'trail', 'SOL1', '--distance', '10', '--interval', '250ms', '--yes', '--json']);
  const until = async (what: string, ok: () => boolean) => {
    const end = Date.now() + 20_000;
    while (!ok()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await until('the trail to start', () => run.lines().length > 0);
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '1010' });
  const stateDir = path.join(u.home, '.state', 'perpdesk');
  await until('its best mark to reach 1010', () => readAlgoFile(stateDir).algos[0]?.bestMark === 1010n);
  await ex.control({ type: 'setIndexPrice', contractId: 1, px: '1000' });
  const closed = await run.closed;
  return { u, code: closed.code, events: algoEvents(closed.stdout.split('\n').filter((l) => l.startsWith('{"event"')).join('\n')), stdout: closed.stdout, stderr: closed.stderr };
}

describe('perpdesk algo trail on a wide spread', () => {
  it('a bid 40 ticks under the mark (5 ticks through never reaches it): the close goes through the bid and the position ends closed', async () => {
    const { u, code, events } = await firedTrail('960');
    expect(await positionSize(ex, u.who.address, 1)).toBe('0');
    expect(code).toBe(0);
    expect(events.at(-1)).toMatchObject({ event: 'end', algo: { status: 'done', filled: '3', total: '3' } });
    expect(events.at(-1)!.algo.reason).toContain('closed 3 of 3; the position is closed');
  }, 60_000);

  it('nothing within the bound (5 % under 1000 is 950; the bid is at 940): failed, exit 4, saying 3 are still open', async () => {
    const { u, code, events } = await firedTrail('940');
    expect(await positionSize(ex, u.who.address, 1)).toBe('3');
    expect(code).toBe(4);
    expect(events.at(-1)).toMatchObject({ event: 'end', algo: { status: 'failed', filled: '0', total: '3' } });
    expect(events.at(-1)!.algo.reason).toContain('reached its bound 950 with 3 SOL1 still open');
  }, 60_000);
});
