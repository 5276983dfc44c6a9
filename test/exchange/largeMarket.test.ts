import { afterEach, describe, expect, it } from 'vitest';
import { parseExchangeArgs } from '../../src/exchange/cli.js';
import { largeMarketSetup, QUOTED_CONTRACTS } from '../../src/exchange/state/largeMarket.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';

interface ContractInfo {
  contractId: number;
  name: string;
  status: string;
}

describe('perpdesk exchange --contracts N', () => {
  let ex: TestExchange | undefined;
  afterEach(async () => {
    await ex?.close();
    ex = undefined;
  });

  it('parses into a market of N Active contracts and the extension that lists the quiet ones', () => {
    const o = parseExchangeArgs(['--contracts', '50']);
    if (o === 'help') throw new Error('help');
    expect(o.market?.contracts.length).toBe(51); // DOGE0 stays delisted beside 50 Active
    expect(o.extensions).toHaveLength(1);
    const d = parseExchangeArgs(['--contracts', '3']);
    if (d === 'help') throw new Error('help');
    expect(d.market).toBeUndefined();
    expect(() => parseExchangeArgs(['--contracts', '2'])).toThrow(/--contracts expects a whole number from 3 to 200/);
    expect(() => parseExchangeArgs(['--contracts', '201'])).toThrow(/--contracts/);
  });

  it('generates unique names and ids after the default contracts', () => {
    const s = largeMarketSetup(50);
    const active = s.contracts.filter((c) => c.status === 'Active');
    expect(active).toHaveLength(50);
    expect(new Set(s.contracts.map((c) => c.name)).size).toBe(s.contracts.length);
    expect(new Set(s.contracts.map((c) => c.contractId)).size).toBe(s.contracts.length);
    expect(s.contracts.slice(0, 4).map((c) => c.name)).toEqual(['SOL1', 'BTC1', 'ETH1', 'DOGE0']);
  });

  it('lists every contract Active, the bots quote the first ten and the quiet books trade for accounts', async () => {
    const o = parseExchangeArgs(['--contracts', '50', '--activity', 'busy']);
    if (o === 'help') throw new Error('help');
    ex = await startTestExchange({ market: o.market!, extensions: o.extensions!, activity: 'busy', blockMs: 20 });
    const configs = (await ex.info<{ contracts: ContractInfo[] }>({ type: 'configs' })).body;
    const active = configs.contracts.filter((c) => c.status === 'Active').sort((a, b) => a.contractId - b.contractId);
    expect(active).toHaveLength(50);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const books = await Promise.all(active.map(async (c) => (await ex!.info<{ levels: unknown[][] }>({ type: 'l2Book', contractId: c.contractId })).body.levels));
    const quoted = books.map((levels) => levels[0]!.length > 0 || levels[1]!.length > 0);
    expect(quoted.slice(0, QUOTED_CONTRACTS).every((q) => q)).toBe(true);
    expect(quoted.slice(QUOTED_CONTRACTS).some((q) => q)).toBe(false);

    const quiet = active[QUOTED_CONTRACTS]!;
    const maker = await ex.registerFunded();
    const taker = await ex.registerFunded();
    for (const who of [maker, taker]) {
      exchangeData(await ex.signedPost(build.enroll(1), who.key));
      exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '1000000000'), who.key));
    }
    const rest = exchangeData<{ statuses: unknown[] }>(await ex.signedPost(build.order([{ contractId: quiet.contractId, isBuy: false, price: '1.00', size: '3' }]), maker.key));
    expect(rest.statuses[0]).toHaveProperty('resting');
    const take = exchangeData<{ statuses: unknown[] }>(await ex.signedPost(build.order([{ contractId: quiet.contractId, isBuy: true, price: '1.00', size: '3', tif: 'Ioc' }]), taker.key));
    expect(take.statuses[0]).toHaveProperty('filled');
  });
});
