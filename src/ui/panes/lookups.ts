import type { Configs, ContractConfig } from '../../protocol/wire/index.js';
import { DEFAULT_COIN_DECIMALS } from '../../format/index.js';
import { collateralCoin as collateralCoinOf } from '../../forms/context.js';
import { memoLast } from './memo.js';

/**
 * Id -> name and scale lookups from `configs`. Delisted contracts stay in these maps: an
 * old order, fill or position on one must still format with its own scales.
 */

export interface CoinInfo {
  coinId: number;
  name: string;
  decimals: number;
}

export const contractsById = memoLast((configs: Configs | null): ReadonlyMap<number, ContractConfig> => {
  const m = new Map<number, ContractConfig>();
  for (const c of configs?.contracts ?? []) m.set(c.contractId, c);
  return m;
});

export const coinsById = memoLast((configs: Configs | null): ReadonlyMap<number, CoinInfo> => {
  const m = new Map<number, CoinInfo>();
  for (const c of configs?.coins ?? []) m.set(c.coinId, c);
  return m;
});

export const deployerNames = memoLast((configs: Configs | null): ReadonlyMap<number, string> => {
  const m = new Map<number, string>();
  for (const d of configs?.marketDeployers ?? []) m.set(d.marketDeployerId, d.name);
  return m;
});

/** The forms' collateral coin, kept by reference while the configs are, for selectors. */
export const collateralCoin = memoLast((configs: Configs | null): CoinInfo => collateralCoinOf(configs));

export function coinOf(configs: Configs | null, coinId: number): CoinInfo {
  return coinsById(configs).get(coinId) ?? { coinId, name: `coin ${coinId}`, decimals: DEFAULT_COIN_DECIMALS };
}

export function contractName(configs: Configs | null, contractId: number): string {
  return contractsById(configs).get(contractId)?.name ?? `#${contractId}`;
}

/** 0x1234…abcd: enough of both ends to recognise an address. */
export function shortAddress(address: string, keep = 4): string {
  if (address.length <= 2 + keep * 2 + 1) return address;
  return `${address.slice(0, 2 + keep)}…${address.slice(-keep)}`;
}
