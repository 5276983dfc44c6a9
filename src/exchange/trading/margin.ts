/**
 * The margin model (docs/exchange.md "Margin"), all bigint in raw collateral units:
 * - notional = mark x size converted at par; initial margin = notional / leverage (capped
 *   by the tier holding the notional); maintenance = notional / (2 x tier leverage).
 * - A cross position draws on its pool: the market deployer pool, or for a PORTFOLIO
 *   account on a share-group contract, the group pool. An isolated position holds its
 *   own bucket. Resting orders reserve initial margin on the side that adds exposure.
 * - Pool equity = pool balance + unrealized PnL of its cross positions; available =
 *   equity - cross initial margin - order margin.
 */
import { rescale } from '../../protocol/index.js';
import { positionFigures, restingOrderMargin, type PositionFigures } from '../../protocol/risk/index.js';
import type { ContractSetting } from '../../protocol/wire/index.js';
import { bucket, type BucketKey } from '../ledger.js';
import type { Account } from '../state/accounts.js';
import { valueAtPar } from '../state/marginHooks.js';
import type { ContractDef } from '../state/marketConfig.js';
import type { ContractMarket } from './contractMarket.js';
import type { Holdings } from './holdings.js';
import type { TradingState } from './tradingState.js';
import type { Holding, Position, PoolRef } from './types.js';

export type { PositionFigures };

export interface PoolFigures {
  /** Pool buckets valued in collateral units. */
  balance: bigint;
  upnl: bigint;
  im: bigint;
  mm: bigint;
  orderIm: bigint;
  /** Cross positions drawing on the pool. */
  positions: number;
  /** Isolated positions whose orders draw on the pool: their buckets, PnL and maintenance. */
  isoBalance: bigint;
  isoUpnl: bigint;
  equity: bigint;
  available: bigint;
}

/** A hypothetical replacement of one holding, with the money it would move into or out of the pool. */
export interface PoolOverride {
  holding: Holding;
  balanceDelta: bigint;
}

/** What the margin model reads: the configuration and ledger, the holdings, and each contract's market and mark. */
export interface MarginInputs {
  readonly state: Pick<TradingState, 'config' | 'ledger'>;
  readonly holdings: Holdings;
  market(contractId: number): ContractMarket | undefined;
  mark(contractId: number): bigint | undefined;
}

export class MarginEngine {
  constructor(private readonly t: MarginInputs) {}

  poolOf(account: Account, contract: ContractDef): PoolRef {
    if (account.marginShareType === 'PORTFOLIO' && contract.shareGroupId !== undefined) return { kind: 'group', id: contract.shareGroupId };
    return { kind: 'md', id: contract.marketDeployerId };
  }

  poolCoin(pool: PoolRef): number {
    const config = this.t.state.config;
    return pool.kind === 'group' ? (config.shareGroup(pool.id)?.settlementCoinId ?? config.collateralCoinId) : config.collateralCoinId;
  }

  /** The bucket PnL, fees and funding of the pool's cross positions settle in. */
  poolBucket(accountId: number, pool: PoolRef): BucketKey {
    const coin = this.poolCoin(pool);
    return pool.kind === 'group' ? bucket.group(accountId, pool.id, coin) : bucket.md(accountId, pool.id, coin);
  }

  poolBalance(accountId: number, pool: PoolRef): bigint {
    const { config, ledger } = this.t.state;
    let sum = 0n;
    for (const coinId of config.coins.keys()) {
      const key = pool.kind === 'group' ? bucket.group(accountId, pool.id, coinId) : bucket.md(accountId, pool.id, coinId);
      sum += valueAtPar(config, coinId, ledger.balance(key));
    }
    return sum;
  }

  isolatedBucket(h: Holding, side: Position['side']): BucketKey {
    return bucket.isolated(h.accountId, h.contractId, side, this.t.state.config.collateralCoinId);
  }

  samePool(a: PoolRef, b: PoolRef): boolean {
    return a.kind === b.kind && a.id === b.id;
  }

  positionFigures(h: Holding, p: Position, mark: bigint | undefined): PositionFigures {
    const units = this.t.market(h.contractId)?.units;
    if (!units) return { notional: 0n, upnl: 0n, im: 0n, mm: 0n };
    return positionFigures(units, h.leverage, p, mark);
  }

  orderMargin(account: Account, h: Holding): bigint {
    const units = this.t.market(h.contractId)?.units;
    if (!units) return 0n;
    return restingOrderMargin(units, h, h.leverage, account.positionMode === 'HEDGE');
  }

  poolFigures(account: Account, pool: PoolRef, override?: PoolOverride): PoolFigures {
    const f: PoolFigures = { balance: this.poolBalance(account.id, pool), upnl: 0n, im: 0n, mm: 0n, orderIm: 0n, positions: 0, isoBalance: 0n, isoUpnl: 0n, equity: 0n, available: 0n };
    let overridden = false;
    for (const h of this.t.holdings.ofAccount(account.id)) {
      if (override && h.contractId === override.holding.contractId) {
        overridden = true;
        this.addHolding(f, account, pool, override.holding);
      } else this.addHolding(f, account, pool, h);
    }
    if (override && !overridden) this.addHolding(f, account, pool, override.holding);
    f.balance += override?.balanceDelta ?? 0n;
    f.equity = f.balance + f.upnl;
    f.available = f.equity - f.im - f.orderIm;
    return f;
  }

  /** One holding's share of the pool's figures, when it draws on that pool. */
  private addHolding(f: PoolFigures, account: Account, pool: PoolRef, h: Holding): void {
    const contract = this.t.state.config.contract(h.contractId);
    if (!contract || !this.samePool(this.poolOf(account, contract), pool)) return;
    const mark = this.t.mark(h.contractId);
    f.orderIm += this.orderMargin(account, h);
    if (h.long) this.addPosition(f, h, h.long, mark);
    if (h.short) this.addPosition(f, h, h.short, mark);
  }

  private addPosition(f: PoolFigures, h: Holding, p: Position, mark: bigint | undefined): void {
    const pf = this.positionFigures(h, p, mark);
    if (h.marginMode === 'isolated') {
      f.isoBalance += this.t.state.ledger.balance(this.isolatedBucket(h, p.side));
      f.isoUpnl += pf.upnl;
    } else {
      f.upnl += pf.upnl;
      f.im += pf.im;
      f.mm += pf.mm;
      f.positions++;
    }
  }

  /** Pools the account's holdings draw on, each once. */
  poolsOf(account: Account): PoolRef[] {
    const out: PoolRef[] = [];
    for (const h of this.t.holdings.ofAccount(account.id)) {
      const contract = this.t.state.config.contract(h.contractId);
      if (!contract) continue;
      const pool = this.poolOf(account, contract);
      if (!out.some((p) => this.samePool(p, pool))) out.push(pool);
    }
    return out;
  }

  /** What may leave a pool in one coin: its balance of that coin, capped by the available margin. */
  withdrawable(account: Account, pool: PoolRef, coinId: number): bigint {
    const { config, ledger } = this.t.state;
    const key = pool.kind === 'group' ? bucket.group(account.id, pool.id, coinId) : bucket.md(account.id, pool.id, coinId);
    const balance = ledger.balance(key);
    if (balance <= 0n) return 0n;
    const available = this.poolFigures(account, pool).available;
    if (available <= 0n) return 0n;
    const coin = config.coin(coinId);
    const collateral = config.coin(config.collateralCoinId);
    const inCoin = coin && collateral ? rescale(available, collateral.decimals, coin.decimals, 'down') : 0n;
    return balance < inCoin ? balance : inCoin;
  }

  /** Leverage and margin mode of every contract of the deployer the account holds anything on, position or not. */
  contractSettings(account: Account, md: number): ContractSetting[] {
    const out: ContractSetting[] = [];
    for (const h of this.t.holdings.ofAccount(account.id)) {
      if (this.t.state.config.contract(h.contractId)?.marketDeployerId !== md) continue;
      out.push({ contractId: h.contractId, leverage: h.leverage, marginMode: h.marginMode });
    }
    return out.sort((a, b) => a.contractId - b.contractId);
  }
}
