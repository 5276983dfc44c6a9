import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/protocol/wire/index.js';
import { AccountsWatch } from '../../src/session/accountsWatch.js';
import { accountSummary } from '../../src/state/accountSummary.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { trader, type Trader } from '../exchange/traders.js';

/**
 * The accounts overview's figures over loopback: each profile's line is what the exchange's
 * userAccount says for its address, worked out as the account strip works it out, with its
 * open orders counted; an account that cannot be reached says why and keeps the others.
 */
let ex: TestExchange;
let alice: Trader;
let bob: Trader;

beforeAll(async () => {
  ex = await startTestExchange();
  [alice, bob] = await Promise.all([trader(ex, 2_000n), trader(ex, 3_000n)]);
  exchangeData(await ex.signedPost(build.order([{ contractId: 1, isBuy: true, price: '100', size: '1', tif: 'Gtc' }]), bob.key));
}, 30_000);
afterAll(() => ex?.close());

describe('AccountsWatch', () => {
  it("gives each profile its own account's figures, and says why one cannot be read", async () => {
    const configs = (await ex.info<Parameters<typeof accountSummary>[1]>({ type: 'configs' })).body;
    const watch = new AccountsWatch(
      [
        { name: 'alice', url: ex.url, address: alice.address },
        { name: 'bob', url: ex.url, address: bob.address },
        { name: 'paper', url: undefined, address: undefined, unavailable: 'embedded venue not running' },
      ],
      () => configs,
    );
    let heard = 0;
    watch.subscribe(() => heard++);
    await watch.pollOne();
    await watch.pollOne();
    await watch.pollOne();
    const [a, b, p] = watch.snapshot().lines;
    for (const [line, who] of [[a!, alice], [b!, bob]] as const) {
      const expected = accountSummary((await ex.info<Parameters<typeof accountSummary>[0]>({ type: 'userAccount', user: who.address })).body, configs);
      expect(line.summary?.equity).toBe(expected!.equity);
    }
    expect(a!.summary!.equity).not.toBe(b!.summary!.equity);
    expect([a!.openOrders, b!.openOrders]).toEqual([0, 1]);
    expect(p).toEqual({ name: 'paper', error: 'embedded venue not running' });
    expect(heard).toBe(2);
    await watch.close();
  });
});
