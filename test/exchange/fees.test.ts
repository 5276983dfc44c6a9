import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveFeeRates, formatFeeRate, operatorKey } from '../../src/exchange/index.js';
import type { Hex } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';

let ex: TestExchange;
let operator1: Hex;
let operator2: Hex;
let user: Registered;

const rates = (contractId: number, who?: Registered) => {
  const core = ex.running.core;
  const r = effectiveFeeRates(core.config, who && core.accounts.byId(who.accountId), contractId);
  return [formatFeeRate(r.maker), formatFeeRate(r.taker)];
};

beforeAll(async () => {
  ex = await startTestExchange({ seed: 7 });
  const ops = ex.running.operators;
  operator1 = ops.find((o) => o.marketDeployerId === 1)!.privateKey;
  operator2 = ops.find((o) => o.marketDeployerId === 2)!.privateKey;
  user = await ex.register();
});
afterAll(() => ex.close());

describe('operators', () => {
  it('are derived from the seed, listed in configs, and their keys stay out of JSON', async () => {
    expect(operator1).toBe(operatorKey(7, 1));
    expect(operator2).toBe(operatorKey(7, 2));
    expect(operatorKey(8, 1)).not.toBe(operator1);
    const configs = (await ex.info<{ marketDeployers: { marketDeployerId: number; operator: string }[] }>({ type: 'configs' })).body;
    expect(configs.marketDeployers.map((m) => m.operator)).toEqual(ex.running.operators.map((o) => o.address));
    const printed = JSON.stringify(ex.running.operators);
    expect(printed).not.toContain(operator1.slice(2));
    expect(printed).not.toContain(operator2.slice(2));
  });
});

describe('updateFeeSetting: three tiers', () => {
  it('before any override: contract rates where set, else the deployer default', () => {
    expect(rates(1, user)).toEqual(['0.0002', '0.0005']); // deployer 1 default
    expect(rates(2, user)).toEqual(['0.0001', '0.00045']); // BTC1's own rates
    expect(rates(3, user)).toEqual(['0.0001', '0.0004']); // deployer 2 default
  });

  it('the operator sets a user override that beats both lower tiers within its deployer only', async () => {
    const data = exchangeData(await ex.signedPost(build.updateFeeSetting(1, user.address, '0.0003', '-0.0001'), operator1));
    expect(data).toEqual({ marketDeployerId: 1, user: user.address, takerFeeRate: '0.0003', makerFeeRate: '-0.0001' });
    expect(rates(1, user)).toEqual(['-0.0001', '0.0003']);
    expect(rates(2, user)).toEqual(['-0.0001', '0.0003']);
    expect(rates(3, user)).toEqual(['0.0001', '0.0004']);
  });

  it('only the deployer\'s own operator may send it', async () => {
    const expected = { marketDeployerId: 0, user: user.address, takerFeeRate: '0.001', makerFeeRate: '0.001', errorCode: 5010, errorMessage: 'only the market deployer operator may update fees' };
    expect(exchangeData(await ex.signedPost(build.updateFeeSetting(1, user.address, '0.001', '0.001'), user.key))).toEqual(expected);
    expect(exchangeData(await ex.signedPost(build.updateFeeSetting(1, user.address, '0.001', '0.001'), operator2))).toEqual(expected);
    expect(rates(1, user)).toEqual(['-0.0001', '0.0003']);
  });

  it.each([
    ['0.5', '0.0001'],
    ['-0.0001', '0.0001'],
    ['0.0001', '-0.01'],
    ['0.000000001', '0.0001'],
  ])('rates out of range are refused (taker %s, maker %s)', async (taker, maker) => {
    const data = exchangeData(await ex.signedPost(build.updateFeeSetting(1, user.address, taker, maker), operator1));
    expect(data).toMatchObject({ errorCode: 5011, errorMessage: 'fee rate out of range' });
  });

  it('an unknown user or deployer is refused', async () => {
    const nobody = '0x' + '42'.repeat(20);
    expect(exchangeData(await ex.signedPost(build.updateFeeSetting(1, nobody, '0.001', '0.001'), operator1))).toMatchObject({ errorCode: 5013, errorMessage: 'unknown account' });
    expect(exchangeData(await ex.signedPost(build.updateFeeSetting(9, user.address, '0.001', '0.001'), operator1))).toMatchObject({ errorCode: 3005 });
  });
});
