/**
 * Per-item error texts of `order` (spec 2.3 `{error}`), and of `cancel` items. The spec
 * quotes `size must be positive`, `price <n> exceeds maxTicks <m>` and `share margin group
 * is FROZEN`; the others follow Hyperliquid's wording or reuse a BUSINESS_ERROR message.
 */
import { BUSINESS_ERROR } from '../../protocol/wire/index.js';

export const ORDER_ERRORS = {
  sizeNotPositive: 'size must be positive',
  priceExceedsMaxTicks: (raw: bigint, maxTicks: bigint): string => `price ${raw} exceeds maxTicks ${maxTicks}`,
  frozen: BUSINESS_ERROR.GROUP_FROZEN.message,
  insufficientMargin: BUSINESS_ERROR.INSUFFICIENT_MARGIN.message,
  unknownContract: BUSINESS_ERROR.UNKNOWN_CONTRACT.message,
  delisted: BUSINESS_ERROR.CONTRACT_DELISTED.message,
  notEnrolled: BUSINESS_ERROR.NOT_ENROLLED.message,
  markNotReady: BUSINESS_ERROR.MARK_NOT_READY.message,
  priceRequired: 'limit order requires a price (p)',
  priceNotPositive: 'price must be positive',
  postOnlyWouldCross: 'post only order would cross',
  reduceOnlyWouldIncrease: 'reduce only order would increase position',
  cloidInUse: 'cloid already in use by an active order',
  noImmediateMatch: 'order could not immediately match against any resting orders',
  beyondTiers: 'position would exceed the largest leverage tier',
  tooManyOrders: (max: number): string => `too many open orders (at most ${max} per account)`,
  // cancel items (the modify messages of spec 4.6 where they fit)
  orderNotFound: BUSINESS_ERROR.ORDER_NOT_FOUND.message,
  cloidNotFound: BUSINESS_ERROR.CLOID_NOT_FOUND.message,
  alreadyCanceled: BUSINESS_ERROR.ORDER_ALREADY_CANCELED.message,
  notOpen: BUSINESS_ERROR.ORDER_NOT_OPEN.message,
} as const;
