/**
 * Funding between longs and shorts at every interval boundary of exchange time (one hour
 * by default; `advanceTime` makes boundaries pass at once). Rate per interval, at the fee
 * rate scale (1e8), after Hyperliquid: premium = (mark - index) / index;
 * rate = (premium + clamp(interest - premium, -0.05 %, +0.05 %)) / 8, capped at +/- 4 %,
 * interest = 0.01 %. Positive: longs pay shorts. A payment is notional at mark x rate;
 * payers round up, receivers down, through the contract's clearing bucket, so the ledger
 * stays conserved and the rounding dust stays with the exchange.
 */
import { pow10 } from '../../protocol/index.js';
import { bucket } from '../ledger.js';
import { DEFAULT_FUNDING_INTERVAL_MS, FEE_RATE_SCALE, type ContractDef } from '../state/marketConfig.js';
import type { TradingBooks } from './tradingBooks.js';
import { ceilDiv, floorDiv } from './units.js';

const UNIT = pow10(FEE_RATE_SCALE);
export const FUNDING_INTEREST = 10_000n; // 0.0001
const PREMIUM_BAND = 50_000n; // 0.0005
export const FUNDING_CAP = 4_000_000n; // 0.04
/** A jump of exchange time settles at most this many intervals per contract; older ones are skipped. */
const MAX_CATCH_UP = 1000;

const clamp = (x: bigint, lo: bigint, hi: bigint): bigint => (x < lo ? lo : x > hi ? hi : x);

export interface FundingState {
  contractId: number;
  nextTime: number | undefined;
  cumulative: bigint;
}

export class Funding {
  private readonly next = new Map<number, number>();
  private readonly cumulative = new Map<number, bigint>();
  /** Told when a contract's schedule or index changed (persistence). */
  onChange: ((contractId: number) => void) | undefined;

  constructor(private readonly t: TradingBooks) {}

  /** Per contract with a schedule or settled rates: what a restart needs. */
  state(contractId: number): FundingState {
    return { contractId, nextTime: this.next.get(contractId), cumulative: this.index(contractId) };
  }

  restore(s: FundingState): void {
    if (s.nextTime !== undefined) this.next.set(s.contractId, s.nextTime);
    if (s.cumulative !== 0n) this.cumulative.set(s.contractId, s.cumulative);
  }

  /**
   * After a restart: the interval boundaries that passed while the venue was down are
   * settled once, at the stored mark and index (the market did not move while nobody could
   * trade), and the schedule resumes at the next boundary after `now`. Returns, per contract
   * that missed any, how many boundaries were folded into that one settlement.
   */
  resume(now: number): Map<number, number> {
    const missed = new Map<number, number>();
    for (const c of this.t.state.config.contracts.values()) {
      if (this.t.state.config.contractStatus(c.contractId) !== 'Active') continue;
      const next = this.next.get(c.contractId);
      if (next === undefined || now < next) continue;
      const every = this.interval(c);
      missed.set(c.contractId, Math.floor((now - next) / every) + 1);
      this.settle(c);
      this.next.set(c.contractId, (Math.floor(now / every) + 1) * every);
      this.onChange?.(c.contractId);
    }
    return missed;
  }

  interval(c: ContractDef): number {
    return c.fundingIntervalMs ?? DEFAULT_FUNDING_INTERVAL_MS;
  }

  nextTime(c: ContractDef, now: number): number {
    let next = this.next.get(c.contractId);
    if (next === undefined) {
      const every = this.interval(c);
      next = (Math.floor(now / every) + 1) * every;
      this.next.set(c.contractId, next);
      this.onChange?.(c.contractId);
    }
    return next;
  }

  /** The rate the next settlement would use, at FEE_RATE_SCALE. */
  rate(contractId: number): bigint {
    const index = this.t.state.indexPrices.get(contractId);
    const mark = this.t.mark(contractId);
    if (index === undefined || mark === undefined || index <= 0n) return 0n;
    const premium = ((mark - index) * UNIT) / index;
    const r = (premium + clamp(FUNDING_INTEREST - premium, -PREMIUM_BAND, PREMIUM_BAND)) / 8n;
    return clamp(r, -FUNDING_CAP, FUNDING_CAP);
  }

  /** Sum of all settled rates (FEE_RATE_SCALE). */
  index(contractId: number): bigint {
    return this.cumulative.get(contractId) ?? 0n;
  }

  /** Settles every interval boundary at or before `now`; returns how many settlements ran. */
  settleDue(now: number): number {
    let count = 0;
    for (const c of this.t.state.config.contracts.values()) {
      if (this.t.state.config.contractStatus(c.contractId) !== 'Active') continue;
      const every = this.interval(c);
      let next = this.nextTime(c, now);
      let runs = 0;
      while (now >= next) {
        if (runs < MAX_CATCH_UP) {
          this.settle(c);
          count++;
          runs++;
          next += every;
        } else {
          next = (Math.floor(now / every) + 1) * every;
        }
      }
      if (runs > 0 || next !== this.next.get(c.contractId)) {
        this.next.set(c.contractId, next);
        this.onChange?.(c.contractId);
      }
    }
    return count;
  }

  private settle(c: ContractDef): void {
    const t = this.t;
    const rate = this.rate(c.contractId);
    this.cumulative.set(c.contractId, this.index(c.contractId) + rate);
    const mark = t.mark(c.contractId);
    const market = t.market(c.contractId);
    if (rate === 0n || mark === undefined || !market) return;
    const { ledger, config } = t.state;
    const clearing = bucket.clearing(c.contractId, config.collateralCoinId);
    const abs = rate < 0n ? -rate : rate;
    for (const accountId of t.holdings.accountsWithPositions()) {
      const h = t.holdings.get(accountId, c.contractId);
      const account = t.state.accounts.byId(accountId);
      if (!h || !account) continue;
      for (const p of [h.long, h.short]) {
        if (!p) continue;
        const notional = market.units.ceil(mark * p.size);
        const pays = (p.side === 'long') === rate > 0n;
        const amount = pays ? ceilDiv(notional * abs, UNIT) : floorDiv(notional * abs, UNIT);
        if (amount === 0n) continue;
        const margin = h.marginMode === 'isolated' ? t.margin.isolatedBucket(h, p.side) : t.margin.poolBucket(accountId, t.margin.poolOf(account, c));
        if (pays) ledger.transfer(margin, clearing, amount, { allowNegative: true, memo: 'funding paid' });
        else ledger.transfer(clearing, margin, amount, { allowNegative: true, memo: 'funding received' });
        if (ledger.balance(margin) < 0n) t.flagDebt(accountId);
      }
    }
  }
}
