import { NonceManager } from '../../../src/protocol/index.js';
import { build } from '../../../src/protocol/wire/index.js';
import { createSession, type Session } from '../../../src/session/index.js';
import { exchangeData, type Registered, type TestExchange } from '../../support/exchangeHarness.js';

/** A funded account enrolled in market deployer 1 with collateral locked, as every trader here. */
export async function tradingAccount(ex: TestExchange, collateral = '2000000000'): Promise<Registered> {
  const who = await ex.registerFunded();
  exchangeData(await ex.signedPost(build.enroll(1), who.key));
  exchangeData(await ex.signedPost(build.lockCollateral(1, 0, collateral), who.key));
  return who;
}

/**
 * A session of the account with no streams (as a command opens one), its nonces on the
 * exchange's clock so that advancing that clock never leaves them behind its window.
 */
export async function algoSession(ex: TestExchange, who: Registered): Promise<Session> {
  const core = ex.running.core;
  const session = createSession({ url: ex.url }, { master: who.key }, { contractName: 'SOL1', live: false, nonces: new NonceManager({ now: () => core.clock.now() }) });
  const ready = await session.ready;
  if (!ready.ok) throw new Error(ready.error.message);
  const read = await session.refresh();
  if (!read.ok) throw new Error(read.error.message);
  return session;
}

/** The account's position size on a contract as the exchange has it (signed: negative is short). */
export async function positionSize(ex: TestExchange, address: string, contractId: number): Promise<string> {
  const account = (await ex.info<{ marketDeployers: { positions: { contractId: number; isBuy: boolean; size: string }[] }[] }>({ type: 'userAccount', user: address })).body;
  const p = account.marketDeployers.flatMap((m) => m.positions).find((x) => x.contractId === contractId);
  return p ? `${p.isBuy ? '' : '-'}${p.size}` : '0';
}
