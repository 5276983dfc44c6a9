import { build } from '../../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange } from '../../support/exchangeHarness.js';

/**
 * Whether the embedded exchange can trade yet (exchange part 2). Decided by asking a running
 * exchange, like test/client/faults.test.ts, so tests that need a moving market skip with a
 * reason until it can, and run by themselves once it does.
 */
export async function exchangeTrades(): Promise<boolean> {
  const ex = await startTestExchange({ activity: 'off' });
  try {
    const me = await ex.registerFunded();
    const r = await ex.signedPost(build.order([{ contractId: 1, isBuy: true, price: '1', size: '1', tif: 'Gtc' }]), me.key);
    const statuses = exchangeData<{ statuses: { error?: string }[] }>(r).statuses;
    return statuses[0]?.error !== 'not implemented';
  } finally {
    await ex.close();
  }
}

export const NOT_TRADING = 'the embedded exchange answers `order` with "not implemented" (exchange part 2 not landed)';
