import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secpBackend, SECP_ENV } from '../../src/protocol/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { signedOrderScenario } from './signedOrderScenario.js';

// Before anything verifies or signs: the choice is made once per process, on first use.
process.env[SECP_ENV] = 'noble';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex.close();
  delete process.env[SECP_ENV];
});

describe(`${SECP_ENV}=noble`, () => {
  it('the exchange verifies and the client signs with @noble/curves: a signed order rests, a high-s twin is refused', async () => {
    await signedOrderScenario(ex);
    expect(secpBackend().name).toBe('noble');
  });
});
