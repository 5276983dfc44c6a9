import {
  BUSINESS_ERROR,
  CANDLE_INTERVALS,
  CanonicalJsonError,
  DecimalError,
  EXCHANGE_DATA,
  GROUP_LIQUIDATION_FRACTION_DEN,
  HTTP_ERROR,
  INFO_QUERIES,
  MarginMath,
  PRIVATE_CHANNELS,
  SignatureError,
  Subscription,
  WsAuthAction,
  addressOf,
  agentMaySend,
  ceilDiv,
  crossBacking,
  describeIssues,
  floorDiv,
  formatDecimal,
  isActionType,
  isAddress,
  liquidationPx,
  markPrice,
  marketBound,
  normalizeAddress,
  parseAction,
  parseAmount,
  parseDecimal,
  positionFigures,
  pow10,
  recoverSigner,
  rescale,
  responseTypeOf,
  restingOrderMargin,
  secretKeyBytes,
  subscriptionKey,
  toHex,
  tradeIntoPositions
} from "./chunk-VTVBDURB.js";

// src/exchange/engine/prng.ts
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = a + 1831565813 >>> 0;
    let t = a;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
var Prng = class {
  gen;
  constructor(seed) {
    this.gen = mulberry32(seed);
  }
  /** Float in [0, 1). */
  next() {
    return this.gen();
  }
  /** Integer in [0, n) for n >= 1. */
  int(n) {
    return Math.floor(this.gen() * n);
  }
  /** Integer in [lo, hi] inclusive. */
  range(lo, hi) {
    return lo + Math.floor(this.gen() * (hi - lo + 1));
  }
  /** True with probability p. */
  chance(p) {
    return this.gen() < p;
  }
  /** Uniform element of a non-empty array. */
  pick(items) {
    if (items.length === 0) throw new Error("pick from empty array");
    return items[Math.floor(this.gen() * items.length)];
  }
};

// src/exchange/state/inviteCodes.ts
var INVITE_CODE_RE = /^[A-Za-z0-9]{6}$/;
var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
var MAX_ISSUE = 1e4;
var MemoryInviteCodeStore = class {
  codes = /* @__PURE__ */ new Map();
  prng;
  constructor(seed) {
    this.prng = new Prng(seed ^ 114910);
  }
  add(code) {
    if (!INVITE_CODE_RE.test(code)) throw new Error(`invite code "${code}" is not 6 letters or digits`);
    const key = code.toUpperCase();
    if (!this.codes.has(key)) this.codes.set(key, false);
  }
  state(code) {
    if (!INVITE_CODE_RE.test(code)) return "unknown";
    const used = this.codes.get(code.toUpperCase());
    return used === void 0 ? "unknown" : used ? "used" : "available";
  }
  consume(code) {
    if (this.state(code) !== "available") return false;
    this.codes.set(code.toUpperCase(), true);
    return true;
  }
  issue(count) {
    if (!Number.isSafeInteger(count) || count < 0 || count > MAX_ISSUE) {
      throw new RangeError(`invite codes: count must be 0..${MAX_ISSUE}`);
    }
    const out = [];
    while (out.length < count) {
      let code = "";
      for (let i = 0; i < 6; i++) code += ALPHABET[this.prng.int(ALPHABET.length)];
      if (this.codes.has(code)) continue;
      this.codes.set(code, false);
      out.push(code);
    }
    return out;
  }
  available() {
    return [...this.codes].filter(([, used]) => !used).map(([code]) => code);
  }
};

// src/exchange/errors.ts
var HttpError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    this.name = "HttpError";
    this.status = HTTP_ERROR[code];
  }
  code;
  status;
};
var BusinessError = class extends Error {
  constructor(key) {
    const entry = BUSINESS_ERROR[key];
    super(entry.message);
    this.key = key;
    this.name = "BusinessError";
    this.errorCode = entry.code;
  }
  key;
  errorCode;
};

// src/exchange/actions/accounts.ts
function registerAccount(core, env) {
  if (env.action.type !== "registerAccount") throw new Error("registerAccount: wrong action");
  const code = env.inviteCode;
  if (code === void 0 || code === "") throw new HttpError("BAD_REQUEST", "inviteCode required");
  if (core.invites.state(code) !== "available") {
    throw new HttpError("INVITE_CODE_INVALID", "invite code is invalid or already used");
  }
  const expected = normalizeAddress(env.action.address);
  const signer = core.auth.recover(env.rawAction, env.nonce, env.signature);
  if (signer !== expected) {
    throw new HttpError("SIGNATURE_INVALID", `signature recovers to ${signer}, expected ${expected} (action.address)`);
  }
  const existing = core.accounts.byAddress(signer);
  if (existing) throw new HttpError("ALREADY_REGISTERED", `${signer} is already registered as account ${existing.id}`);
  if (core.agents.lookup(signer)) {
    throw new HttpError("ALREADY_REGISTERED", `${signer} is an agent wallet of another account; it cannot also be an account`);
  }
  core.auth.admit(signer, env.nonce);
  core.invites.consume(code);
  const account = core.accounts.create(signer, "user", core.clock.now());
  core.credits.schedule(account.id);
  return { accountId: account.id };
}
function registerAccountActions(registry) {
  registry.register("enrollUserToMarketDeployer", (ctx, action) => {
    const md = action.marketDeployerId;
    if (!ctx.core.config.marketDeployer(md)) throw new BusinessError("UNKNOWN_MARKET_DEPLOYER");
    if (ctx.account.enrolled.has(md)) throw new BusinessError("ALREADY_ENROLLED");
    ctx.core.accounts.enroll(ctx.account.id, md);
    return { marketDeployerId: md };
  });
}

// src/exchange/actions/agents.ts
function registerAgentActions(registry) {
  registry.register("approveAgent", (ctx, action) => {
    const address = normalizeAddress(action.agentAddress);
    if (ctx.core.accounts.byAddress(address)) throw new BusinessError("AGENT_IS_ACCOUNT");
    const outcome = ctx.core.agents.approve(ctx.account.id, address, action.agentName, action.validUntil, ctx.now);
    if (!outcome.ok) throw new BusinessError(outcome.error);
    const r = outcome.record;
    return { agentAddress: r.address, agentName: r.name, validUntil: r.validUntil, slot: r.slot };
  });
  registry.register("revokeAgent", (ctx, action) => {
    const address = normalizeAddress(action.agentAddress);
    if (!ctx.core.agents.revoke(ctx.account.id, address)) throw new BusinessError("AGENT_NOT_FOUND");
    return { agentAddress: address };
  });
}

// src/exchange/ledger.ts
var bucket = {
  /** Chain-level balance (spec 1: "the chain-level balance"). */
  chain: (accountId, coinId) => `chain:${accountId}:${coinId}`,
  /** Market-deployer cross-margin pool. */
  md: (accountId, marketDeployerId, coinId) => `md:${accountId}:${marketDeployerId}:${coinId}`,
  /** Portfolio share-group pool. */
  group: (accountId, groupId, coinId) => `sg:${accountId}:${groupId}:${coinId}`,
  /** Isolated margin of one position. */
  isolated: (accountId, contractId, side, coinId) => `iso:${accountId}:${contractId}:${side}:${coinId}`,
  /** Fees collected by a market deployer. */
  fees: (marketDeployerId, coinId) => `fees:${marketDeployerId}:${coinId}`,
  insurance: (coinId) => `insurance:${coinId}`,
  /**
   * A contract's clearing account: pays out realized PnL and funding and receives losses.
   * It runs negative while winners have realized before losers (their loss is still
   * unrealized), and returns to rounding dust once every position is closed.
   */
  clearing: (contractId, coinId) => `clearing:${contractId}:${coinId}`
};
function coinOfBucket(key) {
  const i = key.lastIndexOf(":");
  const coin = Number(key.slice(i + 1));
  if (i < 0 || !Number.isSafeInteger(coin)) throw new Error(`ledger: bucket ${key} names no coin`);
  return coin;
}
var LedgerError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "LedgerError";
  }
};
var RECENT_CAP = 1e3;
var MemoryLedger = class {
  constructor(now = Date.now) {
    this.now = now;
  }
  now;
  buckets = /* @__PURE__ */ new Map();
  minted = /* @__PURE__ */ new Map();
  journal = [];
  seq = 0;
  balance(key) {
    return this.buckets.get(key) ?? 0n;
  }
  transfer(from, to, amount, opts = {}) {
    if (amount < 0n) throw new LedgerError(`ledger: negative transfer ${amount}`);
    if (coinOfBucket(from) !== coinOfBucket(to)) throw new LedgerError(`ledger: ${from} and ${to} hold different coins`);
    if (amount === 0n || from === to) return;
    const fromAfter = this.balance(from) - amount;
    if (fromAfter < 0n && !opts.allowNegative) {
      throw new LedgerError(`ledger: ${from} holds ${this.balance(from)}, cannot send ${amount}`);
    }
    this.set(from, fromAfter);
    this.set(to, this.balance(to) + amount);
    this.record({ kind: "transfer", from, to, amount, memo: opts.memo ?? "" });
  }
  mint(to, amount, memo) {
    if (amount <= 0n) throw new LedgerError(`ledger: mint of ${amount}`);
    const coin = coinOfBucket(to);
    this.minted.set(coin, (this.minted.get(coin) ?? 0n) + amount);
    this.set(to, this.balance(to) + amount);
    this.record({ kind: "mint", to, amount, memo });
  }
  totalMinted(coinId) {
    return this.minted.get(coinId) ?? 0n;
  }
  sumByCoin() {
    const sums = /* @__PURE__ */ new Map();
    for (const [key, value] of this.buckets) {
      const coin = coinOfBucket(key);
      sums.set(coin, (sums.get(coin) ?? 0n) + value);
    }
    return sums;
  }
  entries() {
    return this.buckets.entries();
  }
  recent() {
    return this.journal.slice(-RECENT_CAP);
  }
  set(key, value) {
    if (value === 0n) this.buckets.delete(key);
    else this.buckets.set(key, value);
  }
  record(entry) {
    this.journal.push({ seq: ++this.seq, time: this.now(), ...entry });
    if (this.journal.length > RECENT_CAP * 2) this.journal.splice(0, this.journal.length - RECENT_CAP);
  }
};

// src/exchange/actions/funds.ts
function amountOf(text) {
  let amount;
  try {
    amount = parseAmount(text, "amount", { allowZero: true });
  } catch (e) {
    if (e instanceof DecimalError) throw new BusinessError("BAD_AMOUNT");
    throw e;
  }
  if (amount === 0n) throw new BusinessError("AMOUNT_NOT_POSITIVE");
  return amount;
}
function requireCoin(core, coinId) {
  if (!core.config.coin(coinId)) throw new BusinessError("UNKNOWN_COIN");
}
function requireMarketDeployer(core, marketDeployerId) {
  if (!core.config.marketDeployer(marketDeployerId)) throw new BusinessError("UNKNOWN_MARKET_DEPLOYER");
}
function requireEnrolled(account, marketDeployerId) {
  if (!account.enrolled.has(marketDeployerId)) throw new BusinessError("NOT_ENROLLED");
}
function requireGroup(core, account, groupId, viaMd) {
  const group = core.config.shareGroup(groupId);
  if (!group || !account.enrolled.has(group.marketDeployerId)) throw new BusinessError("UNKNOWN_GROUP");
  if (viaMd !== void 0 && viaMd !== group.marketDeployerId) throw new BusinessError("UNKNOWN_GROUP");
  return group;
}
function requirePortfolio(account) {
  if (account.marginShareType !== "PORTFOLIO") throw new BusinessError("NOT_PORTFOLIO");
}
function requireAvailable(core, from, amount, withdrawable) {
  if (core.ledger.balance(from) < amount) throw new BusinessError("INSUFFICIENT_BALANCE");
  if (withdrawable && withdrawable() < amount) throw new BusinessError("INSUFFICIENT_MARGIN");
}
function move(core, from, to, coinId, amount, memo) {
  core.ledger.transfer(from, to, amount, { memo });
  return {
    coinId,
    amount,
    fromBalanceAfter: core.ledger.balance(from),
    toBalanceAfter: core.ledger.balance(to)
  };
}

// src/exchange/actions/collateral.ts
function registerCollateralActions(registry) {
  registry.register("lockCollateral", (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.marketDeployerId);
    requireEnrolled(ctx.account, a.marketDeployerId);
    const from = bucket.chain(ctx.account.id, a.coinId);
    requireAvailable(ctx.core, from, amount);
    return move(ctx.core, from, bucket.md(ctx.account.id, a.marketDeployerId, a.coinId), a.coinId, amount, "lockCollateral");
  });
  registry.register("unlockCollateral", (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.marketDeployerId);
    const from = bucket.md(ctx.account.id, a.marketDeployerId, a.coinId);
    requireAvailable(ctx.core, from, amount, () => ctx.core.hooks.withdrawableFromMd(ctx.account.id, a.marketDeployerId, a.coinId));
    return move(ctx.core, from, bucket.chain(ctx.account.id, a.coinId), a.coinId, amount, "unlockCollateral");
  });
  registry.register("transferBetweenDeployers", (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.fromMarketDeployerId);
    requireMarketDeployer(ctx.core, a.toMarketDeployerId);
    requireEnrolled(ctx.account, a.toMarketDeployerId);
    const from = bucket.md(ctx.account.id, a.fromMarketDeployerId, a.coinId);
    requireAvailable(
      ctx.core,
      from,
      amount,
      () => ctx.core.hooks.withdrawableFromMd(ctx.account.id, a.fromMarketDeployerId, a.coinId)
    );
    const to = bucket.md(ctx.account.id, a.toMarketDeployerId, a.coinId);
    return move(ctx.core, from, to, a.coinId, amount, "transferBetweenDeployers");
  });
  registry.register("setMarginShareType", (ctx, a) => {
    const to = a.marginShareType === 1 ? "PORTFOLIO" : "UNIFIED";
    const from = ctx.account.marginShareType;
    if (from !== to) {
      const refusal = ctx.core.hooks.onMarginShareTypeChange(ctx.account.id, from, to);
      if (refusal) throw new BusinessError(refusal);
      ctx.core.accounts.setMarginShareType(ctx.account.id, to);
    }
    return { marginShareType: a.marginShareType };
  });
}

// src/exchange/state/marketConfig.ts
var FEE_RATE_SCALE = 8;
var DEFAULT_FUNDING_INTERVAL_MS = 36e5;
var MarketConfigError = class extends Error {
  constructor(message) {
    super(`market config: ${message}`);
    this.name = "MarketConfigError";
  }
};
function indexBy(items, id, what) {
  const map = /* @__PURE__ */ new Map();
  for (const item of items) {
    const key = id(item);
    if (map.has(key)) throw new MarketConfigError(`duplicate ${what} id ${key}`);
    map.set(key, item);
  }
  return map;
}
var MarketConfig = class {
  coins;
  marketDeployers;
  contracts;
  shareGroups;
  collateralCoinId;
  registrationCredit;
  frozen = /* @__PURE__ */ new Set();
  status = /* @__PURE__ */ new Map();
  constructor(setup) {
    this.coins = indexBy(setup.coins, (c) => c.coinId, "coin");
    this.marketDeployers = indexBy(setup.marketDeployers, (m) => m.marketDeployerId, "market deployer");
    this.contracts = indexBy(setup.contracts, (c) => c.contractId, "contract");
    this.shareGroups = indexBy(setup.shareGroups, (g) => g.groupId, "share group");
    this.collateralCoinId = setup.collateralCoinId;
    this.registrationCredit = setup.registrationCredit;
    this.validate();
    for (const c of this.contracts.values()) this.status.set(c.contractId, c.status);
  }
  coin(coinId) {
    return this.coins.get(coinId);
  }
  marketDeployer(id) {
    return this.marketDeployers.get(id);
  }
  contract(contractId) {
    return this.contracts.get(contractId);
  }
  /** Active contracts win over delisted ones of the same name (spec 1: match by name). */
  contractByName(name) {
    let found;
    for (const c of this.contracts.values()) {
      if (c.name !== name) continue;
      if (this.contractStatus(c.contractId) === "Active") return c;
      found ??= c;
    }
    return found;
  }
  contractStatus(contractId) {
    return this.status.get(contractId);
  }
  setContractStatus(contractId, status) {
    if (!this.contracts.has(contractId)) throw new MarketConfigError(`unknown contract ${contractId}`);
    this.status.set(contractId, status);
  }
  shareGroup(groupId) {
    return this.shareGroups.get(groupId);
  }
  isFrozen(groupId) {
    return this.frozen.has(groupId);
  }
  setFrozen(groupId, frozen) {
    if (!this.shareGroups.has(groupId)) throw new MarketConfigError(`unknown share group ${groupId}`);
    if (frozen) this.frozen.add(groupId);
    else this.frozen.delete(groupId);
  }
  validate() {
    if (!this.coins.has(this.collateralCoinId)) throw new MarketConfigError(`collateral coin ${this.collateralCoinId} is not a coin`);
    if (this.registrationCredit <= 0n) throw new MarketConfigError("registration credit must be positive");
    for (const c of this.contracts.values()) {
      if (!this.marketDeployers.has(c.marketDeployerId)) {
        throw new MarketConfigError(`contract ${c.name} names unknown market deployer ${c.marketDeployerId}`);
      }
      if (!this.coins.has(c.quoteCoinId)) throw new MarketConfigError(`contract ${c.name} names unknown quote coin ${c.quoteCoinId}`);
      if (c.tickSize <= 0n || c.stepSize <= 0n || c.maxTicks <= 0n) {
        throw new MarketConfigError(`contract ${c.name}: tickSize, stepSize and maxTicks must be positive`);
      }
      if (c.leverageTiers.length === 0) throw new MarketConfigError(`contract ${c.name} has no leverage tiers`);
      c.leverageTiers.forEach((t, i) => {
        const prev = c.leverageTiers[i - 1];
        if (!Number.isSafeInteger(t.maxLeverage) || t.maxLeverage < 1 || t.maxNotional <= 0n || prev && (t.maxNotional <= prev.maxNotional || t.maxLeverage > prev.maxLeverage)) {
          throw new MarketConfigError(`contract ${c.name}: leverage tiers must grow in notional and not in leverage`);
        }
      });
      if (c.fundingIntervalMs !== void 0 && (!Number.isSafeInteger(c.fundingIntervalMs) || c.fundingIntervalMs < 1e3)) {
        throw new MarketConfigError(`contract ${c.name}: fundingIntervalMs must be a whole number of at least 1000`);
      }
      if (c.shareGroupId !== void 0 && !this.shareGroups.get(c.shareGroupId)?.members.includes(c.contractId)) {
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
};

// src/exchange/state/fees.ts
var MAX_FEE_RATE = 1000000n;
var MIN_MAKER_FEE_RATE = -100000n;
var MIN_TAKER_FEE_RATE = 0n;
function formatFeeRate(raw) {
  return formatDecimal(raw, FEE_RATE_SCALE);
}
function parseFeeRate(text, min) {
  let raw;
  try {
    raw = parseDecimal(text, FEE_RATE_SCALE, "feeRate", { signed: true });
  } catch {
    return void 0;
  }
  return raw < min || raw > MAX_FEE_RATE ? void 0 : raw;
}
function effectiveFeeRates(config, account, contractId) {
  const contract = config.contract(contractId);
  if (!contract) throw new Error(`unknown contract ${contractId}`);
  const user = account?.feeOverrides.get(contract.marketDeployerId);
  if (user) return user;
  if (contract.fees) return contract.fees;
  const md = config.marketDeployer(contract.marketDeployerId);
  if (!md) throw new Error(`unknown market deployer ${contract.marketDeployerId}`);
  return md.fees;
}

// src/exchange/actions/fees.ts
function registerFeeActions(registry) {
  registry.register("updateFeeSetting", (ctx, a) => {
    const md = a.marketDeployerId;
    if (!ctx.core.config.marketDeployer(md)) throw new BusinessError("UNKNOWN_MARKET_DEPLOYER");
    if (ctx.core.operatorAccountId(md) !== ctx.account.id) throw new BusinessError("NOT_OPERATOR");
    const user = ctx.core.accounts.byAddress(normalizeAddress(a.user));
    if (!user) throw new BusinessError("UNKNOWN_ACCOUNT");
    const taker = parseFeeRate(a.takerFeeRate, MIN_TAKER_FEE_RATE);
    const maker = parseFeeRate(a.makerFeeRate, MIN_MAKER_FEE_RATE);
    if (taker === void 0 || maker === void 0) throw new BusinessError("FEE_RATE_INVALID");
    ctx.core.accounts.setFeeOverride(user.id, md, { maker, taker });
    return { marketDeployerId: md, user: user.address, takerFeeRate: formatFeeRate(taker), makerFeeRate: formatFeeRate(maker) };
  });
}

// src/exchange/trading/orderErrors.ts
var ORDER_ERRORS = {
  sizeNotPositive: "size must be positive",
  priceExceedsMaxTicks: (raw, maxTicks) => `price ${raw} exceeds maxTicks ${maxTicks}`,
  frozen: BUSINESS_ERROR.GROUP_FROZEN.message,
  insufficientMargin: BUSINESS_ERROR.INSUFFICIENT_MARGIN.message,
  unknownContract: BUSINESS_ERROR.UNKNOWN_CONTRACT.message,
  delisted: BUSINESS_ERROR.CONTRACT_DELISTED.message,
  notEnrolled: BUSINESS_ERROR.NOT_ENROLLED.message,
  markNotReady: BUSINESS_ERROR.MARK_NOT_READY.message,
  priceRequired: "limit order requires a price (p)",
  priceNotPositive: "price must be positive",
  postOnlyWouldCross: "post only order would cross",
  reduceOnlyWouldIncrease: "reduce only order would increase position",
  cloidInUse: "cloid already in use by an active order",
  noImmediateMatch: "order could not immediately match against any resting orders",
  beyondTiers: "position would exceed the largest leverage tier",
  tooManyOrders: (max) => `too many open orders (at most ${max} per account)`,
  // cancel items (the modify messages of spec 4.6 where they fit)
  orderNotFound: BUSINESS_ERROR.ORDER_NOT_FOUND.message,
  cloidNotFound: BUSINESS_ERROR.CLOID_NOT_FOUND.message,
  alreadyCanceled: BUSINESS_ERROR.ORDER_ALREADY_CANCELED.message,
  notOpen: BUSINESS_ERROR.ORDER_NOT_OPEN.message
};

// src/exchange/trading/holdings.ts
var DEFAULT_LEVERAGE = 10;
var Holdings = class {
  constructor(defaultLeverage) {
    this.defaultLeverage = defaultLeverage;
  }
  defaultLeverage;
  byAccount = /* @__PURE__ */ new Map();
  positioned = /* @__PURE__ */ new Set();
  get(accountId, contractId) {
    return this.byAccount.get(accountId)?.get(contractId);
  }
  /** A fresh holding at the default leverage, not yet registered (what-if margin checks use it too). */
  blank(accountId, contractId) {
    return {
      accountId,
      contractId,
      leverage: this.defaultLeverage(contractId),
      marginMode: "cross",
      long: void 0,
      short: void 0,
      buySz: 0n,
      buyPxSz: 0n,
      sellSz: 0n,
      sellPxSz: 0n,
      roBuySz: 0n,
      roSellSz: 0n,
      openOrders: 0,
      triggers: 0
    };
  }
  ensure(accountId, contractId) {
    let map = this.byAccount.get(accountId);
    if (!map) this.byAccount.set(accountId, map = /* @__PURE__ */ new Map());
    let h = map.get(contractId);
    if (!h) {
      h = this.blank(accountId, contractId);
      map.set(contractId, h);
    }
    return h;
  }
  /** The account's holdings (a live view; do not add or remove while iterating). */
  ofAccount(accountId) {
    return (this.byAccount.get(accountId) ?? /* @__PURE__ */ new Map()).values();
  }
  /** Accounts holding at least one position: the ones liquidation and funding look at. */
  accountsWithPositions() {
    return [...this.positioned];
  }
  hasPosition(accountId) {
    return this.positioned.has(accountId);
  }
  setPosition(h, side, p) {
    h[side] = p;
    if (p) this.positioned.add(h.accountId);
    else this.refreshPositioned(h.accountId);
  }
  /** A resting order starts or stops counting in the aggregates (sign = +1 or -1). */
  countOrder(h, o, sign) {
    const s = BigInt(sign);
    h.openOrders += sign;
    if (o.reduceOnly) {
      if (o.isBuy) h.roBuySz += s * o.remaining;
      else h.roSellSz += s * o.remaining;
    } else if (o.isBuy) {
      h.buySz += s * o.remaining;
      h.buyPxSz += s * o.remaining * o.px;
    } else {
      h.sellSz += s * o.remaining;
      h.sellPxSz += s * o.remaining * o.px;
    }
  }
  /**
   * Drops the record once it holds nothing worth keeping. Called by the engine at the end
   * of an operation, never in the middle, so references held during one stay attached.
   */
  release(h) {
    if (h.long || h.short || h.openOrders > 0 || h.triggers > 0) return;
    if (h.leverage !== this.defaultLeverage(h.contractId) || h.marginMode !== "cross") return;
    const map = this.byAccount.get(h.accountId);
    if (map?.get(h.contractId) !== h) return;
    map.delete(h.contractId);
    if (map.size === 0) this.byAccount.delete(h.accountId);
  }
  refreshPositioned(accountId) {
    for (const h of this.ofAccount(accountId)) if (h.long || h.short) return;
    this.positioned.delete(accountId);
  }
};
function netSize(h) {
  if (!h) return 0n;
  return (h.long?.size ?? 0n) - (h.short?.size ?? 0n);
}
function cloneHolding(h) {
  return { ...h, long: h.long && { ...h.long }, short: h.short && { ...h.short } };
}

// src/exchange/trading/positionMath.ts
function tradeIntoHolding(h, units, isBuy, positionSide, reduceOnly, sz, pxSz, now) {
  return tradeIntoPositions(h, units, isBuy, positionSide, reduceOnly, sz, pxSz, (side) => ({ side, size: 0n, cost: 0n, openedAt: now }));
}

// src/exchange/trading/orderMargin.ts
function blankHolding(t, accountId, contractId) {
  const h = t.holdings.get(accountId, contractId);
  return h ? cloneHolding(h) : t.holdings.blank(accountId, contractId);
}
function checkOrderMargin(t, account, contract, probe, change, now = 0) {
  const market = t.market(contract.contractId);
  if (!market) return "insufficient";
  const units = market.units;
  const pool = t.margin.poolOf(account, contract);
  const before = t.margin.poolFigures(account, pool);
  const hyp = blankHolding(t, account.id, contract.contractId);
  change?.(hyp);
  let balanceDelta = 0n;
  if (probe) {
    let filled = 0n;
    let fillPxSz = 0n;
    if (probe.tif !== "Alo") {
      const sim = market.book.simulate(probe.isBuy, probe.sz, probe.px, String(account.id));
      filled = sim.filledSz;
      fillPxSz = sim.avgPxNumerator;
    }
    if (filled > 0n) {
      const e = tradeIntoHolding(hyp, units, probe.isBuy, probe.positionSide, probe.reduceOnly, filled, fillPxSz, now);
      if (hyp.marginMode === "cross") balanceDelta += e.realized;
      else if (e.opened > 0n) balanceDelta -= units.initialMargin(units.ceil(e.openedPxSz), hyp.leverage);
      const rate = effectiveFeeRates(t.state.config, account, contract.contractId).taker;
      balanceDelta -= units.fee(units.ceil(fillPxSz), rate);
    }
    const rest = probe.sz - filled;
    if (rest > 0n && (probe.tif === "Gtc" || probe.tif === "Alo") && !probe.reduceOnly) {
      if (probe.isBuy) {
        hyp.buySz += rest;
        hyp.buyPxSz += rest * probe.px;
      } else {
        hyp.sellSz += rest;
        hyp.sellPxSz += rest * probe.px;
      }
    }
  }
  const mark = t.mark(contract.contractId);
  const current = t.holdings.get(account.id, contract.contractId);
  for (const p of [hyp.long, hyp.short]) {
    if (!p || p.size <= (current?.[p.side]?.size ?? 0n)) continue;
    if (t.margin.positionFigures(hyp, p, mark).notional > units.maxNotional) return "beyondTiers";
  }
  const after = t.margin.poolFigures(account, pool, { holding: hyp, balanceDelta });
  return after.available < 0n && after.available < before.available ? "insufficient" : "ok";
}

// src/exchange/trading/settlement.ts
function settleFill(t, account, contract, h, order, px, sz, liquidity, now) {
  const { ledger, config } = t.state;
  const market = t.market(contract.contractId);
  if (!market) throw new Error(`no market for contract ${contract.contractId}`);
  const units = market.units;
  const coin = config.collateralCoinId;
  const pool = t.margin.poolOf(account, contract);
  const poolBucket = t.margin.poolBucket(account.id, pool);
  const clearing = bucket.clearing(contract.contractId, coin);
  const isolated = h.marginMode === "isolated";
  const e = tradeIntoHolding(h, units, order.isBuy, order.positionSide, order.reduceOnly, sz, px * sz, now);
  if (e.reducedSide) {
    const margin = isolated ? t.margin.isolatedBucket(h, e.reducedSide) : poolBucket;
    if (e.realized > 0n) ledger.transfer(clearing, margin, e.realized, { allowNegative: true, memo: "realized pnl" });
    else if (e.realized < 0n) ledger.transfer(margin, clearing, -e.realized, { allowNegative: true, memo: "realized pnl" });
    if (isolated) {
      const bal = ledger.balance(margin);
      if (e.closed) {
        if (bal > 0n) ledger.transfer(margin, poolBucket, bal, { memo: "isolated margin released" });
        else if (bal < 0n) ledger.transfer(poolBucket, margin, -bal, { allowNegative: true, memo: "isolated loss covered" });
      } else if (bal > 0n) {
        ledger.transfer(margin, poolBucket, bal * e.reduced / e.reducedFrom, { memo: "isolated margin released" });
      }
    }
  }
  if (e.openedSide) {
    if (e.created) t.holdings.setPosition(h, e.openedSide, h[e.openedSide]);
    if (isolated) {
      const im = units.initialMargin(units.ceil(e.openedPxSz), h.leverage);
      const free = ledger.balance(poolBucket);
      const amount = im < free ? im : free > 0n ? free : 0n;
      if (amount > 0n) ledger.transfer(poolBucket, t.margin.isolatedBucket(h, e.openedSide), amount, { memo: "isolated margin" });
    }
  }
  if (e.closed && e.reducedSide) {
    t.holdings.setPosition(h, e.reducedSide, void 0);
    t.positionClosed(h, e.reducedSide, now);
  }
  const rates = effectiveFeeRates(config, account, contract.contractId);
  const fee = units.fee(units.ceil(px * sz), liquidity === "maker" ? rates.maker : rates.taker);
  const fees = bucket.fees(contract.marketDeployerId, coin);
  if (fee > 0n) ledger.transfer(poolBucket, fees, fee, { allowNegative: true, memo: `${liquidity} fee` });
  else if (fee < 0n) ledger.transfer(fees, poolBucket, -fee, { allowNegative: true, memo: "maker rebate" });
  if (ledger.balance(poolBucket) < 0n) t.flagDebt(account.id);
  return { fee, closedPnl: e.realized };
}

// src/exchange/trading/orderEntry.ts
var MAX_OPEN_ORDERS = 1e3;
var error = (message) => ({ error: message });
function parseOrderWire(t, w) {
  const c = t.state.config.contract(w.a);
  if (!c) return ORDER_ERRORS.unknownContract;
  let sz;
  try {
    sz = parseDecimal(w.s, c.qtyScale, "s", { signed: true });
  } catch (e) {
    if (e instanceof DecimalError) return e.message;
    throw e;
  }
  if (sz <= 0n) return ORDER_ERRORS.sizeNotPositive;
  if (sz % c.stepSize !== 0n) return `s: must be a multiple of the step size ${formatDecimal(c.stepSize, c.qtyScale)}`;
  const tif = "limit" in w.t ? w.t.limit.tif : "Market";
  if (tif !== "Market" && w.p === void 0) return ORDER_ERRORS.priceRequired;
  let px;
  if (w.p !== void 0) {
    try {
      px = parseDecimal(w.p, c.priceScale, "p", { signed: true });
    } catch (e) {
      if (e instanceof DecimalError) return e.message;
      throw e;
    }
    const priceError = checkPrice(c, px);
    if (priceError) return priceError;
  }
  const spec = { contractId: c.contractId, isBuy: w.b, px, sz, tif, reduceOnly: w.r };
  if (w.c !== void 0) spec.cloid = w.c;
  return spec;
}
function checkPrice(c, px) {
  if (px <= 0n) return ORDER_ERRORS.priceNotPositive;
  if (px % c.tickSize !== 0n) return `p: must be a multiple of the tick size ${formatDecimal(c.tickSize, c.priceScale)}`;
  if (px / c.tickSize > c.maxTicks) return ORDER_ERRORS.priceExceedsMaxTicks(px, c.maxTicks);
  return void 0;
}
function protectivePx(t, c, isBuy) {
  const mark = t.mark(c.contractId);
  return mark === void 0 ? void 0 : marketBound(mark, c.tickSize, isBuy);
}
function hedgeSide(account, spec) {
  if (spec.positionSide !== void 0) return spec.positionSide;
  if (account.positionMode !== "HEDGE") return void 0;
  if (spec.reduceOnly) return spec.isBuy ? "short" : "long";
  return spec.isBuy ? "long" : "short";
}
function reduceOnlyRoom(h, isBuy) {
  if (!h) return 0n;
  return isBuy ? (h.short?.size ?? 0n) - h.roBuySz : (h.long?.size ?? 0n) - h.roSellSz;
}
function submitOrder(t, account, spec, now, opts = {}) {
  return t.run(() => place(t, account, spec, now, opts));
}
function place(t, account, spec, now, opts) {
  const { config } = t.state;
  const c = config.contract(spec.contractId);
  const market = t.market(spec.contractId);
  if (!c || !market) return error(ORDER_ERRORS.unknownContract);
  if (config.contractStatus(c.contractId) !== "Active") return error(ORDER_ERRORS.delisted);
  if (!account.enrolled.has(c.marketDeployerId)) return error(ORDER_ERRORS.notEnrolled);
  if (spec.sz <= 0n) return error(ORDER_ERRORS.sizeNotPositive);
  let px = spec.px;
  if (spec.tif === "Market" && px === void 0) {
    px = protectivePx(t, c, spec.isBuy);
    if (px === void 0) return error(ORDER_ERRORS.markNotReady);
    if (px / c.tickSize > c.maxTicks) return error(ORDER_ERRORS.priceExceedsMaxTicks(px, c.maxTicks));
  }
  if (px === void 0) return error(ORDER_ERRORS.priceRequired);
  const positionSide = hedgeSide(account, spec);
  const existing = t.holdings.get(account.id, c.contractId);
  let sz = spec.sz;
  if (spec.reduceOnly) {
    const room = opts.closing ? (spec.isBuy ? existing?.short?.size : existing?.long?.size) ?? 0n : reduceOnlyRoom(existing, spec.isBuy);
    if (room <= 0n) return error(ORDER_ERRORS.reduceOnlyWouldIncrease);
    if (sz > room) sz = room;
  }
  const pool = t.margin.poolOf(account, c);
  if (pool.kind === "group" && !spec.reduceOnly && t.isFrozenFor(account.id, pool.id)) return error(ORDER_ERRORS.frozen);
  if (spec.cloid !== void 0 && t.orders.openByCloid(account.id, spec.cloid)) return error(ORDER_ERRORS.cloidInUse);
  if ((spec.tif === "Gtc" || spec.tif === "Alo") && t.orders.openCount(account.id) >= MAX_OPEN_ORDERS) return error(ORDER_ERRORS.tooManyOrders(MAX_OPEN_ORDERS));
  if (spec.tif === "Alo" && market.book.wouldCross(spec.isBuy, px)) return error(ORDER_ERRORS.postOnlyWouldCross);
  if (!spec.reduceOnly && !opts.liquidation) {
    const verdict = checkOrderMargin(t, account, c, { isBuy: spec.isBuy, px, sz, tif: spec.tif, reduceOnly: false, positionSide }, void 0, now);
    if (verdict === "insufficient") return error(ORDER_ERRORS.insufficientMargin);
    if (verdict === "beyondTiers") return error(ORDER_ERRORS.beyondTiers);
  }
  const oid = t.nextId();
  const res = market.book.place({ oid, owner: String(account.id), isBuy: spec.isBuy, px, sz, tif: spec.tif, reduceOnly: spec.reduceOnly, cloid: spec.cloid }, now);
  if (res.status === "rejected") return error(res.reason ?? "order rejected");
  const order = {
    oid,
    accountId: account.id,
    contractId: c.contractId,
    isBuy: spec.isBuy,
    px,
    origSz: sz,
    filled: 0n,
    filledPxSz: 0n,
    remaining: sz,
    tif: spec.tif,
    reduceOnly: spec.reduceOnly,
    cloid: spec.cloid,
    positionSide,
    timestamp: now,
    status: "open",
    statusTimestamp: now,
    ...opts.triggerId !== void 0 ? { triggerId: opts.triggerId } : {}
  };
  const takerHolding = t.holding(account.id, c.contractId);
  const touched = /* @__PURE__ */ new Set([takerHolding]);
  for (const gone of res.expired) {
    const rec = t.orders.get(gone.oid);
    if (rec) t.retireOpenOrder(c, rec, "canceled", now, "cancel");
  }
  for (const f of res.fills) {
    const maker = t.orders.get(f.makerOid);
    const makerAccount = maker ? t.state.accounts.byId(maker.accountId) : void 0;
    const tid = t.nextTid();
    if (maker && makerAccount) {
      const hm = t.holding(maker.accountId, c.contractId);
      touched.add(hm);
      t.holdings.countOrder(hm, maker, -1);
      maker.remaining -= f.sz;
      maker.filled += f.sz;
      maker.filledPxSz += f.px * f.sz;
      maker.statusTimestamp = now;
      const money2 = settleFill(t, makerAccount, c, hm, maker, f.px, f.sz, "maker", now);
      if (maker.remaining === 0n) {
        maker.status = "filled";
        t.orders.close(maker);
        t.emitOrder(c, maker, "fill", "remove");
      } else {
        t.holdings.countOrder(hm, maker, 1);
        t.emitOrder(c, maker, "partialFill", "upsert");
      }
      t.emitFill(c, maker, tid, f.px, f.sz, "maker", money2, false, now);
    }
    order.filled += f.sz;
    order.filledPxSz += f.px * f.sz;
    const money = settleFill(t, account, c, takerHolding, order, f.px, f.sz, "taker", now);
    t.emitFill(c, order, tid, f.px, f.sz, "taker", money, opts.liquidation ?? false, now);
    t.recordTrade(c, tid, f.px, f.sz, spec.isBuy, now);
  }
  let status;
  if (res.status === "resting") {
    order.remaining = res.rested?.sz ?? sz - order.filled;
    t.orders.add(order);
    t.holdings.countOrder(takerHolding, order, 1);
    t.emitOrder(c, order, order.filled > 0n ? "partialFill" : "new", "upsert");
    status = order.filled > 0n ? filledStatus(c, order) : { resting: { oid } };
  } else {
    order.remaining = res.canceledSz;
    const final = res.status === "filled" ? "filled" : "canceled";
    order.status = final === "filled" ? "filled" : "open";
    if (order.filled > 0n) t.emitOrder(c, order, final === "filled" ? "fill" : "partialFill", "none");
    order.status = final;
    t.orders.add(order);
    if (final === "canceled") t.emitOrder(c, order, "cancel", "none");
    status = order.filled > 0n ? filledStatus(c, order) : error(ORDER_ERRORS.noImmediateMatch);
  }
  for (const h of touched) t.enforceReduceOnly(h, now);
  return status;
}
function filledStatus(c, o) {
  const avg = (o.filledPxSz * 2n + o.filled) / (2n * o.filled);
  return { filled: { totalSz: formatDecimal(o.filled, c.qtyScale), avgPx: formatDecimal(avg, c.priceScale), oid: o.oid } };
}

// src/exchange/trading/conditionals.ts
function positionSideOf(h, isBuy) {
  if (!h) return void 0;
  if (isBuy === true) return h.long ? "long" : void 0;
  if (isBuy === false) return h.short ? "short" : void 0;
  if (h.long && h.short) return void 0;
  return h.long ? "long" : h.short ? "short" : void 0;
}
function activeContract(t, asset) {
  const c = t.state.config.contract(asset);
  if (!c) throw new BusinessError("UNKNOWN_CONTRACT");
  if (t.state.config.contractStatus(asset) !== "Active") throw new BusinessError("CONTRACT_DELISTED");
  return c;
}
function parseLeg(text, scale, key) {
  let raw;
  try {
    raw = parseDecimal(text, scale, "trigger");
  } catch (e) {
    if (e instanceof DecimalError) throw new BusinessError(key);
    throw e;
  }
  if (raw <= 0n) throw new BusinessError(key);
  return raw;
}
function createTpSl(t, account, a, now) {
  const c = activeContract(t, a.asset);
  if (!a.tp && !a.sl) throw new BusinessError("TPSL_EMPTY");
  const h = t.holdings.get(account.id, c.contractId);
  const side = positionSideOf(h, a.isBuy);
  if (!h || !side) throw new BusinessError("NO_POSITION");
  const mark = t.mark(c.contractId);
  if (mark === void 0) throw new BusinessError("MARK_NOT_READY");
  const legs = [];
  for (const kind of ["tp", "sl"]) {
    const leg = a[kind];
    if (!leg) continue;
    const px = parseLeg(leg.triggerPx, c.priceScale, "TRIGGER_INVALID");
    if (px % c.tickSize !== 0n || px / c.tickSize > c.maxTicks) throw new BusinessError("TRIGGER_INVALID");
    const above = px > mark;
    const below = px < mark;
    const ok2 = side === "long" ? kind === "tp" ? above : below : kind === "tp" ? below : above;
    if (!ok2) throw new BusinessError("TRIGGER_INVALID");
    let sz;
    if (leg.sz !== void 0) {
      sz = parseLeg(leg.sz, c.qtyScale, "TRIGGER_SIZE_INVALID");
      if (sz % c.stepSize !== 0n) throw new BusinessError("TRIGGER_SIZE_INVALID");
    }
    legs.push({ kind, px, sz });
  }
  return t.run(() => {
    const out = {};
    for (const leg of legs) {
      for (const old of t.triggers.ofPosition(account.id, c.contractId, side)) if (old.kind === leg.kind) t.removeTrigger(old, now, "canceled");
      const trig = {
        id: t.nextId(),
        accountId: account.id,
        contractId: c.contractId,
        positionSide: side,
        kind: leg.kind,
        triggerPx: leg.px,
        sz: leg.sz,
        createdAt: now
      };
      t.addTrigger(trig);
      out[leg.kind === "tp" ? "tpId" : "slId"] = trig.id;
    }
    return out;
  });
}
function cancelTpSl(t, account, a, now) {
  if (!t.state.config.contract(a.asset)) throw new BusinessError("UNKNOWN_CONTRACT");
  return t.run(() => {
    let cancelled = 0;
    for (const trig of t.triggers.ofAccountContract(account.id, a.asset)) {
      if (a.isBuy !== void 0 && trig.positionSide !== (a.isBuy ? "long" : "short")) continue;
      t.removeTrigger(trig, now, "canceled");
      cancelled++;
    }
    return { cancelled };
  });
}
function cancelConditional(t, account, a, now) {
  const trig = t.triggers.get(a.id);
  if (!trig || trig.accountId !== account.id || trig.contractId !== a.asset) throw new BusinessError("CONDITIONAL_NOT_FOUND");
  t.run(() => t.removeTrigger(trig, now, "canceled"));
  return { cancelled: 1 };
}
function reached(trig, mark) {
  const up = mark >= trig.triggerPx;
  const down = mark <= trig.triggerPx;
  if (trig.positionSide === "long") return trig.kind === "tp" ? up : down;
  return trig.kind === "tp" ? down : up;
}
function fireTriggers(t, contractId, now) {
  const mark = t.mark(contractId);
  if (mark === void 0) return 0;
  let fired = 0;
  for (const trig of t.triggers.forContract(contractId)) {
    if (!t.triggers.get(trig.id) || !reached(trig, mark)) continue;
    const account = t.state.accounts.byId(trig.accountId);
    const p = t.holdings.get(trig.accountId, contractId)?.[trig.positionSide];
    if (!account || !p) {
      t.run(() => t.removeTrigger(trig, now, "canceled"));
      continue;
    }
    const sz = trig.sz !== void 0 && trig.sz < p.size ? trig.sz : p.size;
    t.run(() => {
      t.removeTrigger(trig, now, "triggered");
      submitOrder(
        t,
        account,
        { contractId, isBuy: trig.positionSide === "short", sz, tif: "Market", reduceOnly: true, positionSide: account.positionMode === "HEDGE" ? trig.positionSide : void 0 },
        now,
        { triggerId: trig.id, closing: true }
      );
    });
    fired++;
  }
  return fired;
}

// src/exchange/actions/positions.ts
function activeContract2(t, asset) {
  const c = t.state.config.contract(asset);
  if (!c) throw new BusinessError("UNKNOWN_CONTRACT");
  if (t.state.config.contractStatus(asset) !== "Active") throw new BusinessError("CONTRACT_DELISTED");
  return c;
}
function busy(h) {
  return h !== void 0 && (h.long !== void 0 || h.short !== void 0 || h.openOrders > 0 || h.triggers > 0);
}
function leverageRefusal(t, account, c, h, leverage) {
  if (leverage >= h.leverage || !busy(h)) return false;
  if (h.marginMode === "isolated") {
    const mark = t.mark(c.contractId);
    for (const p of [h.long, h.short]) {
      if (!p) continue;
      const pf = t.margin.positionFigures({ ...h, leverage }, p, mark);
      if (t.state.ledger.balance(t.margin.isolatedBucket(h, p.side)) + pf.upnl < pf.im) return true;
    }
  }
  return checkOrderMargin(t, account, c, void 0, (hyp) => hyp.leverage = leverage) !== "ok";
}
function registerPositionActions(registry) {
  registry.register("updateLeverage", (ctx, a) => {
    const t = ctx.core.trading;
    const c = activeContract2(t, a.asset);
    const units = t.market(c.contractId)?.units;
    if (!units || a.leverage < 1 || a.leverage > units.maxLeverage) throw new BusinessError("LEVERAGE_INVALID");
    const current = t.holdings.get(ctx.account.id, c.contractId);
    if (current && leverageRefusal(t, ctx.account, c, current, a.leverage)) throw new BusinessError("LEVERAGE_MARGIN");
    t.run(() => {
      t.holding(ctx.account.id, c.contractId).leverage = a.leverage;
    });
    return { asset: c.contractId, leverage: a.leverage };
  });
  registry.register("updateMarginMode", (ctx, a) => {
    const t = ctx.core.trading;
    const c = activeContract2(t, a.asset);
    if (busy(t.holdings.get(ctx.account.id, c.contractId))) throw new BusinessError("MARGIN_MODE_OPEN");
    t.run(() => {
      t.holding(ctx.account.id, c.contractId).marginMode = a.marginMode;
    });
    return { asset: c.contractId, marginMode: a.marginMode };
  });
  registry.register("updateIsolatedMargin", (ctx, a) => {
    const t = ctx.core.trading;
    const { ledger, config } = ctx.core;
    if (a.ntli === 0) throw new BusinessError("NTLI_ZERO");
    const c = config.contract(a.asset);
    if (!c || config.contractStatus(a.asset) !== "Active" || !ctx.account.enrolled.has(c.marketDeployerId)) throw new BusinessError("NO_ISOLATED_SLOT");
    const h = t.holdings.get(ctx.account.id, c.contractId);
    const side = a.isBuy === void 0 ? h?.long ? "long" : h?.short ? "short" : void 0 : a.isBuy ? "long" : "short";
    const p = side && h?.[side];
    if (!h || !side || !p || h.marginMode !== "isolated") throw new BusinessError("NO_ISOLATED_POSITION");
    const mark = t.mark(c.contractId);
    if (mark === void 0) throw new BusinessError("MARK_NOT_READY");
    const iso = t.margin.isolatedBucket(h, side);
    const pool = t.margin.poolOf(ctx.account, c);
    const poolBucket = t.margin.poolBucket(ctx.account.id, pool);
    const before = ledger.balance(iso);
    const amount = BigInt(a.ntli);
    if (amount > 0n) {
      if (ledger.balance(poolBucket) < amount) throw new BusinessError("INSUFFICIENT_CROSS");
      if (t.margin.poolFigures(ctx.account, pool).available < amount) throw new BusinessError("EXCEEDS_WITHDRAWABLE_CROSS");
      ledger.transfer(poolBucket, iso, amount, { memo: "updateIsolatedMargin" });
    } else {
      const remove = -amount;
      if (before < remove) throw new BusinessError("NOT_ENOUGH_ISOLATED");
      const pf = t.margin.positionFigures(h, p, mark);
      if (before - remove + pf.upnl < pf.im) throw new BusinessError("REMOVAL_LEVERAGE");
      ledger.transfer(iso, poolBucket, remove, { memo: "updateIsolatedMargin" });
    }
    return { isoBefore: before, isoAfter: ledger.balance(iso) };
  });
  registry.register("tpSl", (ctx, a) => createTpSl(ctx.core.trading, ctx.account, a, ctx.now));
  registry.register("cancelTpSl", (ctx, a) => cancelTpSl(ctx.core.trading, ctx.account, a, ctx.now));
  registry.register("cancelConditional", (ctx, a) => cancelConditional(ctx.core.trading, ctx.account, a, ctx.now));
}

// src/exchange/actions/registry.ts
var ActionRegistry = class {
  handlers = /* @__PURE__ */ new Map();
  /** One handler per action type: a second registration is a wiring mistake and throws. */
  register(type, handler) {
    if (this.handlers.has(type)) throw new Error(`action ${type} already has a handler`);
    this.handlers.set(type, { handler });
  }
  has(type) {
    return this.handlers.has(type);
  }
  run(ctx, action) {
    const entry = this.handlers.get(action.type);
    if (!entry) return rejectionData(action, "NOT_IMPLEMENTED");
    try {
      return entry.handler(ctx, action);
    } catch (e) {
      if (e instanceof BusinessError) return rejectionData(action, e.key);
      throw e;
    }
  }
};
function rejectionData(action, key) {
  const { code, message } = BUSINESS_ERROR[key];
  const schema = EXCHANGE_DATA[action.type];
  const fields = action;
  const data = {};
  for (const [name, entry] of Object.entries(schema.entries ?? {})) {
    if (entry.type === "number") data[name] = 0;
    else if (entry.type === "string") data[name] = typeof fields[name] === "string" ? fields[name] : "";
    else if (entry.type === "array" && name === "statuses") {
      const items = Array.isArray(fields.orders) ? fields.orders : Array.isArray(fields.cancels) ? fields.cancels : [];
      data[name] = items.map(() => ({ error: message }));
    }
  }
  data.errorCode = code;
  data.errorMessage = message;
  return data;
}

// src/exchange/actions/shareGroups.ts
function registerShareGroupActions(registry) {
  registry.register("lockIntoShareGroup", (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireGroup(ctx.core, ctx.account, a.groupId);
    requirePortfolio(ctx.account);
    const from = bucket.chain(ctx.account.id, a.coinId);
    requireAvailable(ctx.core, from, amount);
    return move(ctx.core, from, bucket.group(ctx.account.id, a.groupId, a.coinId), a.coinId, amount, "lockIntoShareGroup");
  });
  registry.register("unlockFromShareGroup", (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireGroup(ctx.core, ctx.account, a.groupId);
    const from = bucket.group(ctx.account.id, a.groupId, a.coinId);
    requireAvailable(ctx.core, from, amount, () => ctx.core.hooks.withdrawableFromGroup(ctx.account.id, a.groupId, a.coinId));
    return move(ctx.core, from, bucket.chain(ctx.account.id, a.coinId), a.coinId, amount, "unlockFromShareGroup");
  });
  registry.register("transferMdToShareGroup", (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.marketDeployerId);
    requireGroup(ctx.core, ctx.account, a.groupId, a.marketDeployerId);
    requirePortfolio(ctx.account);
    const from = bucket.md(ctx.account.id, a.marketDeployerId, a.coinId);
    requireAvailable(ctx.core, from, amount, () => ctx.core.hooks.withdrawableFromMd(ctx.account.id, a.marketDeployerId, a.coinId));
    return move(ctx.core, from, bucket.group(ctx.account.id, a.groupId, a.coinId), a.coinId, amount, "transferMdToShareGroup");
  });
  registry.register("transferShareGroupToMd", (ctx, a) => {
    const amount = amountOf(a.amount);
    requireCoin(ctx.core, a.coinId);
    requireMarketDeployer(ctx.core, a.marketDeployerId);
    requireGroup(ctx.core, ctx.account, a.groupId, a.marketDeployerId);
    requireEnrolled(ctx.account, a.marketDeployerId);
    const from = bucket.group(ctx.account.id, a.groupId, a.coinId);
    requireAvailable(ctx.core, from, amount, () => ctx.core.hooks.withdrawableFromGroup(ctx.account.id, a.groupId, a.coinId));
    return move(ctx.core, from, bucket.md(ctx.account.id, a.marketDeployerId, a.coinId), a.coinId, amount, "transferShareGroupToMd");
  });
}

// src/exchange/trading/orderChanges.ts
function stateError(o) {
  if (o.status === "canceled") return ORDER_ERRORS.alreadyCanceled;
  if (o.status !== "open") return ORDER_ERRORS.notOpen;
  return void 0;
}
function cancelOne(t, o, notFound, now) {
  if (!o) return { error: notFound };
  const bad = stateError(o);
  if (bad) return { error: bad };
  t.cancelOpenOrder(o, now);
  return "success";
}
function cancelByOid(t, account, items, now) {
  return t.run(
    () => items.map(({ a, o }) => {
      const rec = t.orders.get(o);
      const mine = rec && rec.accountId === account.id && rec.contractId === a ? rec : void 0;
      return cancelOne(t, mine, ORDER_ERRORS.orderNotFound, now);
    })
  );
}
function cancelByCloid(t, account, items, now) {
  return t.run(
    () => items.map(({ asset, cloid }) => {
      const rec = t.orders.byCloid(account.id, cloid);
      return cancelOne(t, rec && rec.contractId === asset ? rec : void 0, ORDER_ERRORS.cloidNotFound, now);
    })
  );
}
function cancelAll(t, account, contractId, now) {
  if (!t.state.config.contract(contractId)) throw new BusinessError("UNKNOWN_CONTRACT");
  return t.run(() => {
    let cancelledOrders = 0;
    for (const o of [...t.orders.openOf(account.id)]) {
      if (o.contractId !== contractId) continue;
      t.cancelOpenOrder(o, now);
      cancelledOrders++;
    }
    let cancelledConditionals = 0;
    for (const trig of t.triggers.ofAccountContract(account.id, contractId)) {
      t.removeTrigger(trig, now, "canceled");
      cancelledConditionals++;
    }
    return { cancelledOrders, cancelledConditionals };
  });
}
function parseOr(text, scale, field, key) {
  try {
    return parseDecimal(text, scale, field, { signed: true });
  } catch (e) {
    if (e instanceof DecimalError) throw new BusinessError(key);
    throw e;
  }
}
function modifyOrder(t, account, a, now) {
  const c = t.state.config.contract(a.a);
  const market = t.market(a.a);
  let o;
  if (a.oid !== void 0) {
    const rec = t.orders.get(a.oid);
    o = rec && rec.accountId === account.id && rec.contractId === a.a ? rec : void 0;
    if (!o) throw new BusinessError("ORDER_NOT_FOUND");
  } else if (a.cloid !== void 0) {
    const rec = t.orders.byCloid(account.id, a.cloid);
    o = rec && rec.contractId === a.a ? rec : void 0;
    if (!o) throw new BusinessError("CLOID_NOT_FOUND");
  } else {
    throw new BusinessError("ORDER_NOT_FOUND");
  }
  if (!c || !market) throw new BusinessError("ORDER_NOT_FOUND");
  if (o.status === "canceled") throw new BusinessError("ORDER_ALREADY_CANCELED");
  if (o.status !== "open") throw new BusinessError("ORDER_NOT_OPEN");
  if (a.tif !== void 0 && a.tif !== "Gtc" && a.tif !== "Alo") throw new BusinessError("MODIFY_TIF");
  let newTotal = o.origSz;
  if (a.s !== void 0) {
    newTotal = parseOr(a.s, c.qtyScale, "s", "INVALID_SIZE");
    if (newTotal <= o.filled) throw new BusinessError("SIZE_NOT_ABOVE_FILLED");
    if (newTotal % c.stepSize !== 0n) throw new BusinessError("INVALID_SIZE");
  }
  let newPx = o.px;
  if (a.p !== void 0) {
    newPx = parseOr(a.p, c.priceScale, "p", "INVALID_PRICE");
    if (newPx <= 0n || newPx % c.tickSize !== 0n) throw new BusinessError("INVALID_PRICE");
    if (newPx / c.tickSize > c.maxTicks) throw new BusinessError("PRICE_EXCEEDS_MAX_TICKS");
    if (newPx !== o.px && market.book.wouldCross(o.isBuy, newPx)) throw new BusinessError("MODIFY_MARKETABLE");
  }
  if (a.c !== void 0 && a.c !== o.cloid && t.orders.openByCloid(account.id, a.c)) throw new BusinessError("CLOID_IN_USE");
  const newRemaining = newTotal - o.filled;
  const grows = newRemaining > o.remaining || newPx !== o.px;
  const pool = t.margin.poolOf(account, c);
  if (grows && !o.reduceOnly && pool.kind === "group" && t.isFrozenFor(account.id, pool.id)) throw new BusinessError("GROUP_FROZEN");
  if (o.reduceOnly && newRemaining > o.remaining) {
    const room = reduceOnlyRoom(t.holdings.get(account.id, c.contractId), o.isBuy);
    if (newRemaining - o.remaining > room) throw new BusinessError("REDUCE_ONLY_EXCEEDS");
  }
  if (grows && !o.reduceOnly) {
    const verdict = checkOrderMargin(t, account, c, void 0, (hyp) => {
      const delta = newRemaining * newPx - o.remaining * o.px;
      if (o.isBuy) {
        hyp.buySz += newRemaining - o.remaining;
        hyp.buyPxSz += delta;
      } else {
        hyp.sellSz += newRemaining - o.remaining;
        hyp.sellPxSz += delta;
      }
    });
    if (verdict !== "ok") throw new BusinessError("MODIFY_MARGIN");
  }
  return t.run(() => {
    const tif = a.tif === void 0 ? void 0 : a.tif;
    const res = market.book.modify(o.oid, { px: newPx, newTotalSz: newTotal, tif, cloid: a.c }, now);
    if (!res.ok) throw new Error(`book refused a checked modify: ${res.error}`);
    const h = t.holding(account.id, c.contractId);
    t.holdings.countOrder(h, o, -1);
    o.px = newPx;
    o.origSz = newTotal;
    o.remaining = newRemaining;
    if (tif !== void 0) o.tif = tif;
    if (a.c !== void 0 && a.c !== o.cloid) {
      const old = o.cloid;
      o.cloid = a.c;
      t.orders.recloid(o, old);
    }
    if (res.requeued) o.timestamp = now;
    o.statusTimestamp = now;
    t.holdings.countOrder(h, o, 1);
    t.emitOrder(c, o, "modify", "upsert");
    return {
      orderId: o.oid,
      limitPrice: o.px,
      totalSize: o.origSz,
      leavesSize: o.remaining,
      clientOrderId: o.cloid === void 0 ? 0 : BigInt(o.cloid)
    };
  });
}

// src/exchange/actions/trading.ts
function registerTradingActions(registry) {
  registry.register("order", (ctx, a) => {
    const t = ctx.core.trading;
    const statuses = t.run(
      () => a.orders.map((w) => {
        const spec = parseOrderWire(t, w);
        return typeof spec === "string" ? { error: spec } : submitOrder(t, ctx.account, spec, ctx.now);
      })
    );
    return { statuses };
  });
  registry.register("cancel", (ctx, a) => ({ statuses: cancelByOid(ctx.core.trading, ctx.account, a.cancels, ctx.now) }));
  registry.register("cancelByCloid", (ctx, a) => ({ statuses: cancelByCloid(ctx.core.trading, ctx.account, a.cancels, ctx.now) }));
  registry.register("cancelAll", (ctx, a) => cancelAll(ctx.core.trading, ctx.account, a.a, ctx.now));
  registry.register("modify", (ctx, a) => modifyOrder(ctx.core.trading, ctx.account, a, ctx.now));
}

// src/exchange/auth.ts
import * as v from "valibot";

// src/exchange/state/agents.ts
var NAMED_AGENT_SLOTS = 3;
function isAgentExpired(record, now) {
  return record.validUntil !== 0 && now >= record.validUntil;
}
var MemoryAgentStore = class {
  byMaster = /* @__PURE__ */ new Map();
  /** Global address -> master index; the "address registered under another master" rule. */
  byAddress = /* @__PURE__ */ new Map();
  approve(masterId, address, name, validUntil, now) {
    const key = address.toLowerCase();
    const owner = this.byAddress.get(key);
    if (owner !== void 0 && owner !== masterId) return { ok: false, error: "AGENT_OTHER_MASTER" };
    const records = this.byMaster.get(masterId) ?? [];
    if (owner === masterId) {
      const i = records.findIndex((r) => r.address === key);
      const refreshed = { ...records[i], validUntil };
      records[i] = refreshed;
      return { ok: true, record: refreshed };
    }
    const slot = name === "" ? "anonymous" : "named";
    const record = { address: key, name, validUntil, slot, approvedAt: now };
    const sameName = records.findIndex((r) => r.name === name);
    if (sameName >= 0) {
      const old = records[sameName];
      this.byAddress.delete(old.address);
      records[sameName] = record;
      this.byAddress.set(key, masterId);
      this.byMaster.set(masterId, records);
      return { ok: true, record, replaced: old.address };
    }
    if (slot === "named" && records.filter((r) => r.slot === "named").length >= NAMED_AGENT_SLOTS) {
      return { ok: false, error: "NAMED_SLOTS_FULL" };
    }
    records.push(record);
    records.sort((a, b) => a.slot === b.slot ? 0 : a.slot === "anonymous" ? -1 : 1);
    this.byMaster.set(masterId, records);
    this.byAddress.set(key, masterId);
    return { ok: true, record };
  }
  revoke(masterId, address) {
    const key = address.toLowerCase();
    if (this.byAddress.get(key) !== masterId) return false;
    const records = this.byMaster.get(masterId) ?? [];
    const remaining = records.filter((r) => r.address !== key);
    if (remaining.length === 0) this.byMaster.delete(masterId);
    else this.byMaster.set(masterId, remaining);
    this.byAddress.delete(key);
    return true;
  }
  list(masterId) {
    return this.byMaster.get(masterId) ?? [];
  }
  lookup(address) {
    const key = address.toLowerCase();
    const masterId = this.byAddress.get(key);
    if (masterId === void 0) return void 0;
    const record = this.byMaster.get(masterId)?.find((r) => r.address === key);
    return record ? { masterId, record } : void 0;
  }
};

// src/exchange/auth.ts
var Authenticator = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  /** Signer of (action, nonce); a malformed signature or an action that cannot be hashed is refused. */
  recover(action, nonce, signature) {
    try {
      return recoverSigner(action, nonce, signature);
    } catch (e) {
      if (e instanceof SignatureError) throw new HttpError("SIGNATURE_INVALID", `invalid signature: ${e.message}`);
      if (e instanceof CanonicalJsonError) throw new HttpError("BAD_REQUEST", `action: ${e.message}`);
      throw new HttpError("BAD_REQUEST", `action cannot be hashed for signing: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  resolve(address) {
    const account = this.deps.accounts.byAddress(address);
    if (account) return { account, role: "master" };
    const found = this.deps.agents.lookup(address);
    if (!found) return void 0;
    const master = this.deps.accounts.byId(found.masterId);
    return master ? { account: master, role: "agent", agent: found.record } : void 0;
  }
  /** Rate limit then nonce, both per signing address (an agent's nonces are its own, spec 5.3). */
  admit(signer, nonce) {
    if (!this.deps.signerLimiter.take(signer)) {
      throw new HttpError("RATE_LIMITED", `too many requests from ${signer}; limit is ${this.deps.signerLimiter.perMinute} per minute`);
    }
    const refusal = this.deps.nonces.use(signer, nonce, this.deps.clock.now());
    if (refusal) throw new HttpError("NONCE_INVALID", refusal);
  }
  authenticate(env) {
    const signer = this.recover(env.rawAction, env.nonce, env.signature);
    const resolved = this.resolve(signer);
    if (!resolved) {
      const expected = env.vaultAddress ? `, expected an agent of ${env.vaultAddress}` : "";
      throw new HttpError(
        "SIGNATURE_INVALID",
        `signature does not match a registered account or agent: recovered ${signer}${expected}`
      );
    }
    this.admit(signer, env.nonce);
    const result = { signer, ...resolved };
    const rejection = this.permission(env, resolved);
    if (rejection) result.rejection = rejection;
    return result;
  }
  permission(env, who) {
    const type = env.action.type;
    if (env.vaultAddress && !agentMaySend(type) && env.vaultAddress !== who.account.address) return "AGENT_NOT_AUTHORIZED";
    if (who.role === "agent") {
      if (isAgentExpired(who.agent, this.deps.clock.now())) return "AGENT_NOT_AUTHORIZED";
      if (!agentMaySend(type)) return "AGENT_NOT_AUTHORIZED";
    }
    return void 0;
  }
  /** WebSocket `auth` (open-points "WebSocket"): the wsAuth action on the agent path. */
  authenticateWs(auth) {
    const shape = v.safeParse(v.object({ action: WsAuthAction, nonce: v.pipe(v.number(), v.safeInteger()), signature: v.unknown() }), auth);
    if (!shape.success) return { ok: false, message: 'auth: expected {action: {type: "wsAuth", time}, nonce, signature}' };
    const raw = auth.action;
    let signer;
    try {
      signer = this.recover(raw, shape.output.nonce, shape.output.signature);
      const resolved = this.resolve(signer);
      if (!resolved) return { ok: false, message: `signature does not match a registered account or agent: recovered ${signer}` };
      if (resolved.role === "agent" && isAgentExpired(resolved.agent, this.deps.clock.now())) {
        return { ok: false, message: BUSINESS_ERROR.AGENT_NOT_AUTHORIZED.message };
      }
      this.admit(signer, shape.output.nonce);
      return { ok: true, accountId: resolved.account.id, address: resolved.account.address, signer };
    } catch (e) {
      if (e instanceof HttpError) return { ok: false, message: e.message };
      throw e;
    }
  }
};

// src/exchange/clock.ts
var Clock = class {
  constructor(source = Date.now) {
    this.source = source;
  }
  source;
  offsetMs = 0;
  listeners = /* @__PURE__ */ new Set();
  now() {
    return this.source() + this.offsetMs;
  }
  get offset() {
    return this.offsetMs;
  }
  /** Jumps exchange time forward and tells listeners (credits, funding) to catch up. */
  advance(ms) {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError("advance: ms must be a non-negative integer");
    this.offsetMs += ms;
    const now = this.now();
    for (const listener of this.listeners) listener(now);
    return now;
  }
  /** Returns an unsubscribe function. */
  onAdvance(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
};

// src/exchange/credits.ts
var CreditScheduler = class {
  constructor(clock, delayMs, pay) {
    this.clock = clock;
    this.delayMs = delayMs;
    this.pay = pay;
    if (!Number.isSafeInteger(delayMs) || delayMs < 0) throw new RangeError("credit delay must be a non-negative integer (ms)");
    this.unsubscribe = clock.onAdvance(() => this.settle());
  }
  clock;
  delayMs;
  pay;
  pending = [];
  timer;
  unsubscribe;
  closed = false;
  schedule(accountId) {
    const dueAt = this.clock.now() + this.delayMs;
    this.pending.push({ accountId, dueAt });
    if (this.delayMs === 0) this.settle();
    else this.arm();
    return dueAt;
  }
  /** Pays every credit that is due; returns how many were paid. */
  settle() {
    const now = this.clock.now();
    let paid = 0;
    while (this.pending.length > 0 && this.pending[0].dueAt <= now) {
      const credit = this.pending.shift();
      this.pay(credit.accountId);
      paid++;
    }
    this.arm();
    return paid;
  }
  isPending(accountId) {
    return this.pending.some((c) => c.accountId === accountId);
  }
  close() {
    this.closed = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.timer = void 0;
  }
  arm() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = void 0;
    const next = this.pending[0];
    if (!next || this.closed) return;
    this.timer = setTimeout(() => this.settle(), Math.max(0, next.dueAt - this.clock.now()));
    this.timer.unref();
  }
};

// src/exchange/envelope.ts
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function withoutNulls(value) {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isPlainObject(value)) return value;
  const out = {};
  for (const [key, member] of Object.entries(value)) {
    if (member === null || member === void 0) continue;
    Object.defineProperty(out, key, { value: withoutNulls(member), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
function parseExchangeEnvelope(body) {
  if (!isPlainObject(body)) throw new HttpError("BAD_REQUEST", "body: expected a JSON object with action, nonce and signature");
  const { action, nonce, signature, vaultAddress, inviteCode } = body;
  if (!isPlainObject(action)) throw new HttpError("BAD_REQUEST", "action: expected an object");
  if (typeof action.type !== "string") throw new HttpError("BAD_REQUEST", "action.type: expected a string");
  if (!isActionType(action.type)) throw new HttpError("UNKNOWN_ACTION", `action.type: unknown action ${JSON.stringify(action.type.slice(0, 64))}`);
  if (action.type === "approveAgent" && (action.agentName == null || action.validUntil == null)) {
    throw new HttpError(
      "SIGNATURE_INVALID",
      'approveAgent must sign both agentName and validUntil ("" for an anonymous agent, 0 for no expiry)'
    );
  }
  const parsed = parseAction(withoutNulls(action));
  if (!parsed.ok) throw new HttpError("BAD_REQUEST", parsed.error);
  if (typeof nonce !== "number" || !Number.isSafeInteger(nonce) || nonce < 0) {
    throw new HttpError("BAD_REQUEST", "nonce: expected a non-negative integer (Unix milliseconds)");
  }
  if (!isPlainObject(signature)) throw new HttpError("BAD_REQUEST", "signature: expected an object {r, s, v}");
  if (vaultAddress !== void 0 && vaultAddress !== null && !isAddress(vaultAddress)) {
    throw new HttpError("BAD_REQUEST", "vaultAddress: expected a 0x address of 40 hex digits");
  }
  if (inviteCode !== void 0 && inviteCode !== null && typeof inviteCode !== "string") {
    throw new HttpError("BAD_REQUEST", "inviteCode: expected a string");
  }
  const env = {
    rawAction: action,
    action: parsed.value,
    nonce,
    signature
  };
  if (typeof vaultAddress === "string") env.vaultAddress = normalizeAddress(vaultAddress);
  if (typeof inviteCode === "string") env.inviteCode = inviteCode;
  return env;
}

// src/exchange/info/lookups.ts
function accountOf(core, user) {
  const account = core.accounts.byAddress(user);
  if (!account) throw new HttpError("NOT_FOUND", `user: no account is registered for ${user.toLowerCase()}`);
  return account;
}
function contractOf(core, contractId) {
  const contract = core.config.contract(contractId);
  if (!contract) throw new HttpError("NOT_FOUND", `contractId: no contract ${contractId}; see the configs query`);
  return contract;
}
function requireMarketDeployerId(core, marketDeployerId) {
  if (!core.config.marketDeployer(marketDeployerId)) {
    throw new HttpError("NOT_FOUND", `marketDeployerId: no market deployer ${marketDeployerId}; see the configs query`);
  }
}

// src/exchange/info/accountQueries.ts
function mdEntry(core, account, md) {
  const view = core.hooks.mdView(account.id, md);
  return {
    marketDeployerId: md,
    balances: [...core.config.coins.keys()].map((coinId) => ({
      coinId,
      total: core.ledger.balance(bucket.md(account.id, md, coinId)).toString()
    })),
    equity: view.equity.toString(),
    marginUsed: view.marginUsed.toString(),
    available: view.available.toString(),
    withdrawable: view.withdrawable.toString(),
    positions: view.positions,
    contractSettings: core.trading.margin.contractSettings(account, md)
  };
}
function groupEntries(core, account, onlyMd) {
  const out = [];
  for (const g of core.config.shareGroups.values()) {
    if (!account.enrolled.has(g.marketDeployerId)) continue;
    if (onlyMd !== void 0 && g.marketDeployerId !== onlyMd) continue;
    for (const coinId of core.config.coins.keys()) {
      const balance = core.ledger.balance(bucket.group(account.id, g.groupId, coinId));
      if (coinId !== g.settlementCoinId && balance === 0n) continue;
      const view = core.hooks.groupView(account.id, g.groupId, coinId);
      const entry = {
        groupId: g.groupId,
        coinId,
        balance: balance.toString(),
        equity: view.equity.toString(),
        frozen: view.frozen ?? core.config.isFrozen(g.groupId)
      };
      if (view.maintenanceMargin !== void 0) entry.maintenanceMargin = view.maintenanceMargin.toString();
      if (view.marginUsed !== void 0) entry.marginUsed = view.marginUsed.toString();
      if (view.available !== void 0) entry.available = view.available.toString();
      out.push(entry);
    }
  }
  return out;
}
function registerAccountQueries(registry) {
  registry.register("userAccount", (core, req) => {
    const account = accountOf(core, req.user);
    if (req.marketDeployerId !== void 0) requireMarketDeployerId(core, req.marketDeployerId);
    const mds = req.marketDeployerId !== void 0 ? [req.marketDeployerId] : [...account.enrolled].sort((a, b) => a - b);
    return {
      accountId: account.id,
      address: account.address,
      positionMode: account.positionMode,
      marginShareType: account.marginShareType,
      chainBalances: [...core.config.coins.keys()].map((coinId) => ({
        coinId,
        total: core.ledger.balance(bucket.chain(account.id, coinId)).toString()
      })),
      marketDeployers: mds.map((md) => mdEntry(core, account, md)),
      shareGroups: groupEntries(core, account, req.marketDeployerId)
    };
  });
  registry.register("userAgents", (core, req) => {
    if (!/^[1-9]\d{0,15}$/.test(req.accountId)) throw new HttpError("BAD_REQUEST", 'accountId: expected the account id as a decimal string, e.g. "7"');
    const account = core.accounts.byId(Number(req.accountId));
    if (!account) throw new HttpError("NOT_FOUND", `accountId: no account ${req.accountId}`);
    const now = core.clock.now();
    return core.agents.list(account.id).map((r) => ({
      address: r.address,
      name: r.name,
      validUntil: r.validUntil,
      slot: r.slot,
      expired: isAgentExpired(r, now)
    }));
  });
  registry.register("userMarketDeployers", (core, req) => [...accountOf(core, req.user).enrolled].sort((a, b) => a - b));
  registry.register(
    "shareGroupState",
    (core, req) => [...core.config.shareGroups.values()].filter((g) => req.groupId === void 0 || g.groupId === req.groupId).map((g) => ({ groupId: g.groupId, members: [...g.members], settlementCoinId: g.settlementCoinId, frozen: core.config.isFrozen(g.groupId) }))
  );
}

// src/exchange/info/configs.ts
function configsResult(core) {
  const { config } = core;
  return {
    coins: [...config.coins.values()].map((c) => ({ coinId: c.coinId, name: c.name, decimals: c.decimals })),
    marketDeployers: [...config.marketDeployers.values()].map((m) => {
      const operator = core.operatorAccountId(m.marketDeployerId);
      const out = { marketDeployerId: m.marketDeployerId, name: m.name };
      if (operator !== void 0) out.operator = core.accounts.byId(operator)?.address;
      return out;
    }),
    contracts: [...config.contracts.values()].map((c) => {
      const fees = effectiveFeeRates(config, void 0, c.contractId);
      const out = {
        contractId: c.contractId,
        name: c.name,
        marketDeployerId: c.marketDeployerId,
        quoteCoinId: c.quoteCoinId,
        status: config.contractStatus(c.contractId),
        priceScale: c.priceScale,
        qtyScale: c.qtyScale,
        tickSize: c.tickSize,
        stepSize: c.stepSize,
        maxTicks: c.maxTicks,
        leverageTiers: c.leverageTiers.map((t) => ({ maxNotional: t.maxNotional.toString(), maxLeverage: t.maxLeverage })),
        makerFeeRate: formatFeeRate(fees.maker),
        takerFeeRate: formatFeeRate(fees.taker),
        // At the first tier; each tier's ratio is 1 / (2 x its maxLeverage) (docs/exchange.md "Margin").
        maintenanceMarginRatio: formatDecimal(pow10(FEE_RATE_SCALE) / (2n * BigInt(c.leverageTiers[0]?.maxLeverage ?? 1)), FEE_RATE_SCALE),
        fundingIntervalMs: c.fundingIntervalMs ?? DEFAULT_FUNDING_INTERVAL_MS
      };
      if (c.shareGroupId !== void 0) out.shareGroupId = c.shareGroupId;
      return out;
    })
  };
}
function registerConfigsQuery(registry) {
  registry.register("configs", (core) => configsResult(core));
}

// src/exchange/market/candleWire.ts
function toWireCandle(bar, scales) {
  const px = (raw) => formatDecimal(raw, scales.priceScale);
  return { t: bar.t, T: bar.T, o: px(bar.o), h: px(bar.h), l: px(bar.l), c: px(bar.c), v: formatDecimal(bar.v, scales.qtyScale), n: bar.n };
}
function toCandleUpdate(contractId, event, scales) {
  const interval = event.interval;
  return { ...toWireCandle(event.candle, scales), contractId, interval, closed: event.closed };
}

// src/exchange/info/marketQueries.ts
var MAX_BOOK_DEPTH = 100;
var MAX_CANDLES_PER_READ = 5e3;
function l2BookOf(core, c, depth = MAX_BOOK_DEPTH, time = core.clock.now()) {
  const book = core.trading.market(c.contractId)?.book;
  const d = book?.depth(Math.min(depth, MAX_BOOK_DEPTH)) ?? { bids: [], asks: [] };
  const level = (l) => ({ px: formatDecimal(l.px, c.priceScale), sz: formatDecimal(l.sz, c.qtyScale), n: l.n });
  return { contractId: c.contractId, time, levels: [d.bids.map(level), d.asks.map(level)] };
}
function bboOf(core, c, time = core.clock.now()) {
  const book = l2BookOf(core, c, 1, time);
  return { contractId: c.contractId, time, bid: book.levels[0][0] ?? null, ask: book.levels[1][0] ?? null };
}
function marketStateOf(core, c) {
  const t = core.trading;
  const now = core.clock.now();
  const px = (raw) => raw === void 0 ? null : formatDecimal(raw, c.priceScale);
  const market = t.market(c.contractId);
  const day = market?.dayStats(now);
  return {
    contractId: c.contractId,
    markPx: px(t.mark(c.contractId)),
    indexPx: px(core.indexPrices.get(c.contractId)),
    lastPx: px(market?.lastPx),
    fundingRate: formatDecimal(t.funding.rate(c.contractId), FEE_RATE_SCALE),
    fundingIndex: formatDecimal(t.funding.index(c.contractId), FEE_RATE_SCALE),
    time: now,
    nextFundingTime: t.funding.nextTime(c, now),
    dayOpenPx: px(day?.open),
    dayVolume: formatDecimal(day?.volume ?? 0n, c.qtyScale)
  };
}
function registerMarketQueries(registry) {
  registry.register("marketState", (core, req) => marketStateOf(core, contractOf(core, req.contractId)));
  registry.register("l2Book", (core, req) => l2BookOf(core, contractOf(core, req.contractId), req.depth));
  registry.register("candleSnapshot", (core, req) => {
    const c = contractOf(core, req.contractId);
    const bars = core.trading.market(c.contractId)?.candles.snapshot(req.interval, req.startTime, req.endTime) ?? [];
    return bars.slice(-MAX_CANDLES_PER_READ).map((b) => toWireCandle(b, c));
  });
}

// src/exchange/trading/wireViews.ts
function orderView(c, o) {
  const view = {
    oid: o.oid,
    asset: o.contractId,
    isBuy: o.isBuy,
    limitPx: formatDecimal(o.px, c.priceScale),
    sz: formatDecimal(o.remaining, c.qtyScale),
    tif: o.tif,
    origSz: formatDecimal(o.origSz, c.qtyScale),
    reduceOnly: o.reduceOnly,
    timestamp: o.timestamp
  };
  if (o.cloid !== void 0) view.cloid = o.cloid;
  return view;
}
function triggerOrderView(c, trig, positionSize) {
  const sz = formatDecimal(trig.sz ?? positionSize, c.qtyScale);
  return {
    oid: trig.id,
    asset: trig.contractId,
    isBuy: trig.positionSide === "short",
    limitPx: formatDecimal(trig.triggerPx, c.priceScale),
    sz,
    tif: "Market",
    origSz: sz,
    reduceOnly: true,
    timestamp: trig.createdAt
  };
}
function orderUpdate(c, o, event) {
  const u = { event, order: orderView(c, o), status: o.status, statusTimestamp: o.statusTimestamp };
  if (o.triggerId !== void 0) u.triggerId = o.triggerId;
  return u;
}

// src/exchange/info/orderQueries.ts
var MAX_LOOKUP_IDS = 1e3;
function lookup(core, o) {
  const c = core.config.contract(o.contractId);
  return c && { order: orderView(c, o), status: o.status, statusTimestamp: o.statusTimestamp };
}
function capped(items) {
  return items.slice(0, MAX_LOOKUP_IDS);
}
function registerOrderQueries(registry) {
  registry.register("userOrders", (core, req) => {
    const account = accountOf(core, req.user);
    requireMarketDeployerId(core, req.marketDeployerId);
    const out = [];
    for (const o of core.trading.orders.openOf(account.id)) {
      const c = core.config.contract(o.contractId);
      if (!c || c.marketDeployerId !== req.marketDeployerId) continue;
      if (req.contractId !== void 0 && o.contractId !== req.contractId) continue;
      out.push(orderView(c, o));
    }
    return out.sort((a, b) => a.oid - b.oid);
  });
  registry.register("ordersByIds", (core, req) => {
    const account = accountOf(core, req.user);
    const out = [];
    for (const oid of capped(req.oids)) {
      const o = core.trading.orders.get(oid);
      const found = o && o.accountId === account.id ? lookup(core, o) : void 0;
      if (found) out.push(found);
    }
    return out;
  });
  registry.register("ordersByCloids", (core, req) => {
    const account = accountOf(core, req.user);
    const out = [];
    for (const cloid of capped(req.cloids)) {
      const o = core.trading.orders.byCloid(account.id, cloid);
      const found = o ? lookup(core, o) : void 0;
      if (found) out.push(found);
    }
    return out;
  });
}

// src/exchange/info/registry.ts
import * as v2 from "valibot";
var InfoRegistry = class {
  entries = /* @__PURE__ */ new Map();
  /** A query of the shared wire module, validated against its INFO_QUERIES request schema. */
  register(type, handler) {
    this.put(type, INFO_QUERIES[type].request, handler);
  }
  /** A query beyond the shared module (add its schema to src/protocol/wire first when clients use it). */
  registerCustom(type, schema, handler) {
    this.put(type, schema, handler);
  }
  has(type) {
    return this.entries.has(type);
  }
  handle(core, body) {
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new HttpError("BAD_REQUEST", 'body: expected a JSON object with a string "type"');
    }
    const type = body.type;
    if (typeof type !== "string") throw new HttpError("BAD_REQUEST", "type: expected a string naming the query");
    const entry = this.entries.get(type);
    if (!entry) throw new HttpError("UNKNOWN_QUERY", `type: unknown query ${JSON.stringify(type.slice(0, 64))}`);
    const parsed = v2.safeParse(entry.schema, body);
    if (!parsed.success) throw new HttpError("BAD_REQUEST", describeIssues(parsed.issues));
    return entry.handler(core, parsed.output);
  }
  /** One handler per query type: a second registration is a wiring mistake and throws. */
  put(type, schema, handler) {
    if (this.entries.has(type)) throw new Error(`query ${type} already has a handler`);
    this.entries.set(type, { schema, handler });
  }
};

// src/exchange/operators.ts
import { keccak_256 } from "@noble/hashes/sha3.js";
function operatorKey(seed, marketDeployerId) {
  for (let n = 0; ; n++) {
    const label = `perpdesk-operator:${seed}:${marketDeployerId}${n === 0 ? "" : `:${n}`}`;
    const bytes = keccak_256(new TextEncoder().encode(label));
    try {
      secretKeyBytes(bytes);
      return toHex(bytes);
    } catch {
    }
  }
}
function operatorInfo(marketDeployerId, accountId, key) {
  const info = { marketDeployerId, accountId, address: addressOf(key) };
  Object.defineProperty(info, "privateKey", { value: key, enumerable: false });
  return info;
}

// src/exchange/rateLimiter.ts
import { performance } from "node:perf_hooks";
var RateLimiter = class {
  constructor(perMinute, now = () => performance.now(), maxKeys = 1e4) {
    this.perMinute = perMinute;
    this.now = now;
    this.maxKeys = maxKeys;
    if (!Number.isSafeInteger(perMinute) || perMinute < 0) throw new RangeError("rate limit must be a non-negative integer per minute");
    this.perMs = perMinute / 6e4;
  }
  perMinute;
  now;
  maxKeys;
  buckets = /* @__PURE__ */ new Map();
  perMs;
  get enabled() {
    return this.perMinute > 0;
  }
  /** Takes one token; false when the key is over its limit. */
  take(key) {
    if (!this.enabled) return true;
    const t = this.now();
    const b = this.buckets.get(key);
    let tokens = this.perMinute;
    if (b) {
      tokens = Math.min(this.perMinute, b.tokens + (t - b.last) * this.perMs);
      this.buckets.delete(key);
    }
    const allowed = tokens >= 1;
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, last: t });
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next();
      if (!oldest.done) this.buckets.delete(oldest.value);
    }
    return allowed;
  }
};

// src/exchange/state/accounts.ts
var MemoryAccountStore = class {
  byIdMap = /* @__PURE__ */ new Map();
  byAddressMap = /* @__PURE__ */ new Map();
  nextId = 1;
  create(address, kind, now) {
    const key = address.toLowerCase();
    if (this.byAddressMap.has(key)) throw new Error(`account ${key} already exists`);
    const record = {
      id: this.nextId++,
      address: key,
      kind,
      createdAt: now,
      marginShareType: "UNIFIED",
      positionMode: "ONE_WAY",
      enrolled: /* @__PURE__ */ new Set(),
      feeOverrides: /* @__PURE__ */ new Map()
    };
    this.byIdMap.set(record.id, record);
    this.byAddressMap.set(key, record);
    return record;
  }
  byId(id) {
    return this.byIdMap.get(id);
  }
  byAddress(address) {
    return this.byAddressMap.get(address.toLowerCase());
  }
  all() {
    return this.byIdMap.values();
  }
  get size() {
    return this.byIdMap.size;
  }
  setMarginShareType(id, type) {
    this.record(id).marginShareType = type;
  }
  setPositionMode(id, mode) {
    this.record(id).positionMode = mode;
  }
  enroll(id, marketDeployerId) {
    this.record(id).enrolled.add(marketDeployerId);
  }
  setFeeOverride(id, marketDeployerId, rates) {
    this.record(id).feeOverrides.set(marketDeployerId, { ...rates });
  }
  record(id) {
    const r = this.byIdMap.get(id);
    if (!r) throw new Error(`unknown account ${id}`);
    return r;
  }
};

// src/exchange/state/defaultMarket.ts
function feeRates(maker, taker) {
  return {
    maker: parseDecimal(maker, FEE_RATE_SCALE, "makerFeeRate", { signed: true }),
    taker: parseDecimal(taker, FEE_RATE_SCALE, "takerFeeRate", { signed: true })
  };
}
var USDC = 0;
var USDT1 = 1;
var usdc = (whole) => BigInt(whole) * 1000000n;
function defaultMarketSetup() {
  return {
    coins: [
      { coinId: USDC, name: "USDC", decimals: 6 },
      { coinId: USDT1, name: "USDT1", decimals: 6 }
    ],
    marketDeployers: [
      { marketDeployerId: 1, name: "perpdesk", fees: feeRates("0.0002", "0.0005") },
      { marketDeployerId: 2, name: "alt", fees: feeRates("0.0001", "0.0004") }
    ],
    contracts: [
      {
        contractId: 1,
        name: "SOL1",
        marketDeployerId: 1,
        quoteCoinId: USDT1,
        status: "Active",
        priceScale: 0,
        qtyScale: 0,
        tickSize: 1n,
        stepSize: 1n,
        maxTicks: 10000n,
        leverageTiers: [
          { maxNotional: usdc(5e4), maxLeverage: 20 },
          { maxNotional: usdc(25e4), maxLeverage: 10 },
          { maxNotional: usdc(1e6), maxLeverage: 5 }
        ],
        shareGroupId: 1,
        initialIndexPx: 150n
      },
      {
        contractId: 2,
        name: "BTC1",
        marketDeployerId: 1,
        quoteCoinId: USDC,
        status: "Active",
        priceScale: 1,
        qtyScale: 3,
        tickSize: 5n,
        stepSize: 1n,
        // raw 600000 = 60000.0; up to 500000.0 before maxTicks bites.
        maxTicks: 1000000n,
        leverageTiers: [
          { maxNotional: usdc(1e5), maxLeverage: 40 },
          { maxNotional: usdc(1e6), maxLeverage: 20 },
          { maxNotional: usdc(5e6), maxLeverage: 10 }
        ],
        shareGroupId: 1,
        fees: feeRates("0.0001", "0.00045"),
        initialIndexPx: 600000n
      },
      {
        contractId: 3,
        name: "ETH1",
        marketDeployerId: 2,
        quoteCoinId: USDC,
        status: "Active",
        priceScale: 2,
        qtyScale: 2,
        tickSize: 5n,
        stepSize: 1n,
        maxTicks: 10000000n,
        leverageTiers: [
          { maxNotional: usdc(1e5), maxLeverage: 25 },
          { maxNotional: usdc(1e6), maxLeverage: 10 }
        ],
        initialIndexPx: 300000n
      },
      {
        contractId: 4,
        name: "DOGE0",
        marketDeployerId: 1,
        quoteCoinId: USDC,
        status: "Delisted",
        priceScale: 5,
        qtyScale: 0,
        tickSize: 1n,
        stepSize: 1n,
        maxTicks: 1000000n,
        leverageTiers: [{ maxNotional: usdc(5e4), maxLeverage: 5 }],
        initialIndexPx: 12000n
      }
    ],
    shareGroups: [{ groupId: 1, marketDeployerId: 1, members: [1, 2], settlementCoinId: USDC }],
    collateralCoinId: USDC,
    registrationCredit: usdc(1e4)
  };
}

// src/exchange/state/indexPrices.ts
var IndexPrices = class {
  prices = /* @__PURE__ */ new Map();
  listeners = /* @__PURE__ */ new Set();
  constructor(config) {
    for (const c of config.contracts.values()) this.prices.set(c.contractId, c.initialIndexPx);
  }
  get(contractId) {
    return this.prices.get(contractId);
  }
  set(contractId, px) {
    if (!this.prices.has(contractId)) throw new Error(`unknown contract ${contractId}`);
    if (px <= 0n) throw new RangeError("index price must be positive");
    this.prices.set(contractId, px);
    for (const listener of this.listeners) listener(contractId, px);
  }
  /** Returns an unsubscribe function. */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
};

// src/exchange/state/marginHooks.ts
function valueAtPar(config, coinId, raw) {
  const coin = config.coin(coinId);
  const collateral = config.coin(config.collateralCoinId);
  if (!coin || !collateral) return 0n;
  return rescale(raw, coin.decimals, collateral.decimals, "down");
}
function defaultMarginHooks(ledger, config) {
  return {
    withdrawableFromMd: (accountId, md, coinId) => ledger.balance(bucket.md(accountId, md, coinId)),
    withdrawableFromGroup: (accountId, groupId, coinId) => ledger.balance(bucket.group(accountId, groupId, coinId)),
    onMarginShareTypeChange: () => void 0,
    mdView: (accountId, md) => {
      let equity = 0n;
      for (const coinId of config.coins.keys()) equity += valueAtPar(config, coinId, ledger.balance(bucket.md(accountId, md, coinId)));
      return { equity, marginUsed: 0n, available: equity, withdrawable: equity, positions: [] };
    },
    groupView: (accountId, groupId, coinId) => ({ equity: valueAtPar(config, coinId, ledger.balance(bucket.group(accountId, groupId, coinId))) })
  };
}

// src/exchange/state/nonceWindow.ts
var NONCE_PAST_MS = 2 * 24 * 60 * 60 * 1e3;
var NONCE_FUTURE_MS = 24 * 60 * 60 * 1e3;
var NONCES_KEPT_PER_SIGNER = 1e3;
var NonceWindow = class {
  seen = /* @__PURE__ */ new Map();
  pastMs;
  futureMs;
  keep;
  constructor(opts = {}) {
    this.pastMs = opts.pastMs ?? NONCE_PAST_MS;
    this.futureMs = opts.futureMs ?? NONCE_FUTURE_MS;
    this.keep = opts.keep ?? NONCES_KEPT_PER_SIGNER;
  }
  use(signer, nonce, now) {
    const lo = now - this.pastMs;
    const hi = now + this.futureMs;
    if (nonce < lo || nonce > hi) {
      return `nonce ${nonce} is outside the accepted window ${lo}..${hi} (exchange time ${now}); use the current time in ms`;
    }
    const key = signer.toLowerCase();
    let list = this.seen.get(key);
    if (!list) {
      list = [];
      this.seen.set(key, list);
    }
    let a = 0;
    let b = list.length;
    while (a < b) {
      const mid = a + b >> 1;
      if (list[mid] < nonce) a = mid + 1;
      else b = mid;
    }
    if (list[a] === nonce) return `nonce ${nonce} was already used by ${key}`;
    if (list.length >= this.keep && a === 0) {
      return `nonce ${nonce} is too old: ${key} has sent ${this.keep} newer nonces; use a nonce above ${list[0]}`;
    }
    list.splice(a, 0, nonce);
    if (list.length > this.keep) list.shift();
    return void 0;
  }
};

// src/exchange/streams/hub.ts
import * as v3 from "valibot";

// src/exchange/json.ts
function toJson(value) {
  switch (typeof value) {
    case "bigint":
      return value.toString();
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "object": {
      if (value === null) return "null";
      if (Array.isArray(value)) return `[${value.map((item) => item === void 0 ? "null" : toJson(item)).join(",")}]`;
      const parts = [];
      for (const [key, member] of Object.entries(value)) {
        if (member === void 0 || typeof member === "function") continue;
        parts.push(`${JSON.stringify(key)}:${toJson(member)}`);
      }
      return `{${parts.join(",")}}`;
    }
    default:
      return "null";
  }
}

// src/exchange/streams/hub.ts
var CHANNELS = new Set(Subscription.options.map((o) => o.entries.type.literal));
var ClientEnvelope = v3.object({ method: v3.string() });
var StreamHub = class {
  conns = /* @__PURE__ */ new Map();
  /** subscription key -> connections, for market channels. */
  byKey = /* @__PURE__ */ new Map();
  /** account -> authenticated connections, for private channels. */
  byAccount = /* @__PURE__ */ new Map();
  snapshots = /* @__PURE__ */ new Map();
  authenticator = () => ({ ok: false, message: "auth is not available" });
  nextId = 1;
  maxBuffered;
  maxSubs;
  maxConns;
  contractExists = () => true;
  constructor(opts = {}) {
    this.maxBuffered = opts.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.maxSubs = opts.maxSubscriptionsPerConnection ?? 100;
    this.maxConns = opts.maxConnections ?? 1e3;
  }
  /** Public market channels name a contract; one the exchange does not list is refused. */
  setContractCheck(fn) {
    this.contractExists = fn;
  }
  setAuthenticator(fn) {
    this.authenticator = fn;
  }
  setSnapshotProvider(channel, provider) {
    this.snapshots.set(channel, provider);
  }
  get connectionCount() {
    return this.conns.size;
  }
  subscriberCount(channelKey) {
    return this.byKey.get(channelKey)?.size ?? 0;
  }
  /** Whether any authenticated connection of the account subscribes to a private channel: producers skip work otherwise. */
  listening(accountId, channel) {
    const set = this.byAccount.get(accountId);
    if (!set) return false;
    for (const conn of set) if (conn.subs.has(channel)) return true;
    return false;
  }
  /** Returns the connection id, or undefined when the hub is full (the caller closes the socket). */
  attach(socket) {
    if (this.conns.size >= this.maxConns) return void 0;
    const conn = { id: this.nextId++, socket, subs: /* @__PURE__ */ new Map() };
    this.conns.set(conn.id, conn);
    return conn.id;
  }
  detach(id) {
    const conn = this.conns.get(id);
    if (!conn) return;
    this.conns.delete(id);
    for (const key of conn.subs.keys()) this.unindex(conn, key);
    this.setAccount(conn, void 0);
  }
  /** The protocol is JSON text (open-points "WebSocket"): a binary frame is answered, not dropped. */
  receiveBinary(id) {
    const conn = this.conns.get(id);
    if (conn) this.error(conn, "binary frames are not accepted: send JSON text frames");
  }
  receive(id, text) {
    const conn = this.conns.get(id);
    if (!conn) return;
    try {
      this.dispatch(conn, text);
    } catch {
      this.error(conn, "internal error handling this message");
    }
  }
  dispatch(conn, text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return this.error(conn, "message is not valid JSON");
    }
    const env = v3.safeParse(ClientEnvelope, msg);
    if (!env.success) return this.error(conn, 'expected an object with a string "method"');
    const body = msg;
    switch (env.output.method) {
      case "ping":
        return this.send(conn, { channel: "pong" });
      case "subscribe":
      case "unsubscribe":
        return this.subscription(conn, env.output.method, body.subscription);
      case "auth":
        return this.auth(conn, body.auth);
      default:
        return this.error(conn, `unknown method ${JSON.stringify(env.output.method.slice(0, 32))}; use subscribe, unsubscribe, auth or ping`);
    }
  }
  /** Sends to every connection subscribed to `channelKey` (subscriptionKey form); returns how many. */
  publish(channelKey, data) {
    const set = this.byKey.get(channelKey);
    if (!set || set.size === 0) return 0;
    const channel = channelKey.split(":", 1)[0];
    const text = toJson({ channel, data });
    let sent = 0;
    for (const conn of [...set]) if (this.sendText(conn, text)) sent++;
    return sent;
  }
  /** Sends a private channel message to the account's authenticated subscribers. */
  publishToAccount(accountId, channel, data) {
    const set = this.byAccount.get(accountId);
    if (!set) return 0;
    const text = toJson({ channel, data });
    let sent = 0;
    for (const conn of [...set]) if (conn.subs.has(channel) && this.sendText(conn, text)) sent++;
    return sent;
  }
  /** Terminates every connection (control route dropConnections); returns how many. */
  dropAll() {
    const all = [...this.conns.values()];
    for (const conn of all) {
      this.detach(conn.id);
      conn.socket.terminate();
    }
    return all.length;
  }
  subscription(conn, method, raw) {
    const type = typeof raw === "object" && raw !== null ? raw.type : void 0;
    if (typeof type !== "string" || !CHANNELS.has(type)) {
      return this.error(conn, `unknown channel ${JSON.stringify(typeof type === "string" ? type.slice(0, 32) : type ?? null)}`, raw);
    }
    const parsed = v3.safeParse(Subscription, raw);
    if (!parsed.success) return this.error(conn, `subscription.${describeIssues(parsed.issues)}`, raw);
    const sub = parsed.output;
    if ("contractId" in sub && !this.contractExists(sub.contractId)) {
      return this.error(conn, `subscription.contractId: no contract ${sub.contractId}; see the configs query`, raw);
    }
    const key = subscriptionKey(sub);
    if (method === "unsubscribe") {
      if (conn.subs.delete(key)) this.unindex(conn, key);
      return this.send(conn, { channel: "subscriptionResponse", data: { method, subscription: sub } });
    }
    const isPrivate = PRIVATE_CHANNELS.has(sub.type);
    if (isPrivate && conn.accountId === void 0) {
      return this.error(conn, `${sub.type} is a private channel: send {"method":"auth"} first`, sub);
    }
    if (!conn.subs.has(key)) {
      if (conn.subs.size >= this.maxSubs) return this.error(conn, `at most ${this.maxSubs} subscriptions per connection`, sub);
      conn.subs.set(key, sub);
      if (!isPrivate) this.index(conn, key);
    }
    this.send(conn, { channel: "subscriptionResponse", data: { method, subscription: sub } });
    const snapshot = this.snapshots.get(sub.type)?.(sub, { id: conn.id, accountId: conn.accountId, address: conn.address });
    if (snapshot !== void 0 && this.conns.has(conn.id)) this.send(conn, { channel: sub.type, data: snapshot });
  }
  auth(conn, auth) {
    const result = this.authenticator(auth);
    if (!result.ok) return this.send(conn, { channel: "auth", data: { ok: false, message: result.message } });
    if (conn.accountId !== void 0 && conn.accountId !== result.accountId) {
      for (const [key, sub] of [...conn.subs]) if (PRIVATE_CHANNELS.has(sub.type)) conn.subs.delete(key);
    }
    this.setAccount(conn, result.accountId);
    conn.address = result.address;
    this.send(conn, { channel: "auth", data: { ok: true, address: result.address, accountId: result.accountId } });
  }
  setAccount(conn, accountId) {
    if (conn.accountId !== void 0) {
      const set2 = this.byAccount.get(conn.accountId);
      set2?.delete(conn);
      if (set2?.size === 0) this.byAccount.delete(conn.accountId);
    }
    conn.accountId = accountId;
    if (accountId === void 0) return;
    let set = this.byAccount.get(accountId);
    if (!set) this.byAccount.set(accountId, set = /* @__PURE__ */ new Set());
    set.add(conn);
  }
  index(conn, key) {
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, set = /* @__PURE__ */ new Set());
    set.add(conn);
  }
  unindex(conn, key) {
    const set = this.byKey.get(key);
    set?.delete(conn);
    if (set?.size === 0) this.byKey.delete(key);
  }
  error(conn, message, subscription) {
    const data = { message };
    if (subscription !== void 0) data.subscription = subscription;
    this.send(conn, { channel: "error", data });
  }
  send(conn, msg) {
    this.sendText(conn, toJson(msg));
  }
  /** A consumer that cannot keep up is dropped rather than buffered without bound. */
  sendText(conn, text) {
    if (conn.socket.bufferedAmount > this.maxBuffered) {
      this.detach(conn.id);
      conn.socket.terminate();
      return false;
    }
    conn.socket.send(text);
    return true;
  }
};

// src/exchange/streams/snapshots.ts
function registerStreamSnapshots(core) {
  const { hub, config, trading } = core;
  hub.setContractCheck((id) => config.contract(id) !== void 0);
  hub.setSnapshotProvider("l2Book", (sub) => {
    const c = sub.type === "l2Book" ? config.contract(sub.contractId) : void 0;
    return c && l2BookOf(core, c);
  });
  hub.setSnapshotProvider("bbo", (sub) => {
    const c = sub.type === "bbo" ? config.contract(sub.contractId) : void 0;
    return c && bboOf(core, c);
  });
  hub.setSnapshotProvider("candle", (sub) => {
    if (sub.type !== "candle") return void 0;
    const c = config.contract(sub.contractId);
    const live = trading.market(sub.contractId)?.candles.live(sub.interval);
    return c && live && toCandleUpdate(c.contractId, { interval: sub.interval, candle: live, closed: false }, c);
  });
  hub.setSnapshotProvider("openOrders", (_sub, conn) => {
    if (conn.accountId === void 0) return void 0;
    const orders = [];
    for (const o of trading.orders.openOf(conn.accountId)) {
      const c = config.contract(o.contractId);
      if (c) orders.push(orderView(c, o));
    }
    return { isSnapshot: true, orders: orders.sort((a, b) => a.oid - b.oid) };
  });
  hub.setSnapshotProvider(
    "userFills",
    (_sub, conn) => conn.accountId === void 0 ? void 0 : { isSnapshot: true, fills: trading.events.recentFills(conn.accountId) }
  );
}

// src/exchange/trading/units.ts
var ContractUnits = class extends MarginMath {
  constructor(contract, collateralDecimals) {
    super(contract.leverageTiers, contract.priceScale, contract.qtyScale, collateralDecimals, FEE_RATE_SCALE);
    this.contract = contract;
  }
  contract;
};

// src/exchange/trading/funding.ts
var UNIT = pow10(FEE_RATE_SCALE);
var FUNDING_INTEREST = 10000n;
var PREMIUM_BAND = 50000n;
var FUNDING_CAP = 4000000n;
var MAX_CATCH_UP = 1e3;
var clamp = (x, lo, hi) => x < lo ? lo : x > hi ? hi : x;
var Funding = class {
  constructor(t) {
    this.t = t;
  }
  t;
  next = /* @__PURE__ */ new Map();
  cumulative = /* @__PURE__ */ new Map();
  interval(c) {
    return c.fundingIntervalMs ?? DEFAULT_FUNDING_INTERVAL_MS;
  }
  nextTime(c, now) {
    let next = this.next.get(c.contractId);
    if (next === void 0) {
      const every = this.interval(c);
      next = (Math.floor(now / every) + 1) * every;
      this.next.set(c.contractId, next);
    }
    return next;
  }
  /** The rate the next settlement would use, at FEE_RATE_SCALE. */
  rate(contractId) {
    const index = this.t.state.indexPrices.get(contractId);
    const mark = this.t.mark(contractId);
    if (index === void 0 || mark === void 0 || index <= 0n) return 0n;
    const premium = (mark - index) * UNIT / index;
    const r = (premium + clamp(FUNDING_INTEREST - premium, -PREMIUM_BAND, PREMIUM_BAND)) / 8n;
    return clamp(r, -FUNDING_CAP, FUNDING_CAP);
  }
  /** Sum of all settled rates (FEE_RATE_SCALE). */
  index(contractId) {
    return this.cumulative.get(contractId) ?? 0n;
  }
  /** Settles every interval boundary at or before `now`; returns how many settlements ran. */
  settleDue(now) {
    let count = 0;
    for (const c of this.t.state.config.contracts.values()) {
      if (this.t.state.config.contractStatus(c.contractId) !== "Active") continue;
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
      this.next.set(c.contractId, next);
    }
    return count;
  }
  settle(c) {
    const t = this.t;
    const rate = this.rate(c.contractId);
    this.cumulative.set(c.contractId, this.index(c.contractId) + rate);
    const mark = t.mark(c.contractId);
    const market = t.market(c.contractId);
    if (rate === 0n || mark === void 0 || !market) return;
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
        const pays = p.side === "long" === rate > 0n;
        const amount = pays ? ceilDiv(notional * abs, UNIT) : floorDiv(notional * abs, UNIT);
        if (amount === 0n) continue;
        const margin = h.marginMode === "isolated" ? t.margin.isolatedBucket(h, p.side) : t.margin.poolBucket(accountId, t.margin.poolOf(account, c));
        if (pays) ledger.transfer(margin, clearing, amount, { allowNegative: true, memo: "funding paid" });
        else ledger.transfer(clearing, margin, amount, { allowNegative: true, memo: "funding received" });
        if (ledger.balance(margin) < 0n) t.flagDebt(accountId);
      }
    }
  }
};

// src/exchange/trading/liquidationPrice.ts
function liquidationPrice(t, account, h, p) {
  const market = t.market(h.contractId);
  const contract = t.state.config.contract(h.contractId);
  if (!market || !contract || p.size <= 0n) return void 0;
  const mark = t.mark(h.contractId);
  const own = t.margin.positionFigures(h, p, mark);
  const pool = t.margin.poolOf(account, contract);
  const fractionDen = pool.kind === "group" && h.marginMode === "cross" ? GROUP_LIQUIDATION_FRACTION_DEN : 1n;
  let backing;
  if (h.marginMode === "isolated") {
    backing = t.state.ledger.balance(t.margin.isolatedBucket(h, p.side));
  } else {
    const f = t.margin.poolFigures(account, pool);
    backing = crossBacking(f.balance, f.upnl - own.upnl, f.mm - own.mm, fractionDen);
  }
  const { mul, div } = market.units;
  return liquidationPx({ side: p.side, size: p.size, cost: p.cost, mul, div, tierLeverage: market.units.maxLeverageAt(own.notional), backing, fractionDen });
}

// src/exchange/trading/risk.ts
function close(t, account, h, p, now) {
  const c = t.state.config.contract(h.contractId);
  const book = t.market(h.contractId)?.book;
  if (!c || !book) return false;
  const isBuy = p.side === "short";
  if ((isBuy ? book.bestAsk() : book.bestBid()) === void 0) return false;
  submitOrder(
    t,
    account,
    {
      contractId: h.contractId,
      isBuy,
      px: isBuy ? c.maxTicks * c.tickSize : c.tickSize,
      sz: p.size,
      tif: "Market",
      reduceOnly: true,
      positionSide: account.positionMode === "HEDGE" ? p.side : void 0
    },
    now,
    { liquidation: true, closing: true }
  );
  return true;
}
function inPool(t, account, pool, h) {
  const c = t.state.config.contract(h.contractId);
  return c !== void 0 && t.margin.samePool(t.margin.poolOf(account, c), pool);
}
function liquidatePool(t, account, pool, now) {
  let sent = false;
  t.run(() => {
    const holdings = [...t.holdings.ofAccount(account.id)].filter((h) => h.marginMode === "cross" && inPool(t, account, pool, h));
    for (const o of [...t.orders.openOf(account.id)]) if (holdings.some((h) => h.contractId === o.contractId)) t.cancelOpenOrder(o, now);
    for (const h of holdings) for (const p of [h.long, h.short]) if (p && close(t, account, h, p, now)) sent = true;
  });
  if (sent) t.state.log(`liquidation: account ${account.id} ${pool.kind} pool ${pool.id}`);
}
function liquidateIsolated(t, account, h, p, now) {
  let sent = false;
  t.run(() => {
    for (const o of [...t.orders.openOf(account.id)]) if (o.contractId === h.contractId && (o.isBuy ? "long" : "short") === p.side) t.cancelOpenOrder(o, now);
    sent = close(t, account, h, p, now);
  });
  if (sent) t.state.log(`liquidation: account ${account.id} isolated ${p.side} on contract ${h.contractId}`);
}
function coverDebt(t, account, pool) {
  const f = t.margin.poolFigures(account, pool);
  if (f.positions > 0) return false;
  for (const h of t.holdings.ofAccount(account.id)) if ((h.long || h.short) && inPool(t, account, pool, h)) return false;
  const key = t.margin.poolBucket(account.id, pool);
  const owed = -t.state.ledger.balance(key);
  if (owed <= 0n) return true;
  const coin = t.margin.poolCoin(pool);
  t.state.ledger.transfer(bucket.insurance(coin), key, owed, { allowNegative: true, memo: "bad debt covered" });
  t.state.log(`insurance: covered ${owed} of account ${account.id} in ${pool.kind} pool ${pool.id}`);
  return true;
}
function riskPass(t, now) {
  const out = { liquidated: 0, covered: 0 };
  const seenGroups = /* @__PURE__ */ new Set();
  for (const accountId of t.holdings.accountsWithPositions()) {
    const account = t.state.accounts.byId(accountId);
    if (!account) continue;
    for (const pool of t.margin.poolsOf(account)) {
      const f = t.margin.poolFigures(account, pool);
      if (pool.kind === "group") {
        seenGroups.add(`${accountId}:${pool.id}`);
        t.setAutoFrozen(accountId, pool.id, f.positions > 0 && f.equity < f.mm);
        if (f.positions > 0 && f.equity * GROUP_LIQUIDATION_FRACTION_DEN < f.mm) {
          liquidatePool(t, account, pool, now);
          out.liquidated++;
          t.flagDebt(accountId);
        }
      } else if (f.positions > 0 && f.equity < f.mm) {
        liquidatePool(t, account, pool, now);
        out.liquidated++;
        t.flagDebt(accountId);
      }
    }
    for (const h of [...t.holdings.ofAccount(accountId)]) {
      if (h.marginMode !== "isolated") continue;
      const mark = t.mark(h.contractId);
      for (const p of [h.long, h.short]) {
        if (!p) continue;
        const pf = t.margin.positionFigures(h, p, mark);
        if (t.state.ledger.balance(t.margin.isolatedBucket(h, p.side)) + pf.upnl < pf.mm) {
          liquidateIsolated(t, account, h, p, now);
          out.liquidated++;
          t.flagDebt(accountId);
        }
      }
    }
  }
  for (const [accountId, groupId] of t.autoFrozenEntries()) {
    if (seenGroups.has(`${accountId}:${groupId}`)) continue;
    const account = t.state.accounts.byId(accountId);
    if (!account) continue;
    const f = t.margin.poolFigures(account, { kind: "group", id: groupId });
    t.setAutoFrozen(accountId, groupId, f.positions > 0 && f.equity < f.mm);
  }
  for (const accountId of t.takeDebtors()) {
    const account = t.state.accounts.byId(accountId);
    if (!account) continue;
    let settled = true;
    for (const pool of poolsWithMoney(t, account)) {
      if (t.state.ledger.balance(t.margin.poolBucket(accountId, pool)) >= 0n) continue;
      if (coverDebt(t, account, pool)) out.covered++;
      else settled = false;
    }
    if (!settled) t.flagDebt(accountId);
  }
  return out;
}
function poolsWithMoney(t, account) {
  const pools = [];
  for (const md of account.enrolled) pools.push({ kind: "md", id: md });
  for (const g of t.state.config.shareGroups.values()) if (account.enrolled.has(g.marketDeployerId)) pools.push({ kind: "group", id: g.groupId });
  return pools;
}

// src/exchange/engine/orderNode.ts
var OrderNode = class {
  constructor(o) {
    this.o = o;
  }
  o;
  prev = void 0;
  next = void 0;
  /** Set while the node is linked into a level. */
  level = void 0;
  /** Links of the owner's list. */
  oPrev = void 0;
  oNext = void 0;
  oe = void 0;
};
var Level = class {
  constructor(px) {
    this.px = px;
  }
  px;
  sz = 0n;
  n = 0;
  head = void 0;
  tail = void 0;
};
var OwnerEntry = class {
  constructor(owner) {
    this.owner = owner;
  }
  owner;
  head = void 0;
  tail = void 0;
  n = 0;
  cloids = void 0;
};

// src/exchange/engine/bookSide.ts
var BookSide = class {
  constructor(isBid) {
    this.isBid = isBid;
  }
  isBid;
  /** Worst..best: ascending prices for bids, descending for asks. */
  sorted = [];
  byPx = /* @__PURE__ */ new Map();
  get levelCount() {
    return this.sorted.length;
  }
  best() {
    return this.sorted[this.sorted.length - 1];
  }
  bestPx() {
    return this.sorted[this.sorted.length - 1]?.px;
  }
  levelAt(px) {
    return this.byPx.get(px);
  }
  /** Appends the node at the back of the FIFO of its order's price. */
  link(node) {
    const px = node.o.px;
    let level = this.byPx.get(px);
    if (level === void 0) level = this.insertLevel(px);
    node.level = level;
    node.prev = level.tail;
    node.next = void 0;
    if (level.tail === void 0) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.n++;
    level.sz += node.o.sz;
  }
  /** Removes the node from its level, dropping the level once empty. */
  unlink(node) {
    const level = node.level;
    if (level === void 0) return;
    if (node.prev === void 0) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === void 0) level.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = node.next = node.level = void 0;
    level.n--;
    level.sz -= node.o.sz;
    if (level.n === 0) this.removeLevel(level);
  }
  /** Levels from best to worst. The side must not be mutated while iterating. */
  *levelsBestFirst() {
    for (let i = this.sorted.length - 1; i >= 0; i--) yield this.sorted[i];
  }
  /** Index of the first level that is not worse than px (= px's slot). */
  findIndex(px) {
    const s = this.sorted;
    const bid = this.isBid;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      const lp = s[mid].px;
      if (bid ? lp < px : lp > px) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  insertLevel(px) {
    const level = new Level(px);
    const s = this.sorted;
    const top = s[s.length - 1];
    if (top === void 0 || (this.isBid ? px > top.px : px < top.px)) s.push(level);
    else s.splice(this.findIndex(px), 0, level);
    this.byPx.set(px, level);
    return level;
  }
  removeLevel(level) {
    const s = this.sorted;
    if (s[s.length - 1] === level) s.pop();
    else s.splice(this.findIndex(level.px), 1);
    this.byPx.delete(level.px);
  }
  /** Structural self-check for tests; appends human-readable problems. */
  check(errors, seen) {
    const name = this.isBid ? "bids" : "asks";
    if (this.byPx.size !== this.sorted.length) errors.push(`${name}: map/array level count differ`);
    for (let i = 0; i < this.sorted.length; i++) {
      const level = this.sorted[i];
      const prev = this.sorted[i - 1];
      if (prev !== void 0 && (this.isBid ? !(prev.px < level.px) : !(prev.px > level.px))) {
        errors.push(`${name}: levels not strictly sorted at ${level.px}`);
      }
      if (this.byPx.get(level.px) !== level) errors.push(`${name}: level ${level.px} missing from map`);
      if (level.n <= 0 || level.head === void 0) errors.push(`${name}: empty level ${level.px}`);
      let n = 0;
      let sz = 0n;
      let back;
      let lastSeq = -Infinity;
      for (let node = level.head; node !== void 0; node = node.next) {
        if (node.prev !== back) errors.push(`${name}: broken prev link in ${level.px}`);
        if (node.level !== level) errors.push(`${name}: node ${node.o.oid} has wrong level`);
        if (node.o.px !== level.px) errors.push(`${name}: order ${node.o.oid} px != level px`);
        if (node.o.isBuy !== this.isBid) errors.push(`${name}: order ${node.o.oid} on wrong side`);
        if (node.o.sz <= 0n) errors.push(`${name}: order ${node.o.oid} has non-positive size`);
        if (node.o.seq <= lastSeq) errors.push(`${name}: FIFO out of seq order at ${level.px}`);
        if (node.o.sz + node.o.filled !== node.o.origSz) errors.push(`order ${node.o.oid}: sz+filled != origSz`);
        lastSeq = node.o.seq;
        seen.add(node);
        n++;
        sz += node.o.sz;
        back = node;
        if (n > 1e7) break;
      }
      if (level.tail !== back) errors.push(`${name}: tail mismatch at ${level.px}`);
      if (n !== level.n) errors.push(`${name}: level ${level.px} count ${level.n} != ${n}`);
      if (sz !== level.sz) errors.push(`${name}: level ${level.px} size ${level.sz} != ${sz}`);
    }
  }
};

// src/exchange/engine/ownerIndex.ts
var OwnerIndex = class {
  byOwner = /* @__PURE__ */ new Map();
  add(node) {
    const owner = node.o.owner;
    let e = this.byOwner.get(owner);
    if (e === void 0) {
      e = new OwnerEntry(owner);
      this.byOwner.set(owner, e);
    }
    node.oe = e;
    node.oPrev = e.tail;
    node.oNext = void 0;
    if (e.tail === void 0) e.head = node;
    else e.tail.oNext = node;
    e.tail = node;
    e.n++;
    const c = node.o.cloid;
    if (c !== void 0) (e.cloids ??= /* @__PURE__ */ new Map()).set(c, node);
  }
  remove(node) {
    const e = node.oe;
    if (e === void 0) return;
    if (node.oPrev === void 0) e.head = node.oNext;
    else node.oPrev.oNext = node.oNext;
    if (node.oNext === void 0) e.tail = node.oPrev;
    else node.oNext.oPrev = node.oPrev;
    node.oPrev = node.oNext = node.oe = void 0;
    e.n--;
    const c = node.o.cloid;
    if (c !== void 0 && e.cloids?.get(c) === node) e.cloids.delete(c);
    if (e.n === 0) this.byOwner.delete(e.owner);
  }
  /** Re-points the cloid map after the caller changed `node.o.cloid`. */
  recloid(node, oldCloid) {
    const e = node.oe;
    if (e === void 0) return;
    if (oldCloid !== void 0 && e.cloids?.get(oldCloid) === node) e.cloids.delete(oldCloid);
    const c = node.o.cloid;
    if (c !== void 0) (e.cloids ??= /* @__PURE__ */ new Map()).set(c, node);
  }
  findCloid(owner, cloid) {
    return this.byOwner.get(owner)?.cloids?.get(cloid);
  }
  /** Nodes of one owner in placement order (a copy: safe to mutate the book while using it). */
  nodes(owner) {
    const out = [];
    for (let n = this.byOwner.get(owner)?.head; n !== void 0; n = n.oNext) out.push(n);
    return out;
  }
  /** Appends problems; returns how many nodes the index holds. */
  check(errors, isIndexed) {
    let total = 0;
    for (const [owner, e] of this.byOwner) {
      if (e.n <= 0 || e.head === void 0) errors.push(`owner ${owner} has an empty index entry`);
      let n = 0;
      let back;
      for (let node = e.head; node !== void 0 && n <= e.n; node = node.oNext) {
        if (node.oPrev !== back || node.oe !== e) errors.push(`owner list of ${owner} broken at ${node.o.oid}`);
        if (node.o.owner !== owner || !isIndexed(node)) errors.push(`owner index stale: ${node.o.oid}`);
        back = node;
        n++;
      }
      if (n !== e.n || e.tail !== back) errors.push(`owner ${owner}: count/tail mismatch`);
      for (const [c, node] of e.cloids ?? []) {
        if (node.o.cloid !== c || node.oe !== e) errors.push(`cloid index stale: ${owner}/${c}`);
      }
      total += n;
    }
    return total;
  }
};

// src/exchange/engine/orderBook.ts
var ENGINE_ERRORS = {
  sizeNotPositive: "size must be positive",
  priceNotPositive: "price must be positive",
  priceRequired: "limit price required",
  badTif: "unknown order type",
  badOid: "invalid oid",
  /** Only resting oids are known to the book; never reusing oids is the caller's job. */
  duplicateOid: "duplicate oid",
  /** Alo rejection; Hyperliquid-style wording. */
  postOnlyWouldCross: "post only order would cross",
  orderNotFound: "orderId not found",
  modifyTif: "modify supports resting TIF only (GTC / POST_ONLY)",
  modifySizeNotAboveFilled: "new size must exceed already-filled amount",
  modifyMarketable: "modified price is marketable (would cross the book); cancel and place a new order instead"
};
var OrderBook = class {
  bids = new BookSide(true);
  asks = new BookSide(false);
  index = /* @__PURE__ */ new Map();
  owners = new OwnerIndex();
  seq = 0;
  nextOid;
  constructor(opts = {}) {
    let n = 0;
    this.nextOid = opts.nextOid ?? (() => ++n);
  }
  // ---- writes -------------------------------------------------------------
  /**
   * Gtc: match what crosses, rest the remainder. Ioc: match, cancel the rest.
   * Alo: rejected ('post only order would cross') if it would match at once,
   * else rests. Market: match with no limit, or with `px` as a protective
   * limit, and cancel the rest.
   */
  place(req, now) {
    const oid = req.oid ?? this.nextOid();
    if (!Number.isSafeInteger(oid)) return reject(-1, ENGINE_ERRORS.badOid);
    if (this.index.has(oid)) return reject(oid, ENGINE_ERRORS.duplicateOid);
    if (req.sz <= 0n) return reject(oid, ENGINE_ERRORS.sizeNotPositive);
    const tif = req.tif;
    if (tif !== "Gtc" && tif !== "Ioc" && tif !== "Alo" && tif !== "Market") {
      return reject(oid, ENGINE_ERRORS.badTif);
    }
    const px = req.px;
    if (px === void 0) {
      if (tif !== "Market") return reject(oid, ENGINE_ERRORS.priceRequired);
    } else if (px <= 0n) return reject(oid, ENGINE_ERRORS.priceNotPositive);
    const isBuy = req.isBuy;
    if (tif === "Alo" && this.wouldCross(isBuy, px)) return reject(oid, ENGINE_ERRORS.postOnlyWouldCross);
    const fills = [];
    const expired = [];
    const remaining = this.match(oid, req.owner, isBuy, req.cloid, req.sz, px, fills, expired);
    let filledSz = 0n;
    let notional = 0n;
    for (const f of fills) {
      filledSz += f.sz;
      notional += f.px * f.sz;
    }
    const res = { oid, status: "filled", fills, filledSz, notional, canceledSz: 0n, expired };
    if (remaining === 0n) return res;
    if (tif === "Ioc" || tif === "Market") {
      res.canceledSz = remaining;
      res.status = filledSz > 0n ? "partial-canceled" : "canceled";
      return res;
    }
    const o = {
      oid,
      owner: req.owner,
      isBuy,
      px,
      sz: remaining,
      origSz: req.sz,
      filled: filledSz,
      tif,
      reduceOnly: req.reduceOnly,
      cloid: req.cloid,
      time: now,
      seq: ++this.seq
    };
    this.add(new OrderNode(o));
    res.status = "resting";
    res.rested = o;
    return res;
  }
  /** Removes a resting order; returns it (with its remaining `sz`) or undefined. */
  cancel(oid) {
    const node = this.index.get(oid);
    if (node === void 0) return void 0;
    this.remove(node);
    return node.o;
  }
  /** Cancels every resting order of an owner, in placement order. */
  cancelAll(owner) {
    const out = [];
    for (const node of this.owners.nodes(owner)) {
      this.remove(node);
      out.push(node.o);
    }
    return out;
  }
  /**
   * Book-level modify (spec 3.1 / 4.6). Same price with an equal or smaller
   * total keeps the queue place (reduced in place, `time` unchanged); a price
   * change, a size increase, or a tif/cloid change requeues the order at the
   * back of its (new) level with a fresh seq and `time = now`. A modify never
   * trades: a price that would cross is refused. Checks run in the order
   * tif, size, price so the first problem is reported.
   */
  modify(oid, ch, now) {
    const node = this.index.get(oid);
    if (node === void 0) return { ok: false, error: ENGINE_ERRORS.orderNotFound };
    const o = node.o;
    if (ch.tif !== void 0 && ch.tif !== "Gtc" && ch.tif !== "Alo") {
      return { ok: false, error: ENGINE_ERRORS.modifyTif };
    }
    const newTotal = ch.newTotalSz ?? o.origSz;
    if (newTotal <= o.filled) return { ok: false, error: ENGINE_ERRORS.modifySizeNotAboveFilled };
    const newPx = ch.px ?? o.px;
    if (newPx <= 0n) return { ok: false, error: ENGINE_ERRORS.priceNotPositive };
    if (newPx !== o.px && this.wouldCross(o.isBuy, newPx)) return { ok: false, error: ENGINE_ERRORS.modifyMarketable };
    const tifChanged = ch.tif !== void 0 && ch.tif !== o.tif;
    const cloidChanged = ch.cloid !== void 0 && ch.cloid !== o.cloid;
    const newRemaining = newTotal - o.filled;
    if (newPx === o.px && newTotal <= o.origSz && !tifChanged && !cloidChanged) {
      node.level.sz += newRemaining - o.sz;
      o.sz = newRemaining;
      o.origSz = newTotal;
      return { ok: true, order: o, requeued: false };
    }
    const side = o.isBuy ? this.bids : this.asks;
    side.unlink(node);
    if (cloidChanged) {
      const old = o.cloid;
      o.cloid = ch.cloid;
      this.owners.recloid(node, old);
    }
    if (ch.tif !== void 0) o.tif = ch.tif;
    o.px = newPx;
    o.sz = newRemaining;
    o.origSz = newTotal;
    o.seq = ++this.seq;
    o.time = now;
    side.link(node);
    return { ok: true, order: o, requeued: true };
  }
  // ---- reads --------------------------------------------------------------
  /**
   * Walks the opposite side as a taker of `sz` would, without mutating.
   * `selfOwner`'s orders are skipped, as self-trade prevention would expire
   * them rather than fill against them.
   */
  simulate(isBuy, sz, limitPx, selfOwner) {
    const side = isBuy ? this.asks : this.bids;
    let left = sz;
    let avgPxNumerator = 0n;
    let levelsTouched = 0;
    let worstPx;
    for (const level of side.levelsBestFirst()) {
      if (left <= 0n) break;
      if (limitPx !== void 0 && (isBuy ? level.px > limitPx : level.px < limitPx)) break;
      let avail = level.sz;
      if (selfOwner !== void 0) {
        for (let n = level.head; n !== void 0; n = n.next) if (n.o.owner === selfOwner) avail -= n.o.sz;
        if (avail === 0n) continue;
      }
      const q = avail < left ? avail : left;
      left -= q;
      avgPxNumerator += q * level.px;
      levelsTouched++;
      worstPx = level.px;
    }
    return { filledSz: sz - left, avgPxNumerator, levelsTouched, worstPx };
  }
  get(oid) {
    return this.index.get(oid)?.o;
  }
  /** The owner's resting order carrying this cloid, if any. */
  findByCloid(owner, cloid) {
    return this.owners.findCloid(owner, cloid)?.o;
  }
  bestBid() {
    return this.bids.bestPx();
  }
  bestAsk() {
    return this.asks.bestPx();
  }
  /** True if a limit order at px on that side would match at once. */
  wouldCross(isBuy, px) {
    const opp = isBuy ? this.asks.bestPx() : this.bids.bestPx();
    return opp !== void 0 && (isBuy ? px >= opp : px <= opp);
  }
  /** Up to n aggregated levels per side, best first. */
  depth(n = Infinity) {
    return { bids: this.take(this.bids, n), asks: this.take(this.asks, n) };
  }
  /** Resting orders of an owner, in placement order. */
  ordersOf(owner) {
    return this.owners.nodes(owner).map((n) => n.o);
  }
  /** Number of resting orders. */
  get size() {
    return this.index.size;
  }
  levelCount(isBuy) {
    return (isBuy ? this.bids : this.asks).levelCount;
  }
  /** Aggregated levels of one side, best first (fresh objects; safe to keep). */
  *levels(isBuy) {
    for (const l of (isBuy ? this.bids : this.asks).levelsBestFirst()) yield { px: l.px, sz: l.sz, n: l.n };
  }
  /** Resting orders of one side in matching priority (best price, then FIFO). */
  *orders(isBuy) {
    for (const l of (isBuy ? this.bids : this.asks).levelsBestFirst()) {
      for (let n = l.head; n !== void 0; n = n.next) yield n.o;
    }
  }
  /** Every broken invariant, as text; empty when the book is consistent. */
  invariantErrors() {
    const errors = [];
    const seen = /* @__PURE__ */ new Set();
    this.bids.check(errors, seen);
    this.asks.check(errors, seen);
    const bb = this.bids.bestPx();
    const ba = this.asks.bestPx();
    if (bb !== void 0 && ba !== void 0 && !(bb < ba)) errors.push(`book crossed: bid ${bb} >= ask ${ba}`);
    if (seen.size !== this.index.size) errors.push(`index holds ${this.index.size} orders, levels ${seen.size}`);
    for (const [oid, node] of this.index) {
      if (node.o.oid !== oid) errors.push(`index key ${oid} holds order ${node.o.oid}`);
      if (!seen.has(node)) errors.push(`indexed order ${oid} is not on a level`);
    }
    const owned = this.owners.check(errors, (node) => this.index.get(node.o.oid) === node);
    if (owned !== this.index.size) errors.push(`owner index holds ${owned} orders, book ${this.index.size}`);
    return errors;
  }
  // ---- internals ----------------------------------------------------------
  /** Fills the taker against the opposite side; returns the unfilled size. */
  match(oid, owner, isBuy, cloid, sz, limit, fills, expired) {
    const side = isBuy ? this.asks : this.bids;
    let left = sz;
    while (left > 0n) {
      const level = side.best();
      if (level === void 0) break;
      if (limit !== void 0 && (isBuy ? level.px > limit : level.px < limit)) break;
      let node = level.head;
      while (node !== void 0 && left > 0n) {
        const next = node.next;
        const m = node.o;
        if (m.owner === owner) {
          this.remove(node);
          expired.push(m);
        } else {
          const q = m.sz < left ? m.sz : left;
          m.sz -= q;
          m.filled += q;
          level.sz -= q;
          left -= q;
          fills.push({
            makerOid: m.oid,
            makerOwner: m.owner,
            takerOid: oid,
            takerOwner: owner,
            px: m.px,
            sz: q,
            takerIsBuy: isBuy,
            makerRemaining: m.sz,
            makerCloid: m.cloid,
            takerCloid: cloid
          });
          if (m.sz === 0n) this.remove(node);
        }
        node = next;
      }
    }
    return left;
  }
  add(node) {
    const o = node.o;
    (o.isBuy ? this.bids : this.asks).link(node);
    this.index.set(o.oid, node);
    this.owners.add(node);
  }
  remove(node) {
    const o = node.o;
    (o.isBuy ? this.bids : this.asks).unlink(node);
    this.index.delete(o.oid);
    this.owners.remove(node);
  }
  take(side, n) {
    const out = [];
    if (n <= 0) return out;
    for (const l of side.levelsBestFirst()) {
      out.push({ px: l.px, sz: l.sz, n: l.n });
      if (out.length >= n) break;
    }
    return out;
  }
};
function reject(oid, reason) {
  return { oid, status: "rejected", fills: [], filledSz: 0n, notional: 0n, canceledSz: 0n, expired: [], reason };
}

// src/exchange/market/candleTime.ts
var MINUTE = 6e4;
var DAY = 864e5;
var WEEK = 7 * DAY;
var FIRST_MONDAY = 4 * DAY;
var FIXED_MS = {
  "1m": MINUTE,
  "5m": 5 * MINUTE,
  "15m": 15 * MINUTE,
  "1h": 60 * MINUTE,
  "4h": 240 * MINUTE,
  "1d": DAY
};
function bucketStart(interval, time) {
  if (interval === "1M") {
    const d = new Date(time);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (interval === "1w") return Math.floor((time - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY;
  const len = FIXED_MS[interval];
  return Math.floor(time / len) * len;
}
function nextBucketStart(interval, time) {
  const start = bucketStart(interval, time);
  if (interval === "1M") {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return start + (interval === "1w" ? WEEK : FIXED_MS[interval]);
}

// src/exchange/market/ring.ts
var Ring = class {
  constructor(capacity) {
    this.capacity = capacity;
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`ring capacity must be a positive integer, got ${capacity}`);
    this.items = new Array(capacity);
  }
  capacity;
  items;
  head = 0;
  size = 0;
  get length() {
    return this.size;
  }
  /** Appends; returns the entry that fell off the front, if any. */
  push(item) {
    if (this.size < this.capacity) {
      this.items[(this.head + this.size) % this.capacity] = item;
      this.size++;
      return void 0;
    }
    const dropped = this.items[this.head];
    this.items[this.head] = item;
    this.head = (this.head + 1) % this.capacity;
    return dropped;
  }
  /** i = 0 is the oldest entry; undefined outside [0, length). */
  at(i) {
    if (i < 0 || i >= this.size) return void 0;
    return this.items[(this.head + i) % this.capacity];
  }
  last() {
    return this.at(this.size - 1);
  }
  /** Oldest first. */
  toArray() {
    const out = [];
    for (let i = 0; i < this.size; i++) out.push(this.items[(this.head + i) % this.capacity]);
    return out;
  }
  /** Index of the first entry for which `before` is false, given entries sorted so `before` is monotone (true then false). */
  partition(before) {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (before(this.at(mid))) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
};

// src/exchange/market/candles.ts
var DEFAULT_CANDLE_CAP = 2e3;
var CandleAggregator = class {
  series;
  clock = -Infinity;
  constructor(opts = {}) {
    const cap = opts.cap ?? DEFAULT_CANDLE_CAP;
    const intervals = [...new Set(opts.intervals ?? CANDLE_INTERVALS)];
    this.series = intervals.map((interval) => ({ interval, closed: new Ring(cap), live: void 0 }));
  }
  get intervals() {
    return this.series.map((s) => s.interval);
  }
  /** Adds one trade; returns, per interval, a closed event if the trade opened a new period, then the live bar's update. */
  trade(px, sz, time) {
    if (px <= 0n) throw new RangeError("candle trade price must be positive");
    if (sz <= 0n) throw new RangeError("candle trade size must be positive");
    const at = this.advance(time);
    const events = [];
    for (const s of this.series) {
      this.closeIfDue(s, at, events);
      const bar = s.live;
      if (bar === void 0) {
        const t = bucketStart(s.interval, at);
        s.live = { t, T: nextBucketStart(s.interval, at) - 1, o: px, h: px, l: px, c: px, v: sz, n: 1 };
      } else {
        if (px > bar.h) bar.h = px;
        if (px < bar.l) bar.l = px;
        bar.c = px;
        bar.v += sz;
        bar.n += 1;
      }
      events.push({ interval: s.interval, candle: { ...s.live }, closed: false });
    }
    return events;
  }
  /** Closes every live bar whose period has ended by `now` (call once per block so bars close without a trade). */
  roll(now) {
    const at = this.advance(now);
    const events = [];
    for (const s of this.series) this.closeIfDue(s, at, events);
    return events;
  }
  /** The open bar of an interval, if a trade has happened in the current period. */
  live(interval) {
    const bar = this.find(interval)?.live;
    return bar && { ...bar };
  }
  /** Bars (closed and live, oldest first) that overlap [startTime, endTime]: T >= startTime and t <= endTime. */
  snapshot(interval, startTime, endTime) {
    const s = this.find(interval);
    if (s === void 0 || endTime < startTime) return [];
    const out = [];
    for (let i = s.closed.partition((b) => b.T < startTime); i < s.closed.length; i++) {
      const bar = s.closed.at(i);
      if (bar.t > endTime) return out;
      out.push(bar);
    }
    const live = s.live;
    if (live && live.T >= startTime && live.t <= endTime) out.push({ ...live });
    return out;
  }
  advance(time) {
    if (time > this.clock) this.clock = time;
    return this.clock;
  }
  closeIfDue(s, at, events) {
    const bar = s.live;
    if (bar === void 0 || at <= bar.T) return;
    const final = { ...bar };
    s.closed.push(final);
    s.live = void 0;
    events.push({ interval: s.interval, candle: final, closed: true });
  }
  find(interval) {
    return this.series.find((s) => s.interval === interval);
  }
};

// src/exchange/trading/contractMarket.ts
var DAY_MS = 864e5;
var PENDING_CLOSED_CAP = 64;
var ContractMarket = class {
  constructor(contract, collateralDecimals, nextOid) {
    this.contract = contract;
    this.book = new OrderBook({ nextOid });
    this.units = new ContractUnits(contract, collateralDecimals);
  }
  contract;
  book;
  units;
  candles = new CandleAggregator();
  lastPx;
  closedEvents = [];
  liveEvents = /* @__PURE__ */ new Map();
  get contractId() {
    return this.contract.contractId;
  }
  mark(index) {
    return markPrice(this.book.bestBid(), this.book.bestAsk(), index, this.lastPx);
  }
  /** A trade for candles and lastPx; the events wait for the block's publish. */
  recordTrade(px, sz, time) {
    this.lastPx = px;
    this.queue(this.candles.trade(px, sz, time));
  }
  /** Closes bars whose period ended without a trade. */
  roll(now) {
    this.queue(this.candles.roll(now));
  }
  /** Candle events since the last call: closed bars first, then the latest live bar per interval. */
  drainCandleEvents() {
    const out = [...this.closedEvents, ...this.liveEvents.values()];
    this.closedEvents = [];
    this.liveEvents = /* @__PURE__ */ new Map();
    return out;
  }
  /** Open of the first hourly bar in the last 24 h, and the volume traded since (raw). */
  dayStats(now) {
    const bars = this.candles.snapshot("1h", now - DAY_MS, now);
    let volume = 0n;
    for (const b of bars) volume += b.v;
    return { open: bars[0]?.o, volume };
  }
  queue(events) {
    for (const e of events) {
      if (e.closed) {
        this.closedEvents.push(e);
        if (this.closedEvents.length > PENDING_CLOSED_CAP) this.closedEvents.shift();
        const live = this.liveEvents.get(e.interval);
        if (live && live.candle.t === e.candle.t) this.liveEvents.delete(e.interval);
      } else {
        this.liveEvents.set(e.interval, e);
      }
    }
  }
};

// src/exchange/trading/events.ts
var RECENT_FILLS_PER_ACCOUNT = 200;
var TradingEvents = class {
  constructor(hub, keepsHistory) {
    this.hub = hub;
    this.keepsHistory = keepsHistory;
  }
  hub;
  keepsHistory;
  updates = /* @__PURE__ */ new Map();
  openDeltas = /* @__PURE__ */ new Map();
  fills = /* @__PURE__ */ new Map();
  trades = /* @__PURE__ */ new Map();
  history = /* @__PURE__ */ new Map();
  wantsOrderUpdates(accountId) {
    return this.hub.listening(accountId, "orderUpdates");
  }
  wantsOpenOrders(accountId) {
    return this.hub.listening(accountId, "openOrders");
  }
  wantsTrades(contractId) {
    return this.hub.subscriberCount(`trades:${contractId}`) > 0;
  }
  orderUpdate(accountId, update) {
    let list = this.updates.get(accountId);
    if (!list) this.updates.set(accountId, list = []);
    list.push(update);
  }
  openOrderUpsert(accountId, order) {
    const d = this.delta(accountId);
    d.removed.delete(order.oid);
    d.upserts.set(order.oid, order);
  }
  openOrderRemoved(accountId, oid) {
    const d = this.delta(accountId);
    d.upserts.delete(oid);
    d.removed.add(oid);
  }
  /** Built only when someone listens or the account keeps history; the caller checks `wantsFill`. */
  fill(accountId, fill) {
    if (this.keepsHistory(accountId)) {
      let ring = this.history.get(accountId);
      if (!ring) this.history.set(accountId, ring = new Ring(RECENT_FILLS_PER_ACCOUNT));
      ring.push(fill);
    }
    if (!this.hub.listening(accountId, "userFills")) return;
    let list = this.fills.get(accountId);
    if (!list) this.fills.set(accountId, list = []);
    list.push(fill);
  }
  wantsFill(accountId) {
    return this.keepsHistory(accountId) || this.hub.listening(accountId, "userFills");
  }
  trade(trade) {
    let list = this.trades.get(trade.contractId);
    if (!list) this.trades.set(trade.contractId, list = []);
    list.push(trade);
  }
  recentFills(accountId) {
    return this.history.get(accountId)?.toArray() ?? [];
  }
  /** Publishes everything collected since the last flush. */
  flush() {
    if (this.trades.size > 0) {
      const trades = this.trades;
      this.trades = /* @__PURE__ */ new Map();
      for (const [contractId, list] of trades) this.hub.publish(`trades:${contractId}`, list);
    }
    if (this.updates.size > 0) {
      const updates = this.updates;
      this.updates = /* @__PURE__ */ new Map();
      for (const [accountId, list] of updates) this.hub.publishToAccount(accountId, "orderUpdates", list);
    }
    if (this.openDeltas.size > 0) {
      const deltas = this.openDeltas;
      this.openDeltas = /* @__PURE__ */ new Map();
      for (const [accountId, d] of deltas) {
        const msg = { isSnapshot: false, orders: [...d.upserts.values()] };
        if (d.removed.size > 0) msg.removed = [...d.removed];
        this.hub.publishToAccount(accountId, "openOrders", msg);
      }
    }
    if (this.fills.size > 0) {
      const fills = this.fills;
      this.fills = /* @__PURE__ */ new Map();
      for (const [accountId, list] of fills) this.hub.publishToAccount(accountId, "userFills", { isSnapshot: false, fills: list });
    }
  }
  delta(accountId) {
    let d = this.openDeltas.get(accountId);
    if (!d) this.openDeltas.set(accountId, d = { upserts: /* @__PURE__ */ new Map(), removed: /* @__PURE__ */ new Set() });
    return d;
  }
};

// src/exchange/trading/margin.ts
var MarginEngine = class {
  constructor(t) {
    this.t = t;
  }
  t;
  poolOf(account, contract) {
    if (account.marginShareType === "PORTFOLIO" && contract.shareGroupId !== void 0) return { kind: "group", id: contract.shareGroupId };
    return { kind: "md", id: contract.marketDeployerId };
  }
  poolCoin(pool) {
    const config = this.t.state.config;
    return pool.kind === "group" ? config.shareGroup(pool.id)?.settlementCoinId ?? config.collateralCoinId : config.collateralCoinId;
  }
  /** The bucket PnL, fees and funding of the pool's cross positions settle in. */
  poolBucket(accountId, pool) {
    const coin = this.poolCoin(pool);
    return pool.kind === "group" ? bucket.group(accountId, pool.id, coin) : bucket.md(accountId, pool.id, coin);
  }
  poolBalance(accountId, pool) {
    const { config, ledger } = this.t.state;
    let sum = 0n;
    for (const coinId of config.coins.keys()) {
      const key = pool.kind === "group" ? bucket.group(accountId, pool.id, coinId) : bucket.md(accountId, pool.id, coinId);
      sum += valueAtPar(config, coinId, ledger.balance(key));
    }
    return sum;
  }
  isolatedBucket(h, side) {
    return bucket.isolated(h.accountId, h.contractId, side, this.t.state.config.collateralCoinId);
  }
  samePool(a, b) {
    return a.kind === b.kind && a.id === b.id;
  }
  positionFigures(h, p, mark) {
    const units = this.t.market(h.contractId)?.units;
    if (!units) return { notional: 0n, upnl: 0n, im: 0n, mm: 0n };
    return positionFigures(units, h.leverage, p, mark);
  }
  orderMargin(account, h) {
    const units = this.t.market(h.contractId)?.units;
    if (!units) return 0n;
    return restingOrderMargin(units, h, h.leverage, account.positionMode === "HEDGE");
  }
  poolFigures(account, pool, override) {
    const f = { balance: this.poolBalance(account.id, pool), upnl: 0n, im: 0n, mm: 0n, orderIm: 0n, positions: 0, isoBalance: 0n, isoUpnl: 0n, equity: 0n, available: 0n };
    let overridden = false;
    const add = (h) => {
      const contract = this.t.state.config.contract(h.contractId);
      if (!contract || !this.samePool(this.poolOf(account, contract), pool)) return;
      const mark = this.t.mark(h.contractId);
      f.orderIm += this.orderMargin(account, h);
      for (const p of [h.long, h.short]) {
        if (!p) continue;
        const pf = this.positionFigures(h, p, mark);
        if (h.marginMode === "isolated") {
          f.isoBalance += this.t.state.ledger.balance(this.isolatedBucket(h, p.side));
          f.isoUpnl += pf.upnl;
        } else {
          f.upnl += pf.upnl;
          f.im += pf.im;
          f.mm += pf.mm;
          f.positions++;
        }
      }
    };
    for (const h of this.t.holdings.ofAccount(account.id)) {
      if (override && h.contractId === override.holding.contractId) {
        overridden = true;
        add(override.holding);
      } else add(h);
    }
    if (override && !overridden) add(override.holding);
    f.balance += override?.balanceDelta ?? 0n;
    f.equity = f.balance + f.upnl;
    f.available = f.equity - f.im - f.orderIm;
    return f;
  }
  /** Pools the account's holdings draw on, each once. */
  poolsOf(account) {
    const out = [];
    for (const h of this.t.holdings.ofAccount(account.id)) {
      const contract = this.t.state.config.contract(h.contractId);
      if (!contract) continue;
      const pool = this.poolOf(account, contract);
      if (!out.some((p) => this.samePool(p, pool))) out.push(pool);
    }
    return out;
  }
  /** What may leave a pool in one coin: its balance of that coin, capped by the available margin. */
  withdrawable(account, pool, coinId) {
    const { config, ledger } = this.t.state;
    const key = pool.kind === "group" ? bucket.group(account.id, pool.id, coinId) : bucket.md(account.id, pool.id, coinId);
    const balance = ledger.balance(key);
    if (balance <= 0n) return 0n;
    const available = this.poolFigures(account, pool).available;
    if (available <= 0n) return 0n;
    const coin = config.coin(coinId);
    const collateral = config.coin(config.collateralCoinId);
    const inCoin = coin && collateral ? rescale(available, collateral.decimals, coin.decimals, "down") : 0n;
    return balance < inCoin ? balance : inCoin;
  }
  /** Leverage and margin mode of every contract of the deployer the account holds anything on, position or not. */
  contractSettings(account, md) {
    const out = [];
    for (const h of this.t.holdings.ofAccount(account.id)) {
      if (this.t.state.config.contract(h.contractId)?.marketDeployerId !== md) continue;
      out.push({ contractId: h.contractId, leverage: h.leverage, marginMode: h.marginMode });
    }
    return out.sort((a, b) => a.contractId - b.contractId);
  }
};

// src/exchange/trading/orderStore.ts
var CLOSED_ORDERS_PER_ACCOUNT = 2e3;
var OrderStore = class {
  constructor(closedCap = CLOSED_ORDERS_PER_ACCOUNT) {
    this.closedCap = closedCap;
  }
  closedCap;
  byOid = /* @__PURE__ */ new Map();
  accounts = /* @__PURE__ */ new Map();
  get(oid) {
    return this.byOid.get(oid);
  }
  /** The latest order of the account with this cloid (open or recently closed). */
  byCloid(accountId, cloid) {
    return this.accounts.get(accountId)?.byCloid.get(cloid);
  }
  /** The account's open order carrying this cloid, if any (cloids are unique among active orders). */
  openByCloid(accountId, cloid) {
    const o = this.byCloid(accountId, cloid);
    return o && o.status === "open" ? o : void 0;
  }
  openOf(accountId) {
    return (this.accounts.get(accountId)?.open ?? /* @__PURE__ */ new Map()).values();
  }
  openCount(accountId) {
    return this.accounts.get(accountId)?.open.size ?? 0;
  }
  /** A new order: open (resting) or already closed (filled, canceled, rejected on arrival). */
  add(o) {
    const acc = this.account(o.accountId);
    this.byOid.set(o.oid, o);
    if (o.cloid !== void 0) acc.byCloid.set(o.cloid, o);
    if (o.status === "open") acc.open.set(o.oid, o);
    else this.retire(acc, o);
  }
  /** An open order reached a final status; the caller has set `status`. */
  close(o) {
    const acc = this.accounts.get(o.accountId);
    if (!acc?.open.delete(o.oid)) return;
    this.retire(acc, o);
  }
  /** modify changed the cloid of an open order. */
  recloid(o, old) {
    const acc = this.account(o.accountId);
    if (old !== void 0 && acc.byCloid.get(old) === o) acc.byCloid.delete(old);
    if (o.cloid !== void 0) acc.byCloid.set(o.cloid, o);
  }
  account(accountId) {
    let acc = this.accounts.get(accountId);
    if (!acc) this.accounts.set(accountId, acc = { open: /* @__PURE__ */ new Map(), closed: /* @__PURE__ */ new Map(), byCloid: /* @__PURE__ */ new Map() });
    return acc;
  }
  retire(acc, o) {
    acc.closed.set(o.oid, o);
    while (acc.closed.size > this.closedCap) {
      const oldest = acc.closed.values().next().value;
      acc.closed.delete(oldest.oid);
      this.byOid.delete(oldest.oid);
      if (oldest.cloid !== void 0 && acc.byCloid.get(oldest.cloid) === oldest) acc.byCloid.delete(oldest.cloid);
    }
  }
};

// src/exchange/trading/triggerBook.ts
var TriggerBook = class {
  byId = /* @__PURE__ */ new Map();
  byContract = /* @__PURE__ */ new Map();
  get(id) {
    return this.byId.get(id);
  }
  get size() {
    return this.byId.size;
  }
  add(trig) {
    this.byId.set(trig.id, trig);
    let set = this.byContract.get(trig.contractId);
    if (!set) this.byContract.set(trig.contractId, set = /* @__PURE__ */ new Set());
    set.add(trig);
  }
  remove(trig) {
    if (!this.byId.delete(trig.id)) return false;
    const set = this.byContract.get(trig.contractId);
    set?.delete(trig);
    if (set?.size === 0) this.byContract.delete(trig.contractId);
    return true;
  }
  /** A copy, safe to iterate while triggers fire and are removed. */
  forContract(contractId) {
    return [...this.byContract.get(contractId) ?? []];
  }
  ofPosition(accountId, contractId, side) {
    return this.forContract(contractId).filter((t) => t.accountId === accountId && t.positionSide === side);
  }
  ofAccountContract(accountId, contractId) {
    return this.forContract(contractId).filter((t) => t.accountId === accountId);
  }
};

// src/exchange/trading/tradingBooks.ts
var TradingBooks = class {
  constructor(state) {
    this.state = state;
    const collateral = state.config.coin(state.config.collateralCoinId);
    if (!collateral) throw new Error("collateral coin missing");
    for (const c of state.config.contracts.values()) {
      this.markets.set(c.contractId, new ContractMarket(c, collateral.decimals, () => this.nextId()));
    }
    this.holdings = new Holdings((contractId) => Math.min(DEFAULT_LEVERAGE, this.markets.get(contractId)?.units.maxLeverage ?? 1));
    this.events = new TradingEvents(state.hub, (id) => state.accounts.byId(id)?.kind === "user");
    this.margin = new MarginEngine(this);
  }
  state;
  markets = /* @__PURE__ */ new Map();
  holdings;
  orders = new OrderStore();
  triggers = new TriggerBook();
  events;
  margin;
  defaultLeverage = DEFAULT_LEVERAGE;
  idSeq = 0;
  tidSeq = 0;
  autoFrozen = /* @__PURE__ */ new Map();
  debtors = /* @__PURE__ */ new Set();
  touched = /* @__PURE__ */ new Set();
  depth = 0;
  /** Order ids and trigger ids share one sequence, so an id names one thing. */
  nextId() {
    return ++this.idSeq;
  }
  nextTid() {
    return ++this.tidSeq;
  }
  market(contractId) {
    return this.markets.get(contractId);
  }
  mark(contractId) {
    return this.markets.get(contractId)?.mark(this.state.indexPrices.get(contractId));
  }
  /** The holding, created if needed and kept until the current operation ends. */
  holding(accountId, contractId) {
    const h = this.holdings.ensure(accountId, contractId);
    this.touched.add(h);
    return h;
  }
  run(fn) {
    this.depth++;
    try {
      return fn();
    } finally {
      if (--this.depth === 0) this.finish();
    }
  }
  // ---- share-group freeze and debts ----------------------------------------
  isFrozenFor(accountId, groupId) {
    return this.state.config.isFrozen(groupId) || this.autoFrozen.has(`${accountId}:${groupId}`);
  }
  setAutoFrozen(accountId, groupId, frozen) {
    const key = `${accountId}:${groupId}`;
    if (frozen) this.autoFrozen.set(key, [accountId, groupId]);
    else this.autoFrozen.delete(key);
  }
  autoFrozenEntries() {
    return [...this.autoFrozen.values()];
  }
  /** A pool of the account went below zero: the next risk pass looks at it. */
  flagDebt(accountId) {
    this.debtors.add(accountId);
  }
  takeDebtors() {
    const out = [...this.debtors];
    this.debtors.clear();
    return out;
  }
  // ---- order and trigger bookkeeping shared by entry, cancels, modify, risk ----
  emitOrder(c, o, event, open) {
    if (this.events.wantsOrderUpdates(o.accountId)) this.events.orderUpdate(o.accountId, orderUpdate(c, o, event));
    if (open === "none" || !this.events.wantsOpenOrders(o.accountId)) return;
    if (open === "upsert") this.events.openOrderUpsert(o.accountId, orderView(c, o));
    else this.events.openOrderRemoved(o.accountId, o.oid);
  }
  emitFill(c, o, tid, px, sz, liquidity, money, liquidation, now) {
    if (!this.events.wantsFill(o.accountId)) return;
    this.events.fill(o.accountId, {
      contractId: c.contractId,
      oid: o.oid,
      ...o.cloid !== void 0 ? { cloid: o.cloid } : {},
      tid,
      px: formatDecimal(px, c.priceScale),
      sz: formatDecimal(sz, c.qtyScale),
      isBuy: o.isBuy,
      time: now,
      liquidity,
      fee: money.fee.toString(),
      closedPnl: money.closedPnl.toString(),
      ...liquidation ? { liquidation: true } : {}
    });
  }
  recordTrade(c, tid, px, sz, takerIsBuy, now) {
    this.markets.get(c.contractId)?.recordTrade(px, sz, now);
    if (!this.events.wantsTrades(c.contractId)) return;
    this.events.trade({ contractId: c.contractId, tid, px: formatDecimal(px, c.priceScale), sz: formatDecimal(sz, c.qtyScale), side: takerIsBuy ? "B" : "A", time: now });
  }
  /** An open order left the book (the caller removed it): status, aggregates, events. */
  retireOpenOrder(c, o, status, now, event) {
    if (o.status !== "open") return;
    this.holdings.countOrder(this.holding(o.accountId, o.contractId), o, -1);
    o.status = status;
    o.statusTimestamp = now;
    this.orders.close(o);
    this.emitOrder(c, o, event, "remove");
  }
  cancelOpenOrder(o, now) {
    const c = this.state.config.contract(o.contractId);
    if (!c || o.status !== "open") return;
    this.run(() => {
      this.markets.get(o.contractId)?.book.cancel(o.oid);
      this.retireOpenOrder(c, o, "canceled", now, "cancel");
    });
  }
  /**
   * Keeps resting reduce-only orders within the position they reduce, newest first:
   * shrunk in place (keeping queue priority) or cancelled. This is what guarantees a sweep
   * through several of them can never flip a position.
   */
  enforceReduceOnly(h, now) {
    const c = this.state.config.contract(h.contractId);
    const market = this.markets.get(h.contractId);
    if (!c || !market) return;
    for (const isBuy of [true, false]) {
      let excess = isBuy ? h.roBuySz - (h.short?.size ?? 0n) : h.roSellSz - (h.long?.size ?? 0n);
      if (excess <= 0n) continue;
      const ros = [...this.orders.openOf(h.accountId)].filter((o) => o.contractId === h.contractId && o.reduceOnly && o.isBuy === isBuy).sort((a, b) => b.oid - a.oid);
      for (const o of ros) {
        if (excess <= 0n) break;
        if (o.remaining <= excess) {
          excess -= o.remaining;
          this.cancelOpenOrder(o, now);
          continue;
        }
        const res = market.book.modify(o.oid, { newTotalSz: o.origSz - excess }, now);
        if (!res.ok) continue;
        this.holdings.countOrder(h, o, -1);
        o.origSz -= excess;
        o.remaining -= excess;
        o.statusTimestamp = now;
        this.holdings.countOrder(h, o, 1);
        this.emitOrder(c, o, "modify", "upsert");
        excess = 0n;
      }
    }
  }
  addTrigger(trig) {
    this.triggers.add(trig);
    this.holding(trig.accountId, trig.contractId).triggers++;
    this.emitTrigger(trig, "tpslCreated", "open");
  }
  removeTrigger(trig, now, status) {
    if (!this.triggers.remove(trig)) return;
    this.holding(trig.accountId, trig.contractId).triggers--;
    this.emitTrigger(trig, status === "triggered" ? "tpslTriggered" : "tpslCanceled", status, now);
  }
  /** The position reached zero: its TP/SL go with it. */
  positionClosed(h, side, now) {
    for (const trig of this.triggers.ofPosition(h.accountId, h.contractId, side)) this.removeTrigger(trig, now, "canceled");
  }
  emitTrigger(trig, event, status, now = trig.createdAt) {
    if (!this.events.wantsOrderUpdates(trig.accountId)) return;
    const c = this.state.config.contract(trig.contractId);
    if (!c) return;
    const size = this.holdings.get(trig.accountId, trig.contractId)?.[trig.positionSide]?.size ?? 0n;
    this.events.orderUpdate(trig.accountId, { event, order: triggerOrderView(c, trig, size), status, statusTimestamp: now, triggerId: trig.id });
  }
  finish() {
    for (const h of this.touched) this.holdings.release(h);
    this.touched.clear();
    this.events.flush();
  }
};

// src/exchange/trading/positionView.ts
function entryPx(p) {
  return (p.cost * 2n + p.size) / (2n * p.size);
}
function positionView(t, account, h, p) {
  const c = t.state.config.contract(h.contractId);
  const figures = t.margin.positionFigures(h, p, t.mark(h.contractId));
  const isolated = h.marginMode === "isolated" ? t.state.ledger.balance(t.margin.isolatedBucket(h, p.side)) : 0n;
  const liq = liquidationPrice(t, account, h, p);
  const view = {
    contractId: h.contractId,
    isBuy: p.side === "long",
    size: formatDecimal(p.size, c.qtyScale),
    entryPx: formatDecimal(entryPx(p), c.priceScale),
    marginMode: h.marginMode,
    leverage: h.leverage,
    isolatedMargin: isolated.toString(),
    unrealizedPnl: figures.upnl.toString(),
    liquidationPx: liq === void 0 ? null : formatDecimal(liq, c.priceScale),
    marginUsed: (h.marginMode === "isolated" ? isolated : figures.im).toString()
  };
  for (const trig of t.triggers.ofPosition(h.accountId, h.contractId, p.side)) {
    const leg = { id: trig.id, triggerPx: formatDecimal(trig.triggerPx, c.priceScale) };
    if (trig.sz !== void 0) leg.sz = formatDecimal(trig.sz, c.qtyScale);
    view[trig.kind] = leg;
  }
  return view;
}

// src/exchange/trading/tradingMarginHooks.ts
function tradingMarginHooks(t) {
  const account = (id) => {
    const a = t.state.accounts.byId(id);
    if (!a) throw new Error(`unknown account ${id}`);
    return a;
  };
  return {
    withdrawableFromMd: (id, md, coinId) => t.margin.withdrawable(account(id), { kind: "md", id: md }, coinId),
    withdrawableFromGroup: (id, groupId, coinId) => t.margin.withdrawable(account(id), { kind: "group", id: groupId }, coinId),
    onMarginShareTypeChange: (id) => shareTypeRefusal(t, id),
    mdView: (id, md) => mdView(t, account(id), md),
    groupView: (id, groupId, coinId) => groupView(t, account(id), groupId, coinId)
  };
}
function shareTypeRefusal(t, accountId) {
  for (const h of t.holdings.ofAccount(accountId)) {
    const contract = t.state.config.contract(h.contractId);
    if (contract?.shareGroupId === void 0) continue;
    if (h.long || h.short || h.openOrders > 0 || h.triggers > 0) return "MARGIN_MODE_OPEN";
  }
  return void 0;
}
function mdView(t, account, md) {
  const pool = { kind: "md", id: md };
  const f = t.margin.poolFigures(account, pool);
  const positions = [];
  for (const h of t.holdings.ofAccount(account.id)) {
    const contract = t.state.config.contract(h.contractId);
    if (contract?.marketDeployerId !== md) continue;
    for (const p of [h.long, h.short]) {
      if (!p) continue;
      const extra = { maintenanceMargin: t.margin.positionFigures(h, p, t.mark(h.contractId)).mm.toString(), entryValue: formatDecimal(p.cost, contract.priceScale + contract.qtyScale) };
      positions.push({ ...positionView(t, account, h, p), ...extra });
    }
  }
  positions.sort((a, b) => a.contractId - b.contractId || Number(b.isBuy) - Number(a.isBuy));
  const available = f.available > 0n ? f.available : 0n;
  return {
    equity: f.equity + f.isoBalance + f.isoUpnl,
    marginUsed: f.im + f.orderIm + f.isoBalance,
    available,
    withdrawable: t.margin.withdrawable(account, pool, t.state.config.collateralCoinId),
    positions
  };
}
function groupView(t, account, groupId, coinId) {
  const pool = { kind: "group", id: groupId };
  const frozen = t.isFrozenFor(account.id, groupId);
  if (coinId !== t.margin.poolCoin(pool)) {
    const key = bucket.group(account.id, groupId, coinId);
    return { equity: valueAtPar(t.state.config, coinId, t.state.ledger.balance(key)), frozen };
  }
  const f = t.margin.poolFigures(account, pool);
  return {
    equity: f.equity + f.isoBalance + f.isoUpnl,
    maintenanceMargin: f.mm,
    marginUsed: f.im + f.orderIm + f.isoBalance,
    available: f.available > 0n ? f.available : 0n,
    frozen
  };
}

// src/exchange/trading/tradingEngine.ts
var TradingEngine = class extends TradingBooks {
  funding;
  inRisk = false;
  constructor(state) {
    super(state);
    this.funding = new Funding(this);
  }
  /** The margin hooks the collateral handlers and account reads use, backed by this engine. */
  marginHooks() {
    return tradingMarginHooks(this);
  }
  // ---- time ---------------------------------------------------------------
  /** One block without bots: funding due, triggers, liquidations, candle roll. */
  step(now) {
    this.run(() => {
      this.funding.settleDue(now);
      for (const id of this.markets.keys()) fireTriggers(this, id, now);
      this.risk(now);
      for (const m of this.markets.values()) m.roll(now);
    });
  }
  onIndexChange(contractId, now) {
    this.run(() => {
      fireTriggers(this, contractId, now);
      this.risk(now);
    });
  }
  onClockAdvance(now) {
    this.step(now);
  }
  risk(now) {
    if (this.inRisk) return;
    this.inRisk = true;
    try {
      riskPass(this, now);
    } finally {
      this.inRisk = false;
    }
  }
};

// src/exchange/core.ts
var DEFAULT_CREDIT_DELAY_MS = 2e3;
var DEFAULT_RATE_LIMIT_PER_MIN = 1200;
var ExchangeCore = class {
  seed;
  clock;
  config;
  ledger;
  accounts;
  agents;
  invites;
  nonces;
  indexPrices;
  credits;
  auth;
  hub;
  actions = new ActionRegistry();
  queries = new InfoRegistry();
  operators;
  /** Books, positions, margin, conditionals, funding and the trading events. */
  trading;
  marginHooks;
  requestSeq = 0;
  /** One line per noteworthy event (liquidations, internal errors); never request bodies or keys. */
  log;
  constructor(opts = {}) {
    this.seed = opts.seed ?? 1;
    this.clock = opts.clock ?? new Clock();
    this.log = opts.log ?? (() => {
    });
    this.config = new MarketConfig(opts.market ?? defaultMarketSetup());
    const stores = opts.stores ?? {};
    this.ledger = stores.ledger ?? new MemoryLedger(() => this.clock.now());
    this.accounts = stores.accounts ?? new MemoryAccountStore();
    this.agents = stores.agents ?? new MemoryAgentStore();
    this.invites = stores.invites ?? new MemoryInviteCodeStore(this.seed);
    this.nonces = stores.nonces ?? new NonceWindow();
    this.indexPrices = new IndexPrices(this.config);
    this.marginHooks = defaultMarginHooks(this.ledger, this.config);
    this.auth = new Authenticator({
      accounts: this.accounts,
      agents: this.agents,
      nonces: this.nonces,
      clock: this.clock,
      signerLimiter: new RateLimiter(opts.rateLimitPerMin ?? DEFAULT_RATE_LIMIT_PER_MIN)
    });
    this.credits = new CreditScheduler(
      this.clock,
      opts.creditDelayMs ?? DEFAULT_CREDIT_DELAY_MS,
      (accountId) => this.ledger.mint(bucket.chain(accountId, this.config.collateralCoinId), this.config.registrationCredit, `registration credit ${accountId}`)
    );
    this.hub = new StreamHub();
    this.hub.setAuthenticator((auth) => this.auth.authenticateWs(auth));
    for (const code of opts.inviteCodes ?? []) this.invites.add(code);
    this.invites.issue(opts.inviteCount ?? (opts.inviteCodes?.length ? 0 : 10));
    this.operators = this.createOperators();
    registerAccountActions(this.actions);
    registerAgentActions(this.actions);
    registerCollateralActions(this.actions);
    registerShareGroupActions(this.actions);
    registerFeeActions(this.actions);
    registerTradingActions(this.actions);
    registerPositionActions(this.actions);
    registerConfigsQuery(this.queries);
    registerAccountQueries(this.queries);
    registerMarketQueries(this.queries);
    registerOrderQueries(this.queries);
    this.trading = new TradingEngine(this);
    this.marginHooks = this.trading.marginHooks();
    registerStreamSnapshots(this);
    this.indexPrices.onChange((contractId) => this.trading.onIndexChange(contractId, this.clock.now()));
    this.clock.onAdvance((now) => this.trading.onClockAdvance(now));
  }
  get hooks() {
    return this.marginHooks;
  }
  /** The trading engine's margin hooks are installed at construction; tests may swap them. */
  setMarginHooks(hooks) {
    this.marginHooks = hooks;
  }
  operatorAccountId(marketDeployerId) {
    return this.operators.find((o) => o.marketDeployerId === marketDeployerId)?.accountId;
  }
  nextRequestId() {
    return `req-${++this.requestSeq}`;
  }
  errorReply(error2, requestId = this.nextRequestId()) {
    return { status: error2.status, body: { status: "error", requestId, code: error2.code, message: error2.message } };
  }
  /** `POST /exchange` with an already parsed JSON body. */
  handleExchange(body) {
    const requestId = this.nextRequestId();
    try {
      const env = parseExchangeEnvelope(body);
      const type = env.action.type;
      let data;
      if (type === "registerAccount") {
        data = registerAccount(this, env);
      } else {
        const auth = this.auth.authenticate(env);
        if (auth.rejection) {
          data = rejectionData(env.action, auth.rejection);
        } else {
          const ctx = {
            core: this,
            account: auth.account,
            signer: auth.signer,
            signerRole: auth.role,
            nonce: env.nonce,
            now: this.clock.now()
          };
          data = this.actions.run(ctx, env.action);
        }
      }
      return { status: 200, body: { status: "ok", requestId, response: { type: responseTypeOf(type), data } } };
    } catch (e) {
      return this.failure(e, requestId);
    }
  }
  /** `POST /info` with an already parsed JSON body: the bare result on success (spec 4.3). */
  handleInfo(body) {
    try {
      return { status: 200, body: this.queries.handle(this, body) };
    } catch (e) {
      return this.failure(e, this.nextRequestId());
    }
  }
  close() {
    this.credits.close();
    this.hub.dropAll();
  }
  failure(e, requestId) {
    if (e instanceof HttpError) return this.errorReply(e, requestId);
    this.log(`internal error in ${requestId}: ${e instanceof Error ? e.message : String(e)}`);
    return this.errorReply(new HttpError("INTERNAL", "internal error; the request may not have been applied"), requestId);
  }
  createOperators() {
    const out = [];
    for (const md of this.config.marketDeployers.keys()) {
      const key = operatorKey(this.seed, md);
      const info = operatorInfo(md, 0, key);
      const account = this.accounts.byAddress(info.address) ?? this.accounts.create(info.address, "operator", this.clock.now());
      this.accounts.enroll(account.id, md);
      out.push(operatorInfo(md, account.id, key));
    }
    return out;
  }
};

// src/exchange/http/faults.ts
var MAX_FAULTS = 1e4;
var MAX_FAULT_DELAY_MS = 12e4;
var FaultInjector = class {
  remaining = 0;
  fault = { mode: "error500", delayMs: 0 };
  scope = "exchange";
  /** Replaces whatever was armed before. */
  arm(count, mode, delayMs, scope) {
    this.remaining = count;
    this.fault = { mode, delayMs };
    this.scope = scope;
  }
  clear() {
    this.remaining = 0;
  }
  get pending() {
    return this.remaining;
  }
  /** The fault for this request, if one is armed for its route; consumes it. */
  take(route) {
    if (this.remaining <= 0 || this.scope !== "any" && this.scope !== route) return void 0;
    this.remaining--;
    return this.fault;
  }
};

// src/exchange/http/server.ts
import { createServer } from "node:http";

// src/exchange/control.ts
import * as v4 from "valibot";
var Count = (max) => v4.pipe(v4.number(), v4.safeInteger(), v4.minValue(0), v4.maxValue(max));
var ControlRequest = v4.variant("type", [
  v4.object({ type: v4.literal("setIndexPrice"), contractId: v4.number(), px: v4.string() }),
  v4.object({ type: v4.literal("freezeShareGroup"), groupId: v4.number(), frozen: v4.boolean() }),
  v4.object({ type: v4.literal("advanceTime"), ms: Count(366 * 24 * 3600 * 1e3) }),
  v4.object({ type: v4.literal("dropConnections") }),
  v4.object({
    type: v4.literal("failNext"),
    count: Count(MAX_FAULTS),
    mode: v4.picklist(["error500", "delay", "dropAfterApply"]),
    delayMs: v4.optional(Count(MAX_FAULT_DELAY_MS)),
    route: v4.optional(v4.picklist(["exchange", "info", "any"]))
  }),
  v4.object({ type: v4.literal("issueInviteCodes"), count: Count(1e3) }),
  v4.object({ type: v4.literal("setPositionMode"), user: v4.string(), mode: v4.picklist(["ONE_WAY", "HEDGE"]) })
]);
function handleControl(core, faults, body) {
  const parsed = v4.safeParse(ControlRequest, body);
  if (!parsed.success) return core.errorReply(new HttpError("BAD_REQUEST", `control: ${describeIssues(parsed.issues)}`));
  const req = parsed.output;
  switch (req.type) {
    case "setIndexPrice": {
      const contract = core.config.contract(req.contractId);
      if (!contract) return core.errorReply(new HttpError("NOT_FOUND", `contractId: no contract ${req.contractId}`));
      let px;
      try {
        px = parseDecimal(req.px, contract.priceScale, "px");
      } catch (e) {
        return core.errorReply(new HttpError("BAD_REQUEST", e instanceof DecimalError ? e.message : "px: expected a decimal string"));
      }
      if (px <= 0n) return core.errorReply(new HttpError("BAD_REQUEST", "px: must be positive"));
      core.indexPrices.set(contract.contractId, px);
      return ok();
    }
    case "freezeShareGroup": {
      if (!core.config.shareGroup(req.groupId)) return core.errorReply(new HttpError("NOT_FOUND", `groupId: no share group ${req.groupId}`));
      core.config.setFrozen(req.groupId, req.frozen);
      core.hub.publish("config", { event: req.frozen ? "freeze" : "unfreeze", groupId: req.groupId, time: core.clock.now() });
      return ok();
    }
    case "advanceTime":
      return ok({ now: core.clock.advance(req.ms) });
    case "dropConnections":
      return ok({ dropped: core.hub.dropAll() });
    case "failNext":
      faults.arm(req.count, req.mode, req.delayMs ?? 0, req.route ?? "exchange");
      return ok();
    case "issueInviteCodes":
      return ok({ codes: core.invites.issue(req.count) });
    case "setPositionMode": {
      const account = core.accounts.byAddress(req.user);
      if (!account) return core.errorReply(new HttpError("NOT_FOUND", `user: no account is registered for ${req.user.toLowerCase()}`));
      for (const h of core.trading.holdings.ofAccount(account.id)) {
        if (h.long || h.short || h.openOrders > 0) return core.errorReply(new HttpError("BAD_REQUEST", "setPositionMode: the account has open positions or orders"));
      }
      core.accounts.setPositionMode(account.id, req.mode);
      return ok();
    }
  }
}
function ok(extra = {}) {
  return { status: 200, body: { ok: true, ...extra } };
}

// src/exchange/http/readBody.ts
var DRAIN_LIMIT = 1024 * 1024;
function readBody(req, limit) {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      drain(req);
      resolve({ kind: "tooLarge" });
      return;
    }
    const chunks = [];
    let size = 0;
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      req.off("data", onData);
      resolve(result);
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        drain(req, size);
        finish({ kind: "tooLarge" });
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => {
      try {
        finish({ kind: "ok", text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) });
      } catch {
        finish({ kind: "notUtf8" });
      }
    });
    req.on("error", () => finish({ kind: "aborted" }));
    req.on("aborted", () => finish({ kind: "aborted" }));
  });
}
function drain(req, already = 0) {
  let seen = already;
  req.on("data", (chunk) => {
    seen += chunk.length;
    if (seen > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}

// src/exchange/http/server.ts
var MAX_BODY_BYTES = 64 * 1024;
var LOOPBACK = /* @__PURE__ */ new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
function isLoopback(address) {
  return address !== void 0 && (LOOPBACK.has(address) || address.startsWith("127.") || address.startsWith("::ffff:127."));
}
function send(res, reply, close2 = false) {
  if (res.headersSent || res.destroyed) return;
  const text = toJson(reply.body);
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text)
  };
  if (close2) headers.connection = "close";
  res.writeHead(reply.status, headers).end(text);
}
var sleep = (ms) => new Promise((resolve) => {
  setTimeout(resolve, ms).unref();
});
function createExchangeHttpServer(core, opts) {
  const limit = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  const ipLimiter = new RateLimiter(opts.rateLimitPerMin);
  const fail = (res, code, message, close2 = false) => send(res, core.errorReply(new HttpError(code, message)), close2);
  async function handle(req, res) {
    const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
    const ip = req.socket.remoteAddress;
    const route = path === "/exchange" ? "exchange" : path === "/info" ? "info" : path === "/control" && opts.control && isLoopback(ip) ? "control" : void 0;
    if (!route) return fail(res, "NOT_FOUND", `no route ${req.method ?? ""} ${path.slice(0, 100)}; the API is POST /exchange, POST /info and /ws`);
    if (req.method !== "POST") return fail(res, "NOT_FOUND", `${path} takes POST with a JSON body`);
    if (route !== "control" && !ipLimiter.take(ip ?? "unknown")) {
      return fail(res, "RATE_LIMITED", `too many requests from ${ip ?? "this client"}; limit is ${opts.rateLimitPerMin} per minute`);
    }
    const body = await readBody(req, limit);
    if (body.kind === "aborted") return;
    if (body.kind === "tooLarge") return fail(res, "PAYLOAD_TOO_LARGE", `body exceeds ${limit} bytes`, true);
    if (body.kind === "notUtf8") return fail(res, "BAD_REQUEST", "body is not UTF-8 text");
    let json;
    try {
      json = JSON.parse(body.text);
    } catch {
      return fail(res, "BAD_REQUEST", "body is not valid JSON");
    }
    if (route === "control") return send(res, handleControl(core, opts.faults, json));
    const fault = opts.faults.take(route);
    if (fault?.mode === "error500") return fail(res, "INTERNAL", "injected failure (control failNext); the request was not applied");
    if (fault?.mode === "delay") await sleep(fault.delayMs);
    const reply = route === "exchange" ? core.handleExchange(json) : core.handleInfo(json);
    if (fault?.mode === "dropAfterApply") {
      req.socket.destroy();
      return;
    }
    send(res, reply);
  }
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) fail(res, "INTERNAL", "internal error");
    });
  });
  server.requestTimeout = 3e4;
  server.headersTimeout = 2e4;
  return server;
}

// src/exchange/market/activity.ts
var ACTIVITY_LEVELS = ["off", "calm", "normal", "busy", "stress"];
var OFF = {
  level: "off",
  makers: 0,
  quoteLevels: 0,
  requoteChance: 0,
  spreadBps: 5,
  levelGapBps: 5,
  makerLots: { min: 1, max: 1 },
  takers: 0,
  takerRatePerSec: 0,
  takerLots: { min: 1, max: 1 },
  marketShare: 0,
  throughLevels: 0,
  volatilityBps: 0
};
var LEVELS = {
  off: OFF,
  calm: {
    level: "calm",
    makers: 2,
    quoteLevels: 5,
    requoteChance: 0.3,
    spreadBps: 5,
    levelGapBps: 5,
    makerLots: { min: 5, max: 20 },
    takers: 1,
    takerRatePerSec: 0.3,
    takerLots: { min: 1, max: 5 },
    marketShare: 0.2,
    throughLevels: 1,
    volatilityBps: 0.3
  },
  normal: {
    level: "normal",
    makers: 3,
    quoteLevels: 8,
    requoteChance: 0.5,
    spreadBps: 4,
    levelGapBps: 5,
    makerLots: { min: 5, max: 25 },
    takers: 2,
    takerRatePerSec: 2,
    takerLots: { min: 1, max: 10 },
    marketShare: 0.2,
    throughLevels: 1,
    volatilityBps: 0.6
  },
  busy: {
    level: "busy",
    makers: 4,
    quoteLevels: 10,
    requoteChance: 0.7,
    spreadBps: 3,
    levelGapBps: 5,
    makerLots: { min: 5, max: 30 },
    takers: 3,
    takerRatePerSec: 12,
    takerLots: { min: 1, max: 15 },
    marketShare: 0.25,
    throughLevels: 2,
    volatilityBps: 1
  },
  stress: {
    level: "stress",
    makers: 6,
    quoteLevels: 12,
    requoteChance: 1,
    spreadBps: 2,
    levelGapBps: 5,
    makerLots: { min: 5, max: 40 },
    takers: 4,
    takerRatePerSec: 50,
    takerLots: { min: 1, max: 20 },
    marketShare: 0.25,
    throughLevels: 2,
    volatilityBps: 1.5
  }
};
var MAX_MAKERS = Math.max(...ACTIVITY_LEVELS.map((l) => LEVELS[l].makers));
var MAX_TAKERS = Math.max(...ACTIVITY_LEVELS.map((l) => LEVELS[l].takers));
function activityParams(level) {
  return LEVELS[level];
}

// src/exchange/market/sampling.ts
function normal(rng) {
  const sum = rng.next() + rng.next() + rng.next() + rng.next();
  return (sum - 2) * Math.sqrt(3);
}
function poisson(rng, lambda) {
  if (!(lambda > 0)) return 0;
  if (lambda > 50) return Math.max(0, Math.round(lambda + normal(rng) * Math.sqrt(lambda)));
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}
function skewedCount(rng, min, max) {
  if (max <= min) return min;
  const u = rng.next();
  return min + Math.floor((max - min + 1) * u * u);
}

// src/exchange/market/indexWalk.ts
var FINE = 1000000n;
var PPH = 100000000n;
var IndexWalk = class {
  rng;
  tick;
  floor;
  ceil;
  stepMs;
  driftChance;
  maxCatchUp;
  volBps;
  maxDriftBps;
  exact;
  drift = 0;
  lastTime;
  constructor(opts) {
    if (opts.tickSize <= 0n) throw new RangeError("tickSize must be positive");
    const minTicks = opts.minTicks ?? 5n;
    if (minTicks < 1n || opts.maxTicks < minTicks) throw new RangeError(`maxTicks ${opts.maxTicks} must be at least minTicks ${minTicks}`);
    this.rng = new Prng(opts.seed);
    this.tick = opts.tickSize;
    this.floor = minTicks * opts.tickSize;
    this.ceil = opts.maxTicks * opts.tickSize;
    this.stepMs = Math.max(1, opts.stepMs ?? 100);
    this.volBps = Math.max(0, opts.volatilityBps ?? 1);
    this.maxDriftBps = Math.max(0, opts.maxDriftBps ?? this.volBps / 4);
    this.driftChance = opts.driftChance ?? 2e-3;
    this.maxCatchUp = Math.max(1, opts.maxCatchUpSteps ?? 600);
    this.exact = this.snap(opts.startPx) * FINE;
  }
  /** Current index, a positive multiple of the tick within the bounds. */
  get px() {
    const unit = this.tick * FINE;
    const snapped = (this.exact + unit / 2n) / unit * this.tick;
    return snapped < this.floor ? this.floor : snapped > this.ceil ? this.ceil : snapped;
  }
  get bounds() {
    return { min: this.floor, max: this.ceil };
  }
  /** Control route `setIndexPrice`: jumps to px (snapped to the nearest tick, clamped to the bounds) and ends any drift. */
  setIndex(px) {
    this.exact = this.snap(px) * FINE;
    this.drift = 0;
    return this.px;
  }
  /** Activity changes retune the walk without resetting its path. */
  setVolatility(volatilityBps, maxDriftBps = volatilityBps / 4) {
    this.volBps = Math.max(0, volatilityBps);
    this.maxDriftBps = Math.max(0, maxDriftBps);
    if (this.maxDriftBps === 0) this.drift = 0;
  }
  /** Advances one step per `stepMs` elapsed since the last call; the first call only sets the clock. Returns the index. */
  step(now) {
    if (this.lastTime === void 0 || now < this.lastTime) {
      this.lastTime = now;
      return this.px;
    }
    const steps = Math.floor((now - this.lastTime) / this.stepMs);
    if (steps <= 0) return this.px;
    this.lastTime += steps * this.stepMs;
    for (let i = Math.min(steps, this.maxCatchUp); i > 0; i--) this.stepOnce();
    return this.px;
  }
  stepOnce() {
    if (this.volBps === 0 && this.maxDriftBps === 0) return;
    if (this.rng.chance(this.driftChance)) {
      this.drift = this.rng.chance(0.5) ? 0 : (this.rng.next() * 2 - 1) * this.maxDriftBps;
    }
    const bps = normal(this.rng) * this.volBps + this.drift;
    const move2 = this.exact * BigInt(Math.round(bps * 1e4)) / PPH;
    let next = this.exact + move2;
    const lo = this.floor * FINE;
    const hi = this.ceil * FINE;
    if (next < lo) {
      next = 2n * lo - next;
      this.drift = Math.abs(this.drift);
    } else if (next > hi) {
      next = 2n * hi - next;
      this.drift = -Math.abs(this.drift);
    }
    this.exact = next < lo ? lo : next > hi ? hi : next;
  }
  /** Nearest tick (halves up), clamped to the bounds. */
  snap(px) {
    const ticks = px <= 0n ? 0n : (px + this.tick / 2n) / this.tick;
    const snapped = ticks * this.tick;
    return snapped < this.floor ? this.floor : snapped > this.ceil ? this.ceil : snapped;
  }
};

// src/exchange/market/makerBot.ts
function makerLadder(input) {
  const tick = input.tickSize;
  if (tick <= 0n || input.stepSize <= 0n) throw new RangeError("tickSize and stepSize must be positive");
  const gapTicks = input.gapTicks !== void 0 && input.gapTicks > 0n ? input.gapTicks : 1n;
  const spreadTicks = input.spreadTicks > 0n ? input.spreadTicks : 1n;
  const gap = gapTicks * tick;
  const maxPx = input.maxTicks * tick;
  const maxInv = input.maxInventory ?? 0n;
  const maxSkew = input.maxSkewTicks ?? gapTicks;
  let skewTicks = 0n;
  if (maxInv > 0n) {
    skewTicks = input.inventory * maxSkew / maxInv;
    if (skewTicks > maxSkew) skewTicks = maxSkew;
    if (skewTicks < -maxSkew) skewTicks = -maxSkew;
  }
  const centre = input.index - skewTicks * tick;
  const quoteBids = !(maxInv > 0n && input.inventory >= maxInv);
  const quoteAsks = !(maxInv > 0n && input.inventory <= -maxInv);
  const ownAt = (isBuy, px) => px !== void 0 && input.quotes.some((q) => q.isBuy === isBuy && q.px === px);
  const askLimit = input.bestAsk !== void 0 && !ownAt(false, input.bestAsk) ? input.bestAsk : void 0;
  const bidLimit = input.bestBid !== void 0 && !ownAt(true, input.bestBid) ? input.bestBid : void 0;
  const step = input.stepSize;
  const sz = input.size < step ? step : input.size - input.size % step;
  const out = [];
  if (quoteBids) {
    const top = centre - spreadTicks * tick;
    let px = floorTo(top, gap);
    for (let i = 0; i < input.levels && px >= tick; i++, px -= gap) {
      if (px > maxPx || askLimit !== void 0 && px >= askLimit) continue;
      out.push({ isBuy: true, px, sz });
    }
  }
  if (quoteAsks) {
    const bottom = centre + spreadTicks * tick;
    let px = ceilTo(bottom, gap);
    for (let i = 0; i < input.levels && px <= maxPx; i++, px += gap) {
      if (px < tick || bidLimit !== void 0 && px <= bidLimit) continue;
      out.push({ isBuy: false, px, sz });
    }
  }
  return out;
}
function planMakerQuotes(input) {
  const tif = input.tif ?? "Alo";
  const targets = makerLadder(input);
  const kept = /* @__PURE__ */ new Set();
  const places = [];
  for (const target of targets) {
    const match = input.quotes.find(
      (q) => !kept.has(q.oid) && q.isBuy === target.isBuy && q.px === target.px && q.sz * 2n >= target.sz
    );
    if (match) kept.add(match.oid);
    else places.push({ isBuy: target.isBuy, px: target.px, sz: target.sz, tif });
  }
  const cancels = input.quotes.filter((q) => !kept.has(q.oid)).map((q) => q.oid);
  return { cancels, places };
}
function floorTo(x, m) {
  const r = x % m;
  return r === 0n ? x : x >= 0n ? x - r : x - r - m;
}
function ceilTo(x, m) {
  const r = x % m;
  return r === 0n ? x : x >= 0n ? x - r + m : x - r;
}

// src/exchange/market/takerBot.ts
var LEAN = 0.65;
var TakerBot = class {
  constructor(rng, opts) {
    this.rng = rng;
    this.opts = { blockMs: 100, ...opts };
  }
  rng;
  opts;
  configure(opts) {
    this.opts = { ...this.opts, ...opts };
  }
  /** Expected orders per block. */
  get perBlock() {
    return Math.max(0, this.opts.ratePerSec * this.opts.blockMs / 1e3);
  }
  /** The orders of one block; the position is assumed to follow each order so several in a block respect the limit. */
  step(m) {
    const count = poisson(this.rng, this.perBlock);
    const out = [];
    let position = m.position;
    for (let k = 0; k < count; k++) {
      const lots = skewedCount(this.rng, Math.max(1, this.opts.minLots), Math.max(1, this.opts.maxLots));
      const useMarket = this.rng.chance(this.opts.marketShare);
      let sz = m.lot * BigInt(lots);
      let isBuy;
      let reduceOnly = false;
      if (m.maxPosition > 0n && (position >= m.maxPosition || position <= -m.maxPosition)) {
        isBuy = position < 0n;
        reduceOnly = true;
        const abs = position < 0n ? -position : position;
        if (sz > abs) sz = abs;
      } else {
        isBuy = this.rng.chance(this.buyChance(m));
      }
      if (sz <= 0n) continue;
      const touch = isBuy ? m.bestAsk : m.bestBid;
      if (touch === void 0) continue;
      if (useMarket) {
        out.push({ isBuy, sz, type: "Market", reduceOnly });
      } else {
        out.push({ isBuy, sz, type: "Ioc", px: this.limitPx(isBuy, touch, m), reduceOnly });
      }
      position += isBuy ? sz : -sz;
    }
    return out;
  }
  buyChance(m) {
    if (m.index === void 0 || m.bestBid === void 0 || m.bestAsk === void 0) return 0.5;
    const twiceMid = m.bestBid + m.bestAsk;
    const twiceIndex = m.index * 2n;
    return twiceIndex > twiceMid ? LEAN : twiceIndex < twiceMid ? 1 - LEAN : 0.5;
  }
  limitPx(isBuy, touch, m) {
    const through = m.throughTicks * m.tickSize;
    const maxPx = m.maxTicks * m.tickSize;
    if (isBuy) return touch + through > maxPx ? maxPx : touch + through;
    return touch - through < m.tickSize ? m.tickSize : touch - through;
  }
};

// src/exchange/market/marketMaker.ts
function deriveSeed(seed, stream) {
  let h = Math.imul(seed ^ 1540483477, 2654435761) ^ Math.imul(stream + 1, 2246822507);
  h = Math.imul(h ^ h >>> 15, 739982445);
  return (h ^ h >>> 13) >>> 0;
}
function niceTicks(n) {
  if (n <= 1n) return 1n;
  let unit = 1n;
  while (unit * 10n <= n) unit *= 10n;
  return n >= 5n * unit ? 5n * unit : n >= 2n * unit ? 2n * unit : unit;
}
var MarketDriver = class {
  walk;
  makers;
  takers;
  tick;
  step_;
  maxTicks;
  lot;
  blockMs;
  params;
  constructor(opts) {
    this.tick = opts.tickSize;
    this.step_ = opts.stepSize;
    this.maxTicks = opts.maxTicks;
    const lot = opts.lot ?? opts.stepSize;
    this.lot = lot < opts.stepSize ? opts.stepSize : lot - lot % opts.stepSize;
    this.blockMs = opts.blockMs ?? 100;
    this.params = activityParams(opts.activity ?? "normal");
    this.walk = new IndexWalk({
      seed: deriveSeed(opts.seed, 0),
      tickSize: opts.tickSize,
      maxTicks: opts.maxTicks,
      startPx: opts.startPx,
      stepMs: this.blockMs,
      volatilityBps: this.params.volatilityBps
    });
    const prefix = opts.ownerPrefix ?? "bot-";
    const makerOwners = opts.makerOwners ?? Array.from({ length: MAX_MAKERS }, (_, i) => `${prefix}maker-${i}`);
    const takerOwners = opts.takerOwners ?? Array.from({ length: MAX_TAKERS }, (_, i) => `${prefix}taker-${i}`);
    this.makers = makerOwners.map((owner, i) => {
      const rng = new Prng(deriveSeed(opts.seed, 100 + i));
      return { owner, rng, sizeDraw: rng.next() };
    });
    const takerOpts = this.takerOptions(takerOwners.length);
    this.takers = takerOwners.map((owner, i) => ({ owner, bot: new TakerBot(new Prng(deriveSeed(opts.seed, 200 + i)), takerOpts) }));
  }
  get index() {
    return this.walk.px;
  }
  get activity() {
    return this.params;
  }
  /** Every bot account this driver may use, so the exchange can register and fund them up front. */
  get owners() {
    return { makers: this.makers.map((m) => m.owner), takers: this.takers.map((t) => t.owner) };
  }
  setActivity(level) {
    this.params = activityParams(level);
    this.walk.setVolatility(this.params.volatilityBps);
    const takerOpts = this.takerOptions(this.takers.length);
    for (const t of this.takers) t.bot.configure(takerOpts);
  }
  /** Control route setIndexPrice; returns the index actually set (snapped to the tick, within bounds). */
  setIndex(px) {
    return this.walk.setIndex(px);
  }
  /** One block. Bots beyond the level's count (or all, at 'off') withdraw their quotes. */
  step(now, view) {
    const index = this.walk.step(now);
    const p = this.params;
    const intents = [];
    const bps = (b) => index * BigInt(Math.round(b * 100)) / (1000000n * this.tick);
    const gapTicks = niceTicks(bps(p.levelGapBps));
    this.makers.forEach((maker, i) => {
      const quotes = view.ownOrders(maker.owner);
      if (i >= p.makers) {
        if (quotes.length > 0) intents.push({ kind: "cancel", owner: maker.owner, oids: quotes.map((q) => q.oid) });
        return;
      }
      if (!maker.rng.chance(p.requoteChance) && quotes.length > 0) return;
      const lots = p.makerLots.min + Math.floor(maker.sizeDraw * (p.makerLots.max - p.makerLots.min + 1));
      const size = this.lot * BigInt(lots);
      const plan = planMakerQuotes({
        index,
        tickSize: this.tick,
        stepSize: this.step_,
        maxTicks: this.maxTicks,
        quotes,
        inventory: view.position(maker.owner),
        levels: p.quoteLevels,
        spreadTicks: bps(p.spreadBps * (i + 1)),
        gapTicks,
        size,
        maxInventory: size * BigInt(p.quoteLevels) * 2n,
        maxSkewTicks: gapTicks * 2n,
        bestBid: view.bestBid,
        bestAsk: view.bestAsk
      });
      if (plan.cancels.length > 0) intents.push({ kind: "cancel", owner: maker.owner, oids: plan.cancels });
      for (const q of plan.places) intents.push({ kind: "place", owner: maker.owner, isBuy: q.isBuy, px: q.px, sz: q.sz, tif: q.tif, reduceOnly: false });
    });
    this.takers.forEach((taker, i) => {
      if (i >= p.takers) return;
      const orders = taker.bot.step({
        bestBid: view.bestBid,
        bestAsk: view.bestAsk,
        index,
        tickSize: this.tick,
        maxTicks: this.maxTicks,
        lot: this.lot,
        throughTicks: gapTicks * BigInt(p.throughLevels),
        position: view.position(taker.owner),
        maxPosition: this.lot * BigInt(p.takerLots.max) * 10n
      });
      for (const o of orders) {
        intents.push({ kind: "place", owner: taker.owner, isBuy: o.isBuy, ...o.px !== void 0 ? { px: o.px } : {}, sz: o.sz, tif: o.type, reduceOnly: o.reduceOnly });
      }
    });
    return { index, intents };
  }
  /** The level's taker rate is shared by the takers that are actually available. */
  takerOptions(available) {
    const p = this.params;
    const active = Math.min(p.takers, available);
    return {
      ratePerSec: active > 0 ? p.takerRatePerSec / active : 0,
      blockMs: this.blockMs,
      minLots: p.takerLots.min,
      maxLots: p.takerLots.max,
      marketShare: p.marketShare
    };
  }
};

// src/exchange/live/botAccounts.ts
import { keccak_256 as keccak_2562 } from "@noble/hashes/sha3.js";
var BOT_FUNDING_PER_DEPLOYER = 2500000n;
function botAddress(seed, label) {
  const hash = keccak_2562(new TextEncoder().encode(`perpdesk-bot:${seed}:${label}`));
  return toHex(hash.slice(12));
}
function ensureBotAccount(core, label) {
  const address = botAddress(core.seed, label);
  const existing = core.accounts.byAddress(address);
  if (existing) return existing;
  const account = core.accounts.create(address, "bot", core.clock.now());
  const coin = core.config.collateralCoinId;
  const decimals = core.config.coin(coin)?.decimals ?? 6;
  const perPool = BOT_FUNDING_PER_DEPLOYER * 10n ** BigInt(decimals);
  const chain = bucket.chain(account.id, coin);
  core.ledger.mint(chain, perPool * BigInt(core.config.marketDeployers.size), `bot funding ${label}`);
  for (const md of core.config.marketDeployers.keys()) {
    core.accounts.enroll(account.id, md);
    core.ledger.transfer(chain, bucket.md(account.id, md, coin), perPool, { memo: "bot collateral" });
  }
  return account;
}

// src/exchange/live/marketBots.ts
var MarketBots = class {
  constructor(core, opts) {
    this.core = core;
    const makers = Array.from({ length: MAX_MAKERS }, (_, i) => ensureBotAccount(core, `maker-${i}`));
    const takers = Array.from({ length: MAX_TAKERS }, (_, i) => ensureBotAccount(core, `taker-${i}`));
    for (const a of [...makers, ...takers]) this.bots.set(String(a.id), a);
    for (const c of core.config.contracts.values()) {
      if (core.config.contractStatus(c.contractId) !== "Active") continue;
      this.drivers.set(
        c.contractId,
        new MarketDriver({
          seed: core.seed * 31 + c.contractId >>> 0,
          tickSize: c.tickSize,
          stepSize: c.stepSize,
          maxTicks: c.maxTicks,
          startPx: core.indexPrices.get(c.contractId) ?? c.initialIndexPx,
          activity: opts.activity,
          blockMs: opts.blockMs,
          makerOwners: makers.map((a) => String(a.id)),
          takerOwners: takers.map((a) => String(a.id))
        })
      );
    }
    this.unsubscribe = core.indexPrices.onChange((contractId, px) => {
      const d = this.drivers.get(contractId);
      if (d && d.index !== px) d.setIndex(px);
    });
  }
  core;
  drivers = /* @__PURE__ */ new Map();
  bots = /* @__PURE__ */ new Map();
  unsubscribe;
  setActivity(level) {
    for (const d of this.drivers.values()) d.setActivity(level);
  }
  step(now) {
    const t = this.core.trading;
    for (const [contractId, driver] of this.drivers) {
      const market = t.market(contractId);
      if (!market) continue;
      const view = {
        get bestBid() {
          return market.book.bestBid();
        },
        get bestAsk() {
          return market.book.bestAsk();
        },
        ownOrders: (owner) => market.book.ordersOf(owner),
        position: (owner) => netSize(t.holdings.get(Number(owner), contractId))
      };
      const { index, intents } = driver.step(now, view);
      if (index !== this.core.indexPrices.get(contractId)) this.core.indexPrices.set(contractId, index);
      for (const intent of intents) t.run(() => this.apply(contractId, intent, now));
    }
  }
  close() {
    this.unsubscribe();
  }
  apply(contractId, intent, now) {
    const t = this.core.trading;
    const account = this.bots.get(intent.owner);
    if (!account) return;
    if (intent.kind === "cancel") {
      for (const oid of intent.oids) {
        const o = t.orders.get(oid);
        if (o && o.accountId === account.id && o.status === "open") t.cancelOpenOrder(o, now);
      }
      return;
    }
    submitOrder(t, account, { contractId, isBuy: intent.isBuy, px: intent.px, sz: intent.sz, tif: intent.tif, reduceOnly: intent.reduceOnly }, now);
  }
};

// src/exchange/live/blockLoop.ts
var DEFAULT_BLOCK_MS = 100;
function parseActivity(value, fallback) {
  if (value === void 0) return fallback;
  if (!ACTIVITY_LEVELS.includes(value)) throw new Error(`activity must be one of ${ACTIVITY_LEVELS.join(", ")}, got "${value}"`);
  return value;
}
var BlockLoop = class {
  constructor(core, opts) {
    this.core = core;
    this.opts = opts;
    if (!Number.isSafeInteger(opts.blockMs) || opts.blockMs < 1) throw new RangeError("block interval must be a whole number of milliseconds >= 1");
    this.bots = opts.activity === "off" ? void 0 : new MarketBots(core, opts);
  }
  core;
  opts;
  bots;
  timer;
  failures = 0;
  start() {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.opts.blockMs);
    this.timer.unref();
  }
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = void 0;
    this.bots?.close();
  }
  /** One block; public so in-process tests can step without a timer. */
  tick(now = this.core.clock.now()) {
    try {
      this.bots?.step(now);
      this.core.trading.step(now);
      this.publish(now);
    } catch (e) {
      if (++this.failures <= 10) this.core.log(`block failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  publish(now) {
    const { hub, config, trading } = this.core;
    for (const c of config.contracts.values()) {
      const id = c.contractId;
      if (hub.subscriberCount(`l2Book:${id}`) > 0) hub.publish(`l2Book:${id}`, l2BookOf(this.core, c, void 0, now));
      if (hub.subscriberCount(`bbo:${id}`) > 0) hub.publish(`bbo:${id}`, bboOf(this.core, c, now));
      const market = trading.market(id);
      if (!market) continue;
      for (const e of market.drainCandleEvents()) {
        const key = `candle:${id}:${e.interval}`;
        if (hub.subscriberCount(key) > 0) hub.publish(key, toCandleUpdate(id, e, c));
      }
    }
  }
};

// src/exchange/streams/wsTransport.ts
import { WebSocketServer } from "ws";
function attachWebSocket(server, hub, opts = {}) {
  const path = opts.path ?? "/ws";
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxPayloadBytes ?? 64 * 1024 });
  const alive = /* @__PURE__ */ new WeakMap();
  const onUpgrade = (req, socket, head) => {
    const url = (req.url ?? "").split("?", 1)[0];
    if (url !== path) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  };
  server.on("upgrade", onUpgrade);
  wss.on("connection", (ws) => {
    const id = hub.attach({
      send: (text) => ws.send(text),
      get bufferedAmount() {
        return ws.bufferedAmount;
      },
      terminate: () => ws.terminate()
    });
    if (id === void 0) {
      ws.close(1013, "too many connections");
      return;
    }
    alive.set(ws, true);
    ws.on("pong", () => alive.set(ws, true));
    ws.on("message", (data, isBinary) => {
      if (isBinary) hub.receiveBinary(id);
      else hub.receive(id, data.toString());
    });
    ws.on("close", () => hub.detach(id));
    ws.on("error", () => ws.terminate());
  });
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, opts.heartbeatMs ?? 3e4);
  heartbeat.unref();
  return {
    close: () => new Promise((resolve) => {
      clearInterval(heartbeat);
      server.off("upgrade", onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close(() => resolve());
    })
  };
}

// src/exchange/startExchange.ts
function hostForUrl(host) {
  return host.includes(":") ? `[${host}]` : host;
}
async function startExchange(opts = {}) {
  const host = opts.host ?? "127.0.0.1";
  const activity = parseActivity(opts.activity, "normal");
  const core = new ExchangeCore(opts);
  const blocks = new BlockLoop(core, { activity, blockMs: opts.blockMs ?? DEFAULT_BLOCK_MS });
  const faults = new FaultInjector();
  const server = createExchangeHttpServer(core, {
    faults,
    control: opts.control ?? false,
    rateLimitPerMin: opts.rateLimitPerMin ?? DEFAULT_RATE_LIMIT_PER_MIN
  });
  const ws = attachWebSocket(server, core.hub);
  const disposers = [];
  try {
    for (const extension of opts.extensions ?? []) {
      const dispose = extension(core, opts);
      if (dispose) disposers.push(dispose);
    }
    if (activity !== "off") blocks.tick();
    await new Promise((resolve, reject2) => {
      server.once("error", reject2);
      server.listen(opts.port ?? 0, host, () => {
        server.off("error", reject2);
        resolve();
      });
    });
  } catch (e) {
    for (const dispose of disposers.reverse()) await dispose();
    blocks.stop();
    core.close();
    await ws.close();
    throw e;
  }
  server.on("error", (e) => opts.log?.(`http server: ${e.message}`));
  blocks.start();
  const port = server.address().port;
  const base = `${hostForUrl(host)}:${port}`;
  let closing;
  const close2 = () => closing ??= (async () => {
    blocks.stop();
    for (const dispose of disposers.reverse()) await dispose();
    core.close();
    await ws.close();
    await new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  })();
  return {
    url: `http://${base}`,
    wsUrl: `ws://${base}/ws`,
    host,
    port,
    inviteCodes: core.invites.available(),
    operators: core.operators,
    core,
    blocks,
    close: close2
  };
}

export {
  INVITE_CODE_RE,
  startExchange
};
