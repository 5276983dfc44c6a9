import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, INFO_QUERIES } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';

let ex: TestExchange;
let who: Registered;

const code = async (body: unknown) => {
  const r = await ex.info<{ code?: string }>(body);
  return [r.status, r.body.code];
};

beforeAll(async () => {
  ex = await startTestExchange();
  who = await ex.registerFunded();
  exchangeData(await ex.signedPost(build.enroll(1), who.key));
  exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '1234567'), who.key));
});
afterAll(() => ex.close());

describe('configs', () => {
  it('matches the shared schema and the open-points market', async () => {
    const configs = v.parse(INFO_QUERIES.configs.result, (await ex.info({ type: 'configs' })).body);
    expect(configs.coins).toEqual([
      { coinId: 0, name: 'USDC', decimals: 6 },
      { coinId: 1, name: 'USDT1', decimals: 6 },
    ]);
    expect(configs.marketDeployers.map((m) => m.marketDeployerId)).toEqual([1, 2]);
    const sol = configs.contracts.find((c) => c.name === 'SOL1');
    expect(sol).toMatchObject({ contractId: 1, quoteCoinId: 1, priceScale: 0, qtyScale: 0, tickSize: 1, maxTicks: 10000, status: 'Active', shareGroupId: 1 });
    expect(configs.contracts.some((c) => c.status === 'Active' && c.priceScale > 0 && c.qtyScale > 0)).toBe(true);
    const delisted = configs.contracts.filter((c) => c.status !== 'Active');
    expect(delisted.length).toBe(1);
    // A delisted contract carries the full parameter set, like a live one (spec 1).
    expect(Object.keys(delisted[0]!).sort()).toEqual(Object.keys(configs.contracts.find((c) => c.name === 'ETH1')!).sort());
    for (const c of configs.contracts) {
      expect(c.leverageTiers.length).toBeGreaterThan(0);
      for (const t of c.leverageTiers) expect(t.maxNotional).toMatch(/^\d+$/);
    }
    expect(new Set(configs.contracts.map((c) => c.marketDeployerId))).toEqual(new Set([1, 2]));
  });
});

describe('account reads', () => {
  it('userAccount matches the shared schema, across all deployers and for one', async () => {
    const all = v.parse(INFO_QUERIES.userAccount.result, (await ex.info({ type: 'userAccount', user: who.address })).body);
    expect(all).toMatchObject({ accountId: who.accountId, address: who.address, positionMode: 'ONE_WAY', marginShareType: 'UNIFIED' });
    expect(all.chainBalances).toEqual([
      { coinId: 0, total: '9998765433' },
      { coinId: 1, total: '0' },
    ]);
    expect(all.marketDeployers).toEqual([
      {
        marketDeployerId: 1,
        balances: [
          { coinId: 0, total: '1234567' },
          { coinId: 1, total: '0' },
        ],
        equity: '1234567',
        marginUsed: '0',
        available: '1234567',
        withdrawable: '1234567',
        positions: [],
        contractSettings: [],
      },
    ]);
    // A leverage or margin mode set without a position is listed, so a client knows it before the first order.
    exchangeData(await ex.signedPost(build.updateLeverage(2, 7), who.key));
    exchangeData(await ex.signedPost(build.updateMarginMode(1, 'isolated'), who.key));
    const set = v.parse(INFO_QUERIES.userAccount.result, (await ex.info({ type: 'userAccount', user: who.address, marketDeployerId: 1 })).body);
    expect(set.marketDeployers[0]!.contractSettings).toEqual([
      { contractId: 1, leverage: 10, marginMode: 'isolated' },
      { contractId: 2, leverage: 7, marginMode: 'cross' },
    ]);
    const md2 = v.parse(INFO_QUERIES.userAccount.result, (await ex.info({ type: 'userAccount', user: who.address.toUpperCase().replace('0X', '0x'), marketDeployerId: 2 })).body);
    expect(md2.marketDeployers.map((m) => [m.marketDeployerId, m.equity])).toEqual([[2, '0']]);
    expect(md2.shareGroups).toEqual([]);
  });

  it('unknown accounts and deployers are 404; missing or mistyped fields 400', async () => {
    expect(await code({ type: 'userAccount', user: '0x' + '77'.repeat(20) })).toEqual([404, 'NOT_FOUND']);
    expect(await code({ type: 'userAccount', user: who.address, marketDeployerId: 9 })).toEqual([404, 'NOT_FOUND']);
    expect(await code({ type: 'userAccount', user: who.address, marketDeployerId: '1' })).toEqual([400, 'BAD_REQUEST']);
    expect(await code({ type: 'userMarketDeployers' })).toEqual([400, 'BAD_REQUEST']);
    expect(await code({ type: 'userMarketDeployers', user: '0x' + '77'.repeat(20) })).toEqual([404, 'NOT_FOUND']);
    expect(await code({ type: 'shareGroupState', groupId: 'one' })).toEqual([400, 'BAD_REQUEST']);
  });

  it('userMarketDeployers lists enrollments', async () => {
    expect((await ex.info({ type: 'userMarketDeployers', user: who.address })).body).toEqual([1]);
  });
});

describe('shareGroupState', () => {
  it('lists definitions, optionally one group', async () => {
    const all = v.parse(INFO_QUERIES.shareGroupState.result, (await ex.info({ type: 'shareGroupState' })).body);
    expect(all).toEqual([{ groupId: 1, members: [1, 2], settlementCoinId: 0, frozen: false }]);
    expect((await ex.info({ type: 'shareGroupState', groupId: 1 })).body).toEqual(all);
    expect((await ex.info({ type: 'shareGroupState', groupId: 9 })).body).toEqual([]);
  });
});

describe('market and order reads on a quiet market', () => {
  it('answer truthfully in the shared shapes: mark at index, empty book, no orders', async () => {
    const ms = v.parse(INFO_QUERIES.marketState.result, (await ex.info({ type: 'marketState', contractId: 2 })).body);
    expect(ms).toMatchObject({ contractId: 2, indexPx: '60000', markPx: '60000', lastPx: null });
    v.parse(INFO_QUERIES.l2Book.result, (await ex.info({ type: 'l2Book', contractId: 1 })).body);
    expect((await ex.info({ type: 'userOrders', user: who.address, marketDeployerId: 1 })).body).toEqual([]);
    expect((await ex.info({ type: 'ordersByIds', user: who.address, oids: [1] })).body).toEqual([]);
    expect((await ex.info({ type: 'candleSnapshot', contractId: 1, interval: '1m', startTime: 0, endTime: 1 })).body).toEqual([]);
    expect(await code({ type: 'marketState', contractId: 99 })).toEqual([404, 'NOT_FOUND']);
    expect(await code({ type: 'candleSnapshot', contractId: 1, interval: '2m', startTime: 0, endTime: 1 })).toEqual([400, 'BAD_REQUEST']);
  });
});
