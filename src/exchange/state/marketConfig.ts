/**
 * Coins, market deployers, contracts and share groups: what `configs` lists and every
 * handler checks ids against. Definitions are fixed at start; the only runtime state
 * here is what the spec lets change (a group's FROZEN flag, a contract's status).
 */

/** Fee rates are fixed-point at this scale: "0.0002" is 20000n. */
export const FEE_RATE_SCALE = 8;

export interface FeeRates {
  maker: bigint;
  taker: bigint;
}

export interface CoinDef {
  coinId: number;
  name: string;
  decimals: number;
}

export interface MarketDeployerDef {
  marketDeployerId: number;
  name: string;
  /** Tier 1 of 3: the deployer's default fee rates. */
  fees: FeeRates;
}

export interface LeverageTierDef {
  /** Upper bound of position notional for this tier, raw units of the collateral coin. */
  maxNotional: bigint;
  maxLeverage: number;
}

export type ContractStatus = 'Active' | 'Delisted';

export interface ContractDef {
  contractId: number;
  name: string;
  marketDeployerId: number;
  quoteCoinId: number;
  status: ContractStatus;
  priceScale: number;
  qtyScale: number;
  /** Raw price units per tick. */
  tickSize: bigint;
  /** Raw size units per step. */
  stepSize: bigint;
  maxTicks: bigint;
  leverageTiers: LeverageTierDef[];
  shareGroupId?: number;
  /** Tier 2 of 3: overrides the deployer's default when present. */
  fees?: FeeRates;
  /** Where the index starts (raw price units); the market's random walk begins here. */
  initialIndexPx: bigint;
  /**
   * How much livelier this contract's index walk is than the activity level says (its
   * volatility per block times this; the drift regimes stay the level's); default 1. A contract on a coarse tick (SOL1: whole
   * units at 150) needs more to move visibly within minutes.
   */
  indexVolatility?: number;
  /** Funding period; default DEFAULT_FUNDING_INTERVAL_MS (one hour, as Hyperliquid). */
  fundingIntervalMs?: number;
}

export const DEFAULT_FUNDING_INTERVAL_MS = 3_600_000;

export interface ShareGroupDefn {
  groupId: number;
  /** Every member belongs to this deployer; group transfers go through its pool. */
  marketDeployerId: number;
  members: number[];
  settlementCoinId: number;
}

export interface MarketSetup {
  coins: CoinDef[];
  marketDeployers: MarketDeployerDef[];
  contracts: ContractDef[];
  shareGroups: ShareGroupDefn[];
  /** The coin registration credits and margin are counted in (USDC). */
  collateralCoinId: number;
  /** Raw units of the collateral coin credited per registration. */
  registrationCredit: bigint;
}

export class MarketConfigError extends Error {
  constructor(message: string) {
    super(`market config: ${message}`);
    this.name = 'MarketConfigError';
  }
}

function indexBy<T>(items: T[], id: (item: T) => number, what: string): Map<number, T> {
  const map = new Map<number, T>();
  for (const item of items) {
    const key = id(item);
    if (map.has(key)) throw new MarketConfigError(`duplicate ${what} id ${key}`);
    map.set(key, item);
  }
  return map;
}

export class MarketConfig {
  readonly coins: ReadonlyMap<number, CoinDef>;
  readonly marketDeployers: ReadonlyMap<number, MarketDeployerDef>;
  readonly contracts: ReadonlyMap<number, ContractDef>;
  readonly shareGroups: ReadonlyMap<number, ShareGroupDefn>;
  readonly collateralCoinId: number;
  readonly registrationCredit: bigint;
  private readonly frozen = new Set<number>();
  private readonly status = new Map<number, ContractStatus>();

  constructor(setup: MarketSetup) {
    this.coins = indexBy(setup.coins, (c) => c.coinId, 'coin');
    this.marketDeployers = indexBy(setup.marketDeployers, (m) => m.marketDeployerId, 'market deployer');
    this.contracts = indexBy(setup.contracts, (c) => c.contractId, 'contract');
    this.shareGroups = indexBy(setup.shareGroups, (g) => g.groupId, 'share group');
    this.collateralCoinId = setup.collateralCoinId;
    this.registrationCredit = setup.registrationCredit;
    this.validate();
    for (const c of this.contracts.values()) this.status.set(c.contractId, c.status);
  }

  coin(coinId: number): CoinDef | undefined {
    return this.coins.get(coinId);
  }

  marketDeployer(id: number): MarketDeployerDef | undefined {
    return this.marketDeployers.get(id);
  }

  contract(contractId: number): ContractDef | undefined {
    return this.contracts.get(contractId);
  }

  /** Active contracts win over delisted ones of the same name (spec 1: match by name). */
  contractByName(name: string): ContractDef | undefined {
    let found: ContractDef | undefined;
    for (const c of this.contracts.values()) {
      if (c.name !== name) continue;
      if (this.contractStatus(c.contractId) === 'Active') return c;
      found ??= c;
    }
    return found;
  }

  contractStatus(contractId: number): ContractStatus | undefined {
    return this.status.get(contractId);
  }

  setContractStatus(contractId: number, status: ContractStatus): void {
    if (!this.contracts.has(contractId)) throw new MarketConfigError(`unknown contract ${contractId}`);
    this.status.set(contractId, status);
  }

  shareGroup(groupId: number): ShareGroupDefn | undefined {
    return this.shareGroups.get(groupId);
  }

  isFrozen(groupId: number): boolean {
    return this.frozen.has(groupId);
  }

  setFrozen(groupId: number, frozen: boolean): void {
    if (!this.shareGroups.has(groupId)) throw new MarketConfigError(`unknown share group ${groupId}`);
    if (frozen) this.frozen.add(groupId);
    else this.frozen.delete(groupId);
  }

  private validate(): void {
    if (!this.coins.has(this.collateralCoinId)) throw new MarketConfigError(`collateral coin ${this.collateralCoinId} is not a coin`);
    if (this.registrationCredit <= 0n) throw new MarketConfigError('registration credit must be positive');
    for (const c of this.contracts.values()) {
      if (!this.marketDeployers.has(c.marketDeployerId)) {
        throw new MarketConfigError(`contract ${c.name} names unknown market deployer ${c.marketDeployerId}`);
      }
      if (!this.coins.has(c.quoteCoinId)) throw new MarketConfigError(`contract ${c.name} names unknown quote coin ${c.quoteCoinId}`);
      if (c.tickSize <= 0n || c.stepSize <= 0n || c.maxTicks <= 0n) {
        throw new MarketConfigError(`contract ${c.name}: tickSize, stepSize and maxTicks must be positive`);
      }
      if (c.leverageTiers.length === 0) throw new MarketConfigError(`contract ${c.name} has no leverage tiers`);
      // The margin engine looks a notional up in the first tier that holds it, so tiers must grow.
      c.leverageTiers.forEach((t, i) => {
        const prev = c.leverageTiers[i - 1];
        if (!Number.isSafeInteger(t.maxLeverage) || t.maxLeverage < 1 || t.maxNotional <= 0n || (prev && (t.maxNotional <= prev.maxNotional || t.maxLeverage > prev.maxLeverage))) {
          throw new MarketConfigError(`contract ${c.name}: leverage tiers must grow in notional and not in leverage`);
        }
      });
      if (c.fundingIntervalMs !== undefined && (!Number.isSafeInteger(c.fundingIntervalMs) || c.fundingIntervalMs < 1000)) {
        throw new MarketConfigError(`contract ${c.name}: fundingIntervalMs must be a whole number of at least 1000`);
      }
      if (c.shareGroupId !== undefined && !this.shareGroups.get(c.shareGroupId)?.members.includes(c.contractId)) {
        throw new MarketConfigError(`contract ${c.name} names share group ${c.shareGroupId} that does not list it`);
      }
    }
    for (const g of this.shareGroups.values()) {
      if (!this.coins.has(g.settlementCoinId)) throw new MarketConfigError(`share group ${g.groupId} settles in an unknown coin`);
      for (const member of g.members) {
        const c = this.contracts.get(member);
        if (!c) throw new MarketConfigError(`share group ${g.groupId} lists unknown contract ${member}`);
        if (c.marketDeployerId !== g.marketDeployerId) {
          throw new MarketConfigError(`share group ${g.groupId} mixes market deployers (contract ${c.name})`);
        }
        if (c.shareGroupId !== g.groupId) throw new MarketConfigError(`contract ${c.name} does not name share group ${g.groupId}`);
      }
    }
  }
}
