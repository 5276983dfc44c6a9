import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak256, toBytes, concat, numberToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { canonicalJson, digestBytes, signAction, wire } from '../src/protocol/index.js';
import { measureThroughput, table } from './measure.js';

/**
 * Issue 2's goal: signAction at least as fast as viem's signTypedData on the same typed data,
 * and within 1.25x of the cost of a bare secp256k1 signature on a precomputed digest (the floor).
 */
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const NONCE = 1767225600001;
const DOMAIN = { name: 'Exchange', version: '1', chainId: 9767, verifyingContract: '0x0000000000000000000000000000000000000000' } as const;
const LOCK_TYPES = {
  LockCollateral: [
    { name: 'marketDeployerId', type: 'uint32' },
    { name: 'coinId', type: 'uint32' },
    { name: 'amount', type: 'string' },
    { name: 'nonce', type: 'uint64' },
  ],
} as const;
const AGENT_TYPES = { Agent: [{ name: 'source', type: 'string' }, { name: 'actionHash', type: 'bytes32' }] } as const;

function joined(sig: { r: string; s: string; v: number }): string {
  return `${sig.r}${sig.s.slice(2)}${sig.v.toString(16)}`;
}

export async function benchSigning(): Promise<{ markdown: string; rows: (string | number)[][] }> {
  const account = privateKeyToAccount(KEY);
  const typed = wire.build.lockCollateral(1, 0, '1000000000');
  const order = wire.build.order([{ contractId: 1, isBuy: true, price: '100', size: '1', cloid: '123456789' }]);
  const keyBytes = Uint8Array.from(Buffer.from(KEY.slice(2), 'hex'));
  const digest = digestBytes(typed, NONCE);

  const viemTyped = () =>
    account.signTypedData({
      domain: DOMAIN,
      types: LOCK_TYPES,
      primaryType: 'LockCollateral',
      message: { marketDeployerId: 1, coinId: 0, amount: '1000000000', nonce: BigInt(NONCE) },
    });
  const viemAgent = () => {
    const actionHash = keccak256(concat([toBytes(canonicalJson(order)), numberToBytes(NONCE, { size: 8 })]));
    return account.signTypedData({ domain: DOMAIN, types: AGENT_TYPES, primaryType: 'Agent', message: { source: 'b', actionHash } });
  };

  // Both libraries must produce the same bytes before any of them is timed.
  if ((await viemTyped()) !== joined(signAction(typed, NONCE, KEY))) throw new Error('viem and perpdesk disagree (typed path)');
  if ((await viemAgent()) !== joined(signAction(order, NONCE, KEY))) throw new Error('viem and perpdesk disagree (agent path)');

  const results = await measureThroughput([
    { name: 'perpdesk signAction, typed (lockCollateral)', run: () => signAction(typed, NONCE, KEY) },
    { name: 'viem signTypedData, same typed data', run: viemTyped },
    { name: 'perpdesk signAction, agent (order)', run: () => signAction(order, NONCE, KEY) },
    { name: 'viem agent path, same action', run: viemAgent },
    { name: 'floor: noble secp256k1.sign, precomputed digest', run: () => secp256k1.sign(digest, keyBytes, { prehash: false, format: 'recovered' }) },
  ]);
  const floor = results[4]!;
  const rows = results.map((r) => [r.name, Math.round(r.opsPerSec), r.usPerOp.toFixed(1), (r.usPerOp / floor.usPerOp).toFixed(2)]);
  return { markdown: table(['signing', 'signatures/s', 'µs/signature', 'cost vs floor'], rows), rows };
}
