import type { ContractConfig } from '../protocol/wire/index.js';
import { bestPrices } from './bookWalk.js';
import type { FormContext } from './context.js';
import { roundToTick, tryDecimal } from './numbers.js';
import { bookSides } from './orderContext.js';

/**
 * Where the order form's limit price comes from until the user types one: the best price
 * on the order's own side (a buy joins the bid, a sell the ask), the middle of the spread,
 * the last trade, or the book cursor's level when the form was opened from the book. The
 * cycling key walks them in this order, skipping the ones with no price now.
 */
export const PRICE_SOURCES = ['mid', 'best', 'last', 'cursor'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** The source a fresh order form starts from. */
export const DEFAULT_PRICE_SOURCE: PriceSource = 'best';

/** Raw price of a source for an order of this side, or undefined when there is none now. */
export function sourcePrice(ctx: FormContext, contract: ContractConfig, isBuy: boolean, source: PriceSource, cursorRaw?: bigint): bigint | undefined {
  const best = bestPrices(bookSides(ctx, contract), contract.priceScale);
  switch (source) {
    case 'best':
      return isBuy ? best.bid : best.ask;
    case 'mid': {
      if (best.bid === undefined || best.ask === undefined) return undefined;
      // On the tick grid, on the passive side of the middle: a buy rounds down, a sell up.
      const tick = BigInt(contract.tickSize) > 0n ? BigInt(contract.tickSize) : 1n;
      return roundToTick((best.bid + best.ask) / 2n, tick, isBuy ? 'down' : 'up');
    }
    case 'last': {
      if (ctx.lastTrade?.contractId !== contract.contractId) return undefined;
      const px = tryDecimal(ctx.lastTrade.px, contract.priceScale);
      return px !== undefined && px > 0n ? px : undefined;
    }
    case 'cursor':
      return cursorRaw !== undefined && cursorRaw > 0n ? cursorRaw : undefined;
  }
}

/** The next source after `current` that has a price now (`current` itself when no other has). */
export function nextPriceSource(current: PriceSource | undefined, has: (s: PriceSource) => boolean): PriceSource | undefined {
  const at = current === undefined ? PRICE_SOURCES.indexOf(DEFAULT_PRICE_SOURCE) - 1 : PRICE_SOURCES.indexOf(current);
  for (let i = 1; i <= PRICE_SOURCES.length; i++) {
    const s = PRICE_SOURCES[(at + i + PRICE_SOURCES.length) % PRICE_SOURCES.length]!;
    if (has(s)) return s;
  }
  return undefined;
}

/** The source whose price a prefilled price equals (book keys fill the form with one), if any. */
export function sourceOf(price: bigint, has: (s: PriceSource) => bigint | undefined): PriceSource | undefined {
  // The cursor first: a book key fills the cursor's price, which may also be the best bid.
  for (const s of ['cursor', 'best', 'mid', 'last'] as const) if (has(s) === price) return s;
  return undefined;
}

export function priceSourceLabel(source: PriceSource, isBuy: boolean): string {
  switch (source) {
    case 'best':
      return isBuy ? 'best bid' : 'best ask';
    case 'mid':
      return 'mid';
    case 'last':
      return 'last trade';
    case 'cursor':
      return 'book cursor';
  }
}
