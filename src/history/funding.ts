/**
 * Funding payments, derived: the exchange keeps no record of them, and its API gives none.
 * What it gives is each contract's funding index (`marketState.fundingIndex`: the sum of
 * every settled rate) and the account's balances. Between two samples of the account:
 *
 * - derived: for each contract whose index moved, size held across each funding time
 *   (the position at the first sample plus the fills before that time) x the mark seen at
 *   the first sample x the index's change, rounded as the embedded exchange settles (the
 *   notional up; a payer's amount up, a receiver's down);
 * - observed: the balance change minus the realised PnL and fees of the fills between the
 *   samples: what funding (and any transfer) moved.
 *
 * Both are kept; the second is what the balances say, the first says which contract and how.
 * They agree to the unit when the mark did not move between the sample and the funding
 * time and one funding time lies between the samples (perpdesk samples every minute; funding
 * is hourly). Several funding times between two samples (perpdesk not running, or exchange
 * time jumping) fold their rates into one change: each settlement's rounding then differs by
 * under a unit each, and a size that changed between them leaves the derivation undone (null).
 */
import { ceilDiv, floorDiv, MarginMath } from '../protocol/risk/index.js';
import { formatDecimal, parseDecimal } from '../protocol/decimal.js';
import type { Fill } from '../protocol/wire/index.js';

/** Funding indexes are read at this scale (the wire's strings have at most this many decimals). */
const INDEX_SCALE = 18;
const INDEX_UNIT = 10n ** BigInt(INDEX_SCALE);

export interface SampleMarket {
  contractId: number;
  markPx: string | null;
  fundingIndex: string;
  nextFundingTime: number | null;
  /** The account's positions on the contract (two in hedge mode). */
  positions: { isBuy: boolean; size: string }[];
}

/** One reading of the account and the markets, at exchange time `time`. */
export interface Sample {
  time: number;
  /** Raw collateral units, decimal strings. */
  equity: string;
  balance: string;
  markets: SampleMarket[];
}

export interface FundingContract {
  priceScale: number;
  qtyScale: number;
  collateralDecimals: number;
  fundingIntervalMs: number;
}

export interface FundingPayment {
  contractId: number;
  time: number;
  intervals: number;
  size: string;
  mark: string | null;
  rate: string;
  derived: string | null;
}

export interface FundingWindow {
  from: number;
  to: number;
  /** A funding time of a contract sampled at both ends lay in the window. */
  fundingTime: boolean;
  payments: FundingPayment[];
  derived: string | null;
  observed: string;
}

const signedSize = (isBuy: boolean, sz: bigint) => (isBuy ? sz : -sz);

/** One side's payment for a rate change `delta` (INDEX_SCALE): + received, - paid. */
function sidePayment(math: MarginMath, mark: bigint, size: bigint, delta: bigint): bigint {
  if (size === 0n || delta === 0n) return 0n;
  const long = size > 0n;
  const abs = size < 0n ? -size : size;
  const rate = delta < 0n ? -delta : delta;
  const pays = long === delta > 0n;
  const notional = math.ceil(mark * abs);
  return pays ? -ceilDiv(notional * rate, INDEX_UNIT) : floorDiv(notional * rate, INDEX_UNIT);
}

/**
 * The funding window between samples `a` and `b` (b later), `fills` being the account's
 * fills with a time in (a.time, b.time]. Undefined when nothing in it needs explaining.
 */
export function deriveFunding(a: Sample, b: Sample, fills: readonly Fill[], contracts: ReadonlyMap<number, FundingContract>): FundingWindow | undefined {
  let explained = 0n;
  for (const f of fills) explained += BigInt(f.closedPnl) - BigInt(f.fee);
  const observed = BigInt(b.balance) - BigInt(a.balance) - explained;
  const payments: FundingPayment[] = [];
  let derivedTotal: bigint | null = 0n;
  let fundingTime = false;
  for (const m of b.markets) {
    const before = a.markets.find((x) => x.contractId === m.contractId);
    const c = contracts.get(m.contractId);
    if (!before || !c) continue;
    if (before.nextFundingTime !== null && before.nextFundingTime <= b.time) fundingTime = true;
    const delta = parseDecimal(m.fundingIndex, INDEX_SCALE, 'fundingIndex', { signed: true }) - parseDecimal(before.fundingIndex, INDEX_SCALE, 'fundingIndex', { signed: true });
    if (delta === 0n) continue;
    // The funding times between the samples: from the one `a` expected up to the one `b` expects next.
    const times: number[] = [];
    if (before.nextFundingTime !== null) {
      const end = m.nextFundingTime ?? b.time + 1;
      for (let t = before.nextFundingTime; t < end && t <= b.time; t += c.fundingIntervalMs) times.push(t);
    }
    if (times.length === 0) times.push(b.time);
    const own = fills.filter((f) => f.contractId === m.contractId);
    const hedge = before.positions.length > 1;
    const at = (t: number): bigint[] | null => {
      const sides = before.positions.map((p) => signedSize(p.isBuy, parseDecimal(p.size, c.qtyScale, 'size')));
      const moved = own.filter((f) => f.time < t);
      if (moved.length === 0) return sides;
      if (hedge) return null;
      let net = sides[0] ?? 0n;
      for (const f of moved) net += signedSize(f.isBuy, parseDecimal(f.sz, c.qtyScale, 'sz'));
      return [net];
    };
    const sizes = times.map(at);
    const first = sizes[0] ?? null;
    const same = first !== null && sizes.every((s) => s !== null && s.length === first.length && s.every((x, i) => x === first[i]));
    const netOf = (sides: bigint[] | null) => (sides === null ? null : sides.reduce((x, y) => x + y, 0n));
    const net = netOf(first);
    // One size, or (changed between the funding times) each time's in turn; '?' where hedge-mode fills leave it unknown.
    const sizeText = same ? formatDecimal(net ?? 0n, c.qtyScale) : sizes.map((x) => (x === null ? '?' : formatDecimal(netOf(x)!, c.qtyScale))).join(' ');
    let derived: bigint | null = null;
    if (same && first !== null && before.markPx !== null) {
      const math = new MarginMath([], c.priceScale, c.qtyScale, c.collateralDecimals);
      const mark = parseDecimal(before.markPx, c.priceScale, 'markPx');
      derived = first.reduce((sum, s) => sum + sidePayment(math, mark, s, delta), 0n);
    }
    if (derived === 0n && net === 0n) continue; // no position held: nothing was paid
    payments.push({
      contractId: m.contractId,
      time: times[times.length - 1]!,
      intervals: times.length,
      size: sizeText,
      mark: before.markPx,
      rate: formatDecimal(delta, INDEX_SCALE),
      derived: derived === null ? null : derived.toString(),
    });
    derivedTotal = derivedTotal === null || derived === null ? null : derivedTotal + derived;
  }
  if (payments.length === 0 && observed === 0n) return undefined;
  return { from: a.time, to: b.time, fundingTime: fundingTime || payments.length > 0, payments, derived: derivedTotal === null ? null : derivedTotal.toString(), observed: observed.toString() };
}
