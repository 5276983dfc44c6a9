import { formatDecimal, parseDecimal } from '../../protocol/index.js';
import type { Account } from './accounts.js';
import { FEE_RATE_SCALE, type FeeRates, type MarketConfig } from './marketConfig.js';

/** Bounds of a user override: makers may get a rebate of up to 0.1%, nobody pays above 1%. */
export const MAX_FEE_RATE = 1_000_000n; // 0.01
export const MIN_MAKER_FEE_RATE = -100_000n; // -0.001
export const MIN_TAKER_FEE_RATE = 0n;

export function formatFeeRate(raw: bigint): string {
  return formatDecimal(raw, FEE_RATE_SCALE);
}

/** undefined when the text is not a rate in range (more than 8 decimals counts as out of range). */
export function parseFeeRate(text: string, min: bigint): bigint | undefined {
  let raw: bigint;
  try {
    raw = parseDecimal(text, FEE_RATE_SCALE, 'feeRate', { signed: true });
  } catch {
    return undefined;
  }
  return raw < min || raw > MAX_FEE_RATE ? undefined : raw;
}

/**
 * The rates a trade on `contractId` pays: user override within the contract's market
 * deployer, else the contract's own rates, else the deployer's default (spec 4.4: the
 * user level has the highest priority of three tiers). Fee = notional x rate / 10^8.
 */
export function effectiveFeeRates(config: MarketConfig, account: Account | undefined, contractId: number): FeeRates {
  const contract = config.contract(contractId);
  if (!contract) throw new Error(`unknown contract ${contractId}`);
  const user = account?.feeOverrides.get(contract.marketDeployerId);
  if (user) return user;
  if (contract.fees) return contract.fees;
  const md = config.marketDeployer(contract.marketDeployerId);
  if (!md) throw new Error(`unknown market deployer ${contract.marketDeployerId}`);
  return md.fees;
}
