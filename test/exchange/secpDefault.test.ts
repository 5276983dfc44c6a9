import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeBackend, SECP_ENV, secpBackend } from '../../src/protocol/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { signedOrderScenario } from './signedOrderScenario.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(() => ex.close());

describe.skipIf(process.env[SECP_ENV])('the backend chosen at load', () => {
  it('is libsecp256k1 when its binding loads, and accepts a real signed order over loopback', async () => {
    expect(secpBackend().name).toBe(nativeBackend() ? 'native' : 'noble');
    await signedOrderScenario(ex);
  });
});
