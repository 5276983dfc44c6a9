/**
 * How a trade changes a holding's positions, without touching money: the one place the
 * reduce-then-open rule lives. The exchange settles real fills and prices hypothetical ones
 * with it; the dashboard predicts the position an order leaves with it.
 *
 * One-way mode: a buy first reduces a short, the rest opens or adds to a long (and the
 * reverse for a sell), so a large enough order flips the position. Hedge mode: the order
 * names its position side; reduce-only orders reduce it, others add to it.
 */
export type PositionSide = 'long' | 'short';

export interface OpenPosition {
  readonly side: PositionSide;
  /** Open size, > 0 while the position exists. */
  size: bigint;
  /** Sum of px x sz of what is open: entry price = cost / size, exactly. */
  cost: bigint;
}

export interface PositionPair<P extends OpenPosition> {
  long: P | undefined;
  short: P | undefined;
}

export interface TradeEffect {
  reducedSide: PositionSide | undefined;
  reduced: bigint;
  /** Size of the reduced position before the trade. */
  reducedFrom: bigint;
  /** Realized PnL of the reduced part, collateral units (rounded toward minus infinity). */
  realized: bigint;
  /** The reduced position reached zero and was removed. */
  closed: boolean;
  openedSide: PositionSide | undefined;
  opened: bigint;
  openedPxSz: bigint;
  /** The opened position did not exist before. */
  created: boolean;
}

export const oppositeSide = (side: PositionSide): PositionSide => (side === 'long' ? 'short' : 'long');

/**
 * Applies a trade of `sz` at a total of `pxSz` (sum of px x sz over its fills) to `h`,
 * replacing h.long / h.short as needed; `open` makes a new, empty position of a side.
 */
export function tradeIntoPositions<P extends OpenPosition>(
  h: PositionPair<P>,
  units: { floor(pxSz: bigint): bigint },
  isBuy: boolean,
  positionSide: PositionSide | undefined,
  reduceOnly: boolean,
  sz: bigint,
  pxSz: bigint,
  open: (side: PositionSide) => P,
): TradeEffect {
  const effect: TradeEffect = { reducedSide: undefined, reduced: 0n, reducedFrom: 0n, realized: 0n, closed: false, openedSide: undefined, opened: 0n, openedPxSz: 0n, created: false };
  if (sz <= 0n) return effect;
  let reduceSide: PositionSide | undefined;
  let openSide: PositionSide;
  if (positionSide !== undefined) {
    reduceSide = reduceOnly ? positionSide : undefined;
    // A hedge reduce-only order never exceeds its position (caps), but if it did the rest opens the other side.
    openSide = reduceOnly ? oppositeSide(positionSide) : positionSide;
  } else {
    reduceSide = isBuy ? 'short' : 'long';
    openSide = isBuy ? 'long' : 'short';
  }
  let left = sz;
  const target = reduceSide && h[reduceSide];
  if (target) {
    const r = left < target.size ? left : target.size;
    const partPxSz = r === sz ? pxSz : (pxSz * r) / sz;
    const costPart = r === target.size ? target.cost : (target.cost * r * 2n + target.size) / (2n * target.size);
    const gain = target.side === 'long' ? partPxSz - costPart : costPart - partPxSz;
    effect.reducedSide = target.side;
    effect.reduced = r;
    effect.reducedFrom = target.size;
    effect.realized = units.floor(gain);
    target.size -= r;
    target.cost -= costPart;
    if (target.size === 0n) {
      h[target.side] = undefined;
      effect.closed = true;
    }
    left -= r;
  }
  if (left > 0n) {
    const partPxSz = left === sz ? pxSz : pxSz - (pxSz * (sz - left)) / sz;
    let p: P | undefined = h[openSide];
    if (!p) {
      p = open(openSide);
      h[openSide] = p;
      effect.created = true;
    }
    p.size += left;
    p.cost += partPxSz;
    effect.openedSide = openSide;
    effect.opened = left;
    effect.openedPxSz = partPxSz;
  }
  return effect;
}
