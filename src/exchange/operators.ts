import { keccak_256 } from '@noble/hashes/sha3.js';
import { addressOf, secretKeyBytes, toHex, type Hex } from '../protocol/index.js';

/**
 * Each market deployer has an operator account, the only signer of its updateFeeSetting.
 * In the embedded (paper-trading) exchange its key is derived from the seed, so the same
 * seed always gives the same operators: keccak256("perpdesk-operator:<seed>:<mdId>[:<n>]").
 * Anyone who knows the seed can act as the operator; that is the point of paper trading.
 */
export function operatorKey(seed: number, marketDeployerId: number): Hex {
  for (let n = 0; ; n++) {
    const label = `perpdesk-operator:${seed}:${marketDeployerId}${n === 0 ? '' : `:${n}`}`;
    const bytes = keccak_256(new TextEncoder().encode(label));
    try {
      secretKeyBytes(bytes);
      return toHex(bytes);
    } catch {
      // Outside the curve order (probability ~2^-128): try the next label.
    }
  }
}

export interface OperatorInfo {
  marketDeployerId: number;
  accountId: number;
  address: Hex;
  /** Hex private key; non-enumerable so that logging or serialising the object never shows it. */
  readonly privateKey: Hex;
}

export function operatorInfo(marketDeployerId: number, accountId: number, key: Hex): OperatorInfo {
  const info = { marketDeployerId, accountId, address: addressOf(key) } as OperatorInfo;
  Object.defineProperty(info, 'privateKey', { value: key, enumerable: false });
  return info;
}
