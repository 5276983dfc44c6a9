import * as v from 'valibot';
import { Address, DecimalString, Int32, RawIntString, SafeInt, UInt32 } from './primitives.js';

/** Spec 4.2: HTTP-level failure envelope. */
export const ErrorEnvelope = v.object({
  status: v.literal('error'),
  requestId: v.string(),
  code: v.string(),
  message: v.string(),
});

/** Spec 4.2: success envelope; data is checked per action with EXCHANGE_DATA. */
export const OkEnvelope = v.object({
  status: v.literal('ok'),
  requestId: v.pipe(v.string(), v.regex(/^req-\d+$/)),
  response: v.object({ type: v.string(), data: v.unknown() }),
});

/** Non-batch rejections inside HTTP 200 (spec 4.2 rule 2). */
const Rejection = {
  errorCode: v.optional(v.number()),
  errorMessage: v.optional(v.string()),
};

export const OrderStatus = v.union([
  v.object({ resting: v.object({ oid: SafeInt }) }),
  v.object({ filled: v.object({ totalSz: DecimalString, avgPx: DecimalString, oid: SafeInt }) }),
  v.object({ error: v.string() }),
]);
export type OrderStatus = v.InferOutput<typeof OrderStatus>;

export const CancelStatus = v.union([v.literal('success'), v.object({ error: v.string() })]);
export type CancelStatus = v.InferOutput<typeof CancelStatus>;

/** Share-group and collateral movements share one result shape (spec 4.8, open-points). */
export const FundMovement = v.object({
  coinId: v.number(),
  amount: v.number(),
  fromBalanceAfter: v.number(),
  toBalanceAfter: v.number(),
  ...Rejection,
});

export const EXCHANGE_DATA = {
  registerAccount: v.object({ accountId: SafeInt }),
  enrollUserToMarketDeployer: v.object({ marketDeployerId: v.number(), ...Rejection }),
  order: v.object({ statuses: v.array(OrderStatus) }),
  cancel: v.object({ statuses: v.array(CancelStatus) }),
  cancelByCloid: v.object({ statuses: v.array(CancelStatus) }),
  cancelAll: v.object({ cancelledOrders: v.number(), cancelledConditionals: v.number(), ...Rejection }),
  modify: v.object({
    orderId: v.number(),
    limitPrice: v.number(),
    totalSize: v.number(),
    leavesSize: v.number(),
    clientOrderId: v.number(),
    ...Rejection,
  }),
  updateIsolatedMargin: v.object({ isoBefore: v.number(), isoAfter: v.number(), ...Rejection }),
  updateLeverage: v.object({ asset: v.number(), leverage: v.number(), ...Rejection }),
  updateMarginMode: v.object({ asset: v.number(), marginMode: v.string(), ...Rejection }),
  tpSl: v.object({ tpId: v.optional(v.number()), slId: v.optional(v.number()), ...Rejection }),
  cancelTpSl: v.object({ cancelled: v.number(), ...Rejection }),
  cancelConditional: v.object({ cancelled: v.number(), ...Rejection }),
  lockCollateral: FundMovement,
  unlockCollateral: FundMovement,
  transferBetweenDeployers: FundMovement,
  setMarginShareType: v.object({ marginShareType: v.number(), ...Rejection }),
  transferMdToShareGroup: FundMovement,
  transferShareGroupToMd: FundMovement,
  lockIntoShareGroup: FundMovement,
  unlockFromShareGroup: FundMovement,
  updateFeeSetting: v.object({
    marketDeployerId: v.number(),
    user: v.string(),
    takerFeeRate: v.string(),
    makerFeeRate: v.string(),
    ...Rejection,
  }),
  approveAgent: v.object({ agentAddress: v.string(), agentName: v.string(), validUntil: v.number(), slot: v.string(), ...Rejection }),
  revokeAgent: v.object({ agentAddress: v.string(), ...Rejection }),
} as const;

/** `response.type` echoes action.type except lockIntoShareGroup (spec 4.8). */
export function responseTypeOf(actionType: string): string {
  return actionType === 'lockIntoShareGroup' ? 'shareGroupFund' : actionType;
}

export type ExchangeDataOf<T extends keyof typeof EXCHANGE_DATA> = v.InferOutput<(typeof EXCHANGE_DATA)[T]>;

// ---- /info results (open-points "Reads") ----

export const LeverageTier = v.object({ maxNotional: RawIntString, maxLeverage: v.number() });

export const ContractConfig = v.object({
  contractId: v.number(),
  name: v.string(),
  marketDeployerId: v.number(),
  quoteCoinId: v.number(),
  status: v.string(),
  priceScale: v.number(),
  qtyScale: v.number(),
  tickSize: v.number(),
  stepSize: v.number(),
  maxTicks: v.number(),
  leverageTiers: v.array(LeverageTier),
  shareGroupId: v.optional(v.number()),
  makerFeeRate: v.optional(DecimalString),
  takerFeeRate: v.optional(DecimalString),
  maintenanceMarginRatio: v.optional(DecimalString),
  fundingIntervalMs: v.optional(v.number()),
});
export type ContractConfig = v.InferOutput<typeof ContractConfig>;

export const Configs = v.object({
  coins: v.array(v.object({ coinId: v.number(), name: v.string(), decimals: v.number() })),
  marketDeployers: v.array(v.object({ marketDeployerId: v.number(), name: v.string(), operator: v.optional(Address) })),
  contracts: v.array(ContractConfig),
});
export type Configs = v.InferOutput<typeof Configs>;

export const MarketState = v.object({
  contractId: v.number(),
  markPx: v.nullable(DecimalString),
  indexPx: v.nullable(DecimalString),
  lastPx: v.nullable(DecimalString),
  fundingRate: DecimalString,
  fundingIndex: DecimalString,
  time: v.number(),
  nextFundingTime: v.optional(v.number()),
  dayOpenPx: v.optional(v.nullable(DecimalString)),
  dayVolume: v.optional(DecimalString),
});
export type MarketState = v.InferOutput<typeof MarketState>;

export const BookLevel = v.object({ px: DecimalString, sz: DecimalString, n: v.number() });
export type BookLevel = v.InferOutput<typeof BookLevel>;

export const L2Book = v.object({
  contractId: v.number(),
  time: v.number(),
  levels: v.tuple([v.array(BookLevel), v.array(BookLevel)]),
});
export type L2Book = v.InferOutput<typeof L2Book>;

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w', '1M'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/**
 * A bar's length, for asking `candleSnapshot` for N bars back; a month is taken as 31 days,
 * which only widens the window asked for.
 */
export const CANDLE_INTERVAL_MS: Readonly<Record<CandleInterval, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
  '1M': 2_678_400_000,
};

export const Candle = v.object({
  t: v.number(),
  T: v.number(),
  o: DecimalString,
  h: DecimalString,
  l: DecimalString,
  c: DecimalString,
  v: DecimalString,
  n: v.number(),
});
export type Candle = v.InferOutput<typeof Candle>;

export const OpenOrder = v.object({
  oid: v.number(),
  asset: v.number(),
  isBuy: v.boolean(),
  limitPx: DecimalString,
  sz: DecimalString,
  tif: v.string(),
  cloid: v.optional(v.string()),
  origSz: DecimalString,
  reduceOnly: v.boolean(),
  timestamp: v.number(),
});
export type OpenOrder = v.InferOutput<typeof OpenOrder>;

export const ORDER_STATUSES = ['open', 'filled', 'canceled', 'rejected', 'triggered'] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

export const OrderLookup = v.object({
  order: OpenOrder,
  status: v.picklist(ORDER_STATUSES),
  statusTimestamp: v.number(),
});
export type OrderLookup = v.InferOutput<typeof OrderLookup>;

export const TriggerLeg = v.object({ id: v.number(), triggerPx: DecimalString, sz: v.optional(DecimalString) });

export const Position = v.object({
  contractId: v.number(),
  isBuy: v.boolean(),
  size: DecimalString,
  entryPx: DecimalString,
  marginMode: v.picklist(['cross', 'isolated']),
  leverage: v.number(),
  isolatedMargin: RawIntString,
  unrealizedPnl: RawIntString,
  liquidationPx: v.nullable(DecimalString),
  marginUsed: v.optional(RawIntString),
  /** The position's maintenance margin at the mark (raw collateral units). */
  maintenanceMargin: v.optional(RawIntString),
  /** Entry price x size, exact (a decimal at priceScale + qtyScale): entryPx is this / size rounded. */
  entryValue: v.optional(DecimalString),
  tp: v.optional(TriggerLeg),
  sl: v.optional(TriggerLeg),
});
export type Position = v.InferOutput<typeof Position>;

const CoinBalance = v.object({ coinId: v.number(), total: RawIntString });

/** A contract's leverage and margin mode for the account, also while it holds no position. */
export const ContractSetting = v.object({ contractId: v.number(), leverage: v.number(), marginMode: v.picklist(['cross', 'isolated']) });
export type ContractSetting = v.InferOutput<typeof ContractSetting>;

export const UserAccount = v.object({
  accountId: v.number(),
  address: v.string(),
  positionMode: v.picklist(['ONE_WAY', 'HEDGE']),
  marginShareType: v.picklist(['UNIFIED', 'PORTFOLIO']),
  chainBalances: v.array(CoinBalance),
  marketDeployers: v.array(
    v.object({
      marketDeployerId: v.number(),
      balances: v.array(CoinBalance),
      equity: RawIntString,
      marginUsed: RawIntString,
      available: RawIntString,
      withdrawable: RawIntString,
      positions: v.array(Position),
      contractSettings: v.optional(v.array(ContractSetting)),
    }),
  ),
  shareGroups: v.array(
    v.object({
      groupId: v.number(),
      coinId: v.number(),
      balance: RawIntString,
      equity: RawIntString,
      frozen: v.boolean(),
      maintenanceMargin: v.optional(RawIntString),
      /** Initial margin of the group's cross positions and orders plus its isolated buckets (settlement-coin entry). */
      marginUsed: v.optional(RawIntString),
      /** What new orders on the group's contracts may draw on (settlement-coin entry, >= 0). */
      available: v.optional(RawIntString),
    }),
  ),
});
export type UserAccount = v.InferOutput<typeof UserAccount>;

export const AgentRecord = v.object({
  address: v.string(),
  name: v.string(),
  validUntil: v.number(),
  slot: v.picklist(['anonymous', 'named']),
  expired: v.boolean(),
});
export type AgentRecord = v.InferOutput<typeof AgentRecord>;

export const ShareGroupDef = v.object({
  groupId: v.number(),
  members: v.array(v.number()),
  settlementCoinId: v.number(),
  frozen: v.boolean(),
});
export type ShareGroupDef = v.InferOutput<typeof ShareGroupDef>;

/** Request fields and result schema per /info query type. */
export const INFO_QUERIES = {
  configs: { request: v.object({ type: v.literal('configs') }), result: Configs },
  marketState: { request: v.object({ type: v.literal('marketState'), contractId: Int32 }), result: MarketState },
  l2Book: {
    request: v.object({ type: v.literal('l2Book'), contractId: Int32, depth: v.optional(v.pipe(SafeInt, v.minValue(1))) }),
    result: L2Book,
  },
  candleSnapshot: {
    request: v.object({
      type: v.literal('candleSnapshot'),
      contractId: Int32,
      interval: v.picklist(CANDLE_INTERVALS),
      startTime: SafeInt,
      endTime: SafeInt,
    }),
    result: v.array(Candle),
  },
  userOrders: {
    request: v.object({ type: v.literal('userOrders'), user: Address, marketDeployerId: UInt32, contractId: v.optional(Int32) }),
    result: v.array(OpenOrder),
  },
  ordersByIds: {
    request: v.object({ type: v.literal('ordersByIds'), user: Address, oids: v.array(SafeInt) }),
    result: v.array(OrderLookup),
  },
  ordersByCloids: {
    request: v.object({ type: v.literal('ordersByCloids'), user: Address, cloids: v.array(v.string()) }),
    result: v.array(OrderLookup),
  },
  userAccount: {
    request: v.object({ type: v.literal('userAccount'), user: Address, marketDeployerId: v.optional(UInt32) }),
    result: UserAccount,
  },
  userAgents: { request: v.object({ type: v.literal('userAgents'), accountId: v.string() }), result: v.array(AgentRecord) },
  userMarketDeployers: { request: v.object({ type: v.literal('userMarketDeployers'), user: Address }), result: v.array(v.number()) },
  shareGroupState: {
    request: v.object({ type: v.literal('shareGroupState'), groupId: v.optional(Int32) }),
    result: v.array(ShareGroupDef),
  },
} as const;

export type InfoType = keyof typeof INFO_QUERIES;
export type InfoRequest<T extends InfoType> = v.InferOutput<(typeof INFO_QUERIES)[T]['request']>;
export type InfoResult<T extends InfoType> = v.InferOutput<(typeof INFO_QUERIES)[T]['result']>;
export const INFO_TYPES = Object.keys(INFO_QUERIES) as InfoType[];
