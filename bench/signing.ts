import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak256, toBytes, concat, numberToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { canonicalJson, describeSecpBackend, digestBytes, nativeBackend, nobleBackend, recoverSigner, signAction, wire, type SecpBackend } from '../src/protocol/index.js';
import { measureThroughput, table } from './measure.js';

/**
 * Issue 2's goal: signAction at least as fast as viem's signTypedData on the same typed data,
 * and within 1.25x of the cost of a bare secp256k1 signature on a precomputed digest (the floor),
 * measured on noble. Issue 18: the same with libsecp256k1 beside it, and signer recovery (what
 * the exchange pays per request) on both backends; each row's cost is against its own
 * backend's floor.
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
  const native = nativeBackend();
  const backends: SecpBackend[] = native ? [native, nobleBackend] : [nobleBackend];

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

  // Every backend and viem must produce the same bytes before any of them is timed.
  for (const b of backends) {
    if ((await viemTyped()) !== joined(signAction(typed, NONCE, KEY, b))) throw new Error(`viem and perpdesk (${b.name}) disagree (typed path)`);
    if ((await viemAgent()) !== joined(signAction(order, NONCE, KEY, b))) throw new Error(`viem and perpdesk (${b.name}) disagree (agent path)`);
  }

  const noble = await measureThroughput([
    { name: 'perpdesk signAction, typed (lockCollateral), noble', run: () => signAction(typed, NONCE, KEY, nobleBackend) },
    { name: 'viem signTypedData, same typed data', run: viemTyped },
    { name: 'perpdesk signAction, agent (order), noble', run: () => signAction(order, NONCE, KEY, nobleBackend) },
    { name: 'viem agent path, same action', run: viemAgent },
    { name: 'floor: noble secp256k1.sign, precomputed digest', run: () => secp256k1.sign(digest, keyBytes, { prehash: false, format: 'recovered' }) },
  ]);
  const rows = costRows(noble);
  if (native) {
    const n = await measureThroughput([
      { name: 'perpdesk signAction, typed (lockCollateral), native', run: () => signAction(typed, NONCE, KEY, native) },
      { name: 'perpdesk signAction, agent (order), native', run: () => signAction(order, NONCE, KEY, native) },
      { name: 'floor: libsecp256k1 sign, precomputed digest', run: () => native.sign(digest, keyBytes) },
    ]);
    rows.push(...costRows(n));
  }

  // Recovery: the exchange's cost per signed request (digest, recovery, address) and the bare recovery beside it.
  const orderSig = signAction(order, NONCE, KEY, nobleBackend);
  const rs = Uint8Array.from(Buffer.from(orderSig.r.slice(2) + orderSig.s.slice(2), 'hex'));
  const orderDigest = digestBytes(order, NONCE);
  const recovery: { name: string; run: () => unknown }[] = [];
  for (const b of backends) {
    recovery.push(
      { name: `perpdesk recoverSigner, agent (order), ${b.name}`, run: () => recoverSigner(order, NONCE, orderSig, b) },
      { name: `floor: ${b.name} recover, precomputed digest`, run: () => b.recover(rs, orderSig.v - 27, orderDigest) },
    );
  }
  const recovered = await measureThroughput(recovery, { rounds: 5, msPerRound: 300 });
  const nobleRecover = recovered.find((r) => r.name.endsWith('noble'))!;
  const recoveryRows = recovered.map((r, i) => {
    const floor = recovered[i - (i % 2) + 1]!;
    return [r.name, Math.round(r.opsPerSec), r.usPerOp.toFixed(1), (r.usPerOp / floor.usPerOp).toFixed(2), (nobleRecover.usPerOp / r.usPerOp).toFixed(1)];
  });

  return {
    markdown: [
      `Signs and verifies with ${describeSecpBackend()} (chosen at load).`,
      '',
      table(['signing', 'signatures/s', 'µs/signature', 'cost vs floor'], rows),
      '',
      table(['signer recovery', 'recoveries/s', 'µs/recovery', 'cost vs floor', 'x faster than noble recoverSigner'], recoveryRows),
    ].join('\n'),
    rows,
  };
}

/** Rows against the last candidate, the floor of that group. */
function costRows(results: { name: string; opsPerSec: number; usPerOp: number }[]): (string | number)[][] {
  const floor = results[results.length - 1]!;
  return results.map((r) => [r.name, Math.round(r.opsPerSec), r.usPerOp.toFixed(1), (r.usPerOp / floor.usPerOp).toFixed(2)]);
}
