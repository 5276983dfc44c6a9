/**
 * One signed order over loopback with whichever secp256k1 backend the process chose, and the
 * malleable high-s twin of another, which the exchange must refuse on every backend.
 */
import { expect } from 'vitest';
import { signAction, type Hex } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import type { TestExchange } from '../support/exchangeHarness.js';
import { one, trader } from './traders.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export async function signedOrderScenario(ex: TestExchange): Promise<void> {
  const who = await trader(ex, 1_000n);
  expect(await one(ex, who, { contractId: 1, isBuy: true, price: '100', size: '1', tif: 'Gtc' })).toEqual({ resting: { oid: expect.any(Number) } });

  const action = build.order([{ contractId: 1, isBuy: true, price: '101', size: '1', tif: 'Gtc' }]);
  const nonce = ex.nextNonce(who.address);
  const sig = signAction(action, nonce, who.key);
  const twin = { r: sig.r, s: `0x${(N - BigInt(sig.s)).toString(16).padStart(64, '0')}` as Hex, v: 55 - sig.v };
  const refused = await ex.signedPost(action, who.key, { nonce, signature: twin });
  expect(refused.body).toMatchObject({ code: 'SIGNATURE_INVALID', message: expect.stringContaining('high-s') });
  // The low-s original with the same nonce still goes through: the refusal spent nothing.
  const accepted = await ex.signedPost(action, who.key, { nonce, signature: sig });
  expect(accepted.body).toMatchObject({ status: 'ok' });
}
