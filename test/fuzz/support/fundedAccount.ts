import { request } from 'undici';
import { addressOf } from '../../../src/protocol/index.js';
import { build } from '../../../src/protocol/wire/index.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../../support/exchangeHarness.js';

/**
 * An exchange with one funded account that has something to lose: collateral locked in
 * deployer 1 and a resting order. Its reads, byte for byte, are what the fuzz must not change.
 */
export interface FundedSetup {
  ex: TestExchange;
  me: Registered;
  /** userAccount and userOrders of the account, as the server wrote them. */
  state(): Promise<string>;
  nonce(): number;
}

export async function fundedExchange(): Promise<FundedSetup> {
  // No market bots: nothing but the fuzz may move anything.
  const ex = await startTestExchange({ activity: 'off' });
  const me = await ex.registerFunded();
  exchangeData(await ex.signedPost(build.enroll(1), me.key));
  exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '5000000000'), me.key));
  const placed = exchangeData<{ statuses: { resting?: { oid: number } }[] }>(
    await ex.signedPost(build.order([{ contractId: 1, isBuy: true, price: '100', size: '3', tif: 'Gtc', cloid: '4242' }]), me.key),
  );
  if (placed.statuses[0]?.resting === undefined) throw new Error(`setup order did not rest: ${JSON.stringify(placed)}`);
  const address = addressOf(me.key);
  return {
    ex,
    me,
    async state() {
      const read = async (query: unknown) => {
        const res = await request(`${ex.url}/info`, { method: 'POST', body: JSON.stringify(query), headers: { 'content-type': 'application/json' } });
        return `${res.statusCode} ${await res.body.text()}`;
      };
      return `${await read({ type: 'userAccount', user: address })}\n${await read({ type: 'userOrders', user: address, marketDeployerId: 1 })}`;
    },
    nonce: () => ex.nextNonce(address),
  };
}
