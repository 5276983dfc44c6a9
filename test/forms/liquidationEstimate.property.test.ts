import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockerText, type BlockerKind } from '../../src/forms/blockers.js';
import { hedgeSide } from '../../src/forms/orderRisk.js';
import { preTradeFor } from '../../src/forms/orderContext.js';
import type { ExchangeCore } from '../../src/exchange/core.js';
import { toJson } from '../../src/exchange/json.js';
import { addressOf, formatDecimal, parseDecimal } from '../../src/protocol/index.js';
import { build, type ContractConfig, type OrderSpec, type OrderStatus, type UserAccount } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { inProcessReader, liveReader, type LiveReader } from './liveContext.js';

/**
 * Generated cases against the embedded exchange: margin mode, leverage, pool balance, share
 * type (UNIFIED or PORTFOLIO), position mode, an existing position or not, another position
 * in the same pool, a mark move, and an order walking a few book levels. For each, the
 * confirm step's estimate is made from the exchange's reads, the order is sent, and:
 * - the exchange refuses it exactly when the estimate names a blocker, and for that reason;
 * - once filled, the liquidation price estimated before sending is the `liquidationPx` the
 *   exchange's `userAccount` reports, to the price scale.
 * A share of the cases runs over loopback HTTP with signed requests; the rest calls the
 * exchange's own action and read handlers in-process (no signature, no socket), which is
 * what keeps a few hundred cases within seconds.
 */
const LOOPBACK_CASES = 40;
const IN_PROCESS_CASES = 400;
/** PRETRADE_SEED=<n> replays another sample (the failing case's JSON is in the assertion). */
const SEED = Number(process.env.PRETRADE_SEED ?? 20_261_125);
const USDC = 1_000_000n;

interface Shape {
  /** Index in ticks and a size step of the contract. */
  indexTicks: bigint;
  partner?: number;
}
const SHAPES: Record<number, Shape> = {
  1: { indexTicks: 150n, partner: 2 },
  2: { indexTicks: 120_000n, partner: 1 },
  3: { indexTicks: 60_000n },
};

interface Case {
  contractId: number;
  portfolio: boolean;
  hedge: boolean;
  /** The control route freezes the share group (PORTFOLIO on a group contract only). */
  freeze: boolean;
  isolated: boolean;
  /** Share of the first tier's maximum, in percent. */
  leveragePct: number;
  poolWhole: number;
  existing: { isBuy: boolean; notionalWhole: number } | null;
  other: { isBuy: boolean; notionalWhole: number } | null;
  /** Index move after the positions are taken, in tenths of a percent. */
  movePermille: number;
  /** Notional as a share of what the pool carries at the leverage (pool x leverage), in percent. */
  /** Alo: post-only, at a price that crosses the quotes (the blocker and the exchange's refusal). */
  order: { isBuy: boolean; kind: 'Market' | 'Ioc' | 'Gtc' | 'Alo'; notionalPct: number; reduceOnly: boolean; levels: number; rest: boolean };
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  contractId: fc.constantFrom(1, 2, 3),
  portfolio: fc.boolean(),
  hedge: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  freeze: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  isolated: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
  leveragePct: fc.integer({ min: 1, max: 100 }),
  poolWhole: fc.oneof(fc.integer({ min: 20, max: 400 }), fc.integer({ min: 400, max: 9_000 })),
  existing: fc.option(fc.record({ isBuy: fc.boolean(), notionalWhole: fc.integer({ min: 50, max: 20_000 }) }), { nil: null, freq: 2 }),
  other: fc.option(fc.record({ isBuy: fc.boolean(), notionalWhole: fc.integer({ min: 50, max: 8_000 }) }), { nil: null, freq: 2 }),
  movePermille: fc.integer({ min: -40, max: 40 }),
  order: fc.record({
    isBuy: fc.boolean(),
    kind: fc.oneof({ arbitrary: fc.constantFrom('Market' as const, 'Ioc' as const, 'Gtc' as const), weight: 15 }, { arbitrary: fc.constant('Alo' as const), weight: 1 }),
    notionalPct: fc.oneof(fc.integer({ min: 2, max: 80 }), fc.integer({ min: 80, max: 130 })),
    reduceOnly: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    levels: fc.integer({ min: 1, max: 3 }),
    rest: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  }),
});

/** The exchange's item error for each blocker the estimate can name. */
const REFUSAL: Record<BlockerKind, string> = {
  notEnrolled: 'not enrolled in market deployer',
  inactive: 'contract is not active',
  frozen: 'share margin group is FROZEN',
  reduceOnly: 'reduce only order would increase position',
  margin: 'insufficient margin',
  beyondTiers: 'position would exceed the largest leverage tier',
  postOnly: 'post only order would cross',
};

interface Who {
  address: string;
}

/** How a case reaches the exchange: over loopback, or into its handlers in-process. */
interface Venue {
  reader: LiveReader;
  register(): Promise<Who>;
  act(who: Who, action: { type: string }): Promise<Record<string, unknown>>;
  setIndex(contractId: number, px: string): Promise<void>;
  hedge(who: Who): Promise<void>;
  freeze(groupId: number, frozen: boolean): Promise<void>;
}

function loopbackVenue(ex: TestExchange, reader: LiveReader): Venue {
  const keys = new Map<string, `0x${string}`>();
  return {
    reader,
    async register() {
      const r = await ex.registerFunded();
      keys.set(r.address, r.key);
      return r;
    },
    act: async (who, action) => exchangeData(await ex.signedPost(action, keys.get(who.address)!)),
    async setIndex(contractId, px) {
      const r = await ex.control({ type: 'setIndexPrice', contractId, px });
      if (r.status !== 200) throw new Error(`setIndexPrice: ${JSON.stringify(r.body)}`);
    },
    async hedge(who) {
      const r = await ex.control({ type: 'setPositionMode', user: who.address, mode: 'HEDGE' });
      if (r.status !== 200) throw new Error(`setPositionMode: ${JSON.stringify(r.body)}`);
    },
    async freeze(groupId, frozen) {
      const r = await ex.control({ type: 'freezeShareGroup', groupId, frozen });
      if (r.status !== 200) throw new Error(`freezeShareGroup: ${JSON.stringify(r.body)}`);
    },
  };
}

function inProcessVenue(core: ExchangeCore, reader: LiveReader): Venue {
  let nonce = 0;
  const accountOf = (who: Who) => core.accounts.byAddress(who.address)!;
  return {
    reader,
    async register() {
      const address = addressOf(newKey());
      const account = core.accounts.create(address, 'user', core.clock.now());
      core.credits.schedule(account.id);
      return { address };
    },
    async act(who, action) {
      const ctx = { core, account: accountOf(who), signer: accountOf(who).address, signerRole: 'master' as const, nonce: ++nonce, now: core.clock.now() };
      return JSON.parse(toJson(core.actions.run(ctx, action as Parameters<typeof core.actions.run>[1])));
    },
    async setIndex(contractId, px) {
      const c = core.config.contract(contractId)!;
      core.indexPrices.set(contractId, parseDecimal(px, c.priceScale, 'px'));
    },
    async hedge(who) {
      core.accounts.setPositionMode(accountOf(who).id, 'HEDGE');
    },
    async freeze(groupId, frozen) {
      core.config.setFrozen(groupId, frozen);
    },
  };
}

let ex: TestExchange;
let venue: Venue;
/** One market maker per deployer, renewed now and then so its own position stays small. */
let makers = new Map<number, { who: Who; uses: number }>();

beforeAll(async () => {
  ex = await startTestExchange({ creditDelayMs: 0 });
});
afterAll(async () => {
  await venue?.reader.close();
  await ex.close();
});

const contract = (id: number): ContractConfig => venue.reader.configs.contracts.find((c) => c.contractId === id)!;
const tick = (c: ContractConfig) => BigInt(c.tickSize);
const step = (c: ContractConfig) => BigInt(c.stepSize);

async function post(who: Who, action: { type: string }): Promise<Record<string, unknown>> {
  return venue.act(who, action);
}

async function place(who: Who, specs: OrderSpec[]): Promise<OrderStatus[]> {
  return (await post(who, build.order(specs))).statuses as OrderStatus[];
}

async function setIndex(c: ContractConfig, ticks: bigint): Promise<void> {
  await venue.setIndex(c.contractId, formatDecimal(ticks * tick(c), c.priceScale));
}

async function theMaker(md: number, use = true): Promise<Who> {
  let m = makers.get(md);
  if (!m || (use && m.uses >= 6)) {
    const who = await venue.register();
    await post(who, build.enroll(md));
    await post(who, build.lockCollateral(md, 0, String(9_900n * USDC)));
    for (const c of venue.reader.configs.contracts) {
      if (c.status === 'Active' && c.marketDeployerId === md) await post(who, build.updateLeverage(c.contractId, c.leverageTiers[0]!.maxLeverage));
    }
    m = { who, uses: 0 };
    makers.set(md, m);
  }
  if (use) m.uses++;
  return m.who;
}

/** Size in raw steps for about `whole` USDC of notional at `ticks`. */
function stepsFor(c: ContractConfig, whole: number, ticks: bigint): bigint {
  const pxRaw = ticks * tick(c);
  const raw = (BigInt(whole) * 10n ** BigInt(c.priceScale + c.qtyScale)) / pxRaw;
  const steps = raw / step(c);
  return (steps > 0n ? steps : 1n) * step(c);
}

const pxText = (c: ContractConfig, ticks: bigint) => formatDecimal(ticks * tick(c), c.priceScale);
const szText = (c: ContractConfig, raw: bigint) => formatDecimal(raw, c.qtyScale);

/** Takes a position of about `whole` USDC at the index: the maker quotes one tick away, the trader takes it. */
async function takePosition(who: Who, c: ContractConfig, ticks: bigint, isBuy: boolean, whole: number): Promise<void> {
  const m = await theMaker(c.marketDeployerId);
  const size = stepsFor(c, whole, ticks);
  const at = isBuy ? ticks + 1n : ticks - 1n;
  const [quoted] = await place(m, [{ contractId: c.contractId, isBuy: !isBuy, price: pxText(c, at), size: szText(c, size), reduceOnly: false }]);
  if (quoted && 'resting' in quoted) await place(who, [{ contractId: c.contractId, isBuy, price: pxText(c, at), size: szText(c, size), tif: 'Ioc', reduceOnly: false }]);
  await post(m, build.cancelAll(c.contractId));
}

interface Outcome {
  kind: 'matched' | 'refused-as-said' | 'skipped' | 'mismatch';
  /** Filled and compared: the exchange reported a liquidation price (not "none"). */
  priced?: boolean;
  /** Filled and compared, both sides a price: |estimate - exchange| in raw price units. */
  diff?: bigint;
  /** The exchange's refusal, when it refused as the estimate said. */
  refusal?: string;
  detail?: string;
}

async function runCase(k: Case): Promise<Outcome> {
  const c = contract(k.contractId);
  const shape = SHAPES[k.contractId]!;
  const partner = shape.partner !== undefined ? contract(shape.partner) : undefined;
  await setIndex(c, shape.indexTicks);
  if (partner) await setIndex(partner, SHAPES[partner.contractId]!.indexTicks);

  const me = await venue.register();
  const indexOf = new Map<number, bigint>([[c.contractId, shape.indexTicks]]);
  if (partner) indexOf.set(partner.contractId, SHAPES[partner.contractId]!.indexTicks);
  try {
    return await tradeCase(k, c, me, partner, indexOf);
  } finally {
    if (c.shareGroupId !== undefined) await venue.freeze(c.shareGroupId, false);
    await flatten(me, indexOf);
  }
}

/**
 * Closes what the case left open against the makers that opened it, so no earlier account
 * can be liquidated into a later case's book (and the makers stay near flat).
 */
async function flatten(me: Who, indexOf: ReadonlyMap<number, bigint>): Promise<void> {
  const acct = (await venue.reader.info.userAccount(me.address)) as { ok: true; value: UserAccount };
  for (const p of acct.value.marketDeployers.flatMap((m) => m.positions)) {
    const pc = contract(p.contractId);
    const idx = indexOf.get(pc.contractId) ?? SHAPES[pc.contractId]!.indexTicks;
    const at = p.isBuy ? idx - 1n : idx + 1n;
    const m = await theMaker(pc.marketDeployerId, false);
    await place(m, [{ contractId: pc.contractId, isBuy: p.isBuy, price: pxText(pc, at), size: p.size, reduceOnly: false }]);
    await place(me, [{ contractId: pc.contractId, isBuy: !p.isBuy, price: pxText(pc, at), size: p.size, tif: 'Ioc', reduceOnly: true }]);
    await post(m, build.cancelAll(pc.contractId));
  }
}

async function tradeCase(k: Case, c: ContractConfig, me: Who, partner: ContractConfig | undefined, indexOf: Map<number, bigint>): Promise<Outcome> {
  const shape = SHAPES[k.contractId]!;
  const portfolio = k.portfolio && c.shareGroupId !== undefined;
  await post(me, build.enroll(c.marketDeployerId));
  if (k.hedge) await venue.hedge(me);
  if (portfolio) {
    await post(me, build.setMarginShareType(1));
    await post(me, build.lockIntoShareGroup(c.shareGroupId!, 0, String(BigInt(k.poolWhole) * USDC)));
  } else {
    await post(me, build.lockCollateral(c.marketDeployerId, 0, String(BigInt(k.poolWhole) * USDC)));
  }
  if (k.isolated) await post(me, build.updateMarginMode(c.contractId, 'isolated'));
  const top = c.leverageTiers[0]!.maxLeverage;
  const leverage = Math.max(1, Math.round((top * k.leveragePct) / 100));
  await post(me, build.updateLeverage(c.contractId, leverage));

  if (k.existing) await takePosition(me, c, shape.indexTicks, k.existing.isBuy, k.existing.notionalWhole);
  if (k.other && partner) await takePosition(me, partner, SHAPES[partner.contractId]!.indexTicks, k.other.isBuy, k.other.notionalWhole);
  const index = (shape.indexTicks * BigInt(1000 + k.movePermille)) / 1000n;
  await setIndex(c, index);
  indexOf.set(c.contractId, index);

  // A position the move made liquidatable would be closed against the levels below, mid-case.
  const before = (await venue.reader.info.userAccount(me.address)) as { ok: true; value: UserAccount };
  const markRaw = index * tick(c);
  for (const p of before.value.marketDeployers.flatMap((m) => m.positions)) {
    if (p.liquidationPx === null) continue;
    const pc = contract(p.contractId);
    const liq = parseDecimal(p.liquidationPx, pc.priceScale, 'liquidationPx');
    const mark = pc.contractId === c.contractId ? markRaw : SHAPES[pc.contractId]!.indexTicks * tick(pc);
    // Within 1 % of the mark: the levels below could trigger it.
    if (p.isBuy ? liq * 100n >= mark * 99n : liq * 100n <= mark * 101n) return { kind: 'skipped', detail: 'liquidatable after the move' };
  }

  if (k.freeze && portfolio) await venue.freeze(c.shareGroupId!, true);

  // The book the order walks: `levels` levels one tick apart from one tick off the index, one maker order each.
  const m = await theMaker(c.marketDeployerId);
  const whole = Math.min(40_000, Math.max(10, Math.round((k.poolWhole * leverage * k.order.notionalPct) / 100)));
  const size = stepsFor(c, whole, index);
  const quotes: OrderSpec[] = [];
  let left = size;
  let worst = index;
  for (let i = 1; i <= k.order.levels && left > 0n; i++) {
    const even = ((size / BigInt(k.order.levels) + step(c) - 1n) / step(c)) * step(c);
    const part = i === k.order.levels ? left : even > step(c) ? even : step(c);
    const sz = part > left ? left : part;
    worst = k.order.isBuy ? index + BigInt(i) : index - BigInt(i);
    quotes.push({ contractId: c.contractId, isBuy: !k.order.isBuy, price: pxText(c, worst), size: szText(c, sz), reduceOnly: false });
    left -= sz;
  }
  // One lot on the other side keeps the mark at the index: median(bid, ask, index).
  quotes.push({ contractId: c.contractId, isBuy: k.order.isBuy, price: pxText(c, k.order.isBuy ? index - 5n : index + 5n), size: szText(c, step(c)), reduceOnly: false });
  try {
    return await orderAndCompare(k, c, me, m, quotes, index, size, worst);
  } finally {
    await post(m, build.cancelAll(c.contractId));
    await post(me, build.cancelAll(c.contractId));
  }
}

async function orderAndCompare(k: Case, c: ContractConfig, me: Who, m: Who, quotes: OrderSpec[], index: bigint, size: bigint, worst: bigint): Promise<Outcome> {
  const quoted = await place(m, quotes);
  if (quoted.some((s) => !('resting' in s))) return { kind: 'skipped', detail: `maker refused: ${JSON.stringify(quoted)}` };

  const limitTicks = k.order.rest ? (k.order.isBuy ? index + 1n : index - 1n) : worst;
  const spec: OrderSpec = { contractId: c.contractId, isBuy: k.order.isBuy, size: szText(c, size), reduceOnly: k.order.reduceOnly, tif: k.order.kind };
  if (k.order.kind !== 'Market') spec.price = pxText(c, limitTicks);
  const ctx = await venue.reader.context(me, c.contractId);
  const pt = preTradeFor(ctx, {
    contract: c,
    isBuy: k.order.isBuy,
    kind: k.order.kind,
    price: k.order.kind === 'Market' ? undefined : limitTicks * tick(c),
    size,
    reduceOnly: k.order.reduceOnly,
  });
  const [status] = await place(me, [spec]);

  const blockers = pt.blockers ?? [];
  const said = blockers.map((b) => blockerText(b)).join(' | ');
  if (status && 'error' in status) {
    if (status.error === 'order could not immediately match against any resting orders') return { kind: 'skipped', detail: 'nothing to match' };
    const expected = blockers.map((b) => REFUSAL[b.kind]);
    if (expected.includes(status.error)) return { kind: 'refused-as-said', refusal: status.error };
    return { kind: 'mismatch', detail: `exchange refused "${status.error}", estimate said: ${said || 'no blocker'} (required ${pt.marginRequired}, available ${pt.available})` };
  }
  if (blockers.length > 0) return { kind: 'mismatch', detail: `exchange accepted, estimate said: ${said}` };

  const after = (await venue.reader.info.userAccount(me.address)) as { ok: true; value: UserAccount };
  const isBuySide = k.hedge ? hedgeSide(k.order.isBuy, k.order.reduceOnly) === 'long' : undefined;
  const position = after.value.marketDeployers
    .flatMap((x) => x.positions)
    .find((p) => p.contractId === c.contractId && (isBuySide === undefined || p.isBuy === isBuySide));
  const reported = position?.liquidationPx ?? null;
  const estimated = pt.liquidationPx === undefined ? 'unknown' : pt.liquidationPx === null ? null : formatDecimal(pt.liquidationPx, c.priceScale);
  const priced = reported !== null;
  let diff: bigint | undefined;
  if (typeof pt.liquidationPx === 'bigint' && reported !== null) {
    const d = pt.liquidationPx - parseDecimal(reported, c.priceScale, 'liquidationPx');
    diff = d < 0n ? -d : d;
  }
  const figures = { priced, ...(diff !== undefined ? { diff } : {}) };
  if (pt.lines.some((l) => l.includes('approximate'))) return { kind: 'mismatch', ...figures, detail: `labelled approximate with every figure reported: ${pt.lines.join(' / ')}` };
  if (estimated === reported) return { kind: 'matched', ...figures };
  return { kind: 'mismatch', ...figures, detail: `liquidation: estimated ${estimated}, exchange ${reported} (${pt.lines.join(' / ')})` };
}

/** What a run compared, for the log line and the closing note. */
interface Figures {
  cases: number;
  /** Filled, then compared with the exchange's liquidationPx. */
  compared: number;
  /** Of those, with a liquidation price on the exchange's side (the rest: "none" on both). */
  priced: number;
  /** Compared and equal to the price scale. */
  equal: number;
  /** Largest |estimate - exchange| over the priced cases, in raw price units (0: every one equal). */
  maxDiff: bigint;
  refusedAsSaid: number;
  skipped: number;
  refusals: Record<string, number>;
}

async function runAll(count: number, seed: number, where: string): Promise<Figures> {
  const cases = fc.sample(caseArb, { numRuns: count, seed });
  const f: Figures = { cases: count, compared: 0, priced: 0, equal: 0, maxDiff: 0n, refusedAsSaid: 0, skipped: 0, refusals: {} };
  const mismatches: string[] = [];
  for (const [i, k] of cases.entries()) {
    const o = await runCase(k);
    if (o.priced !== undefined) f.compared++;
    if (o.priced) f.priced++;
    if (o.kind === 'matched') f.equal++;
    if (o.diff !== undefined && o.diff > f.maxDiff) f.maxDiff = o.diff;
    if (o.kind === 'refused-as-said') f.refusedAsSaid++;
    if (o.kind === 'skipped') f.skipped++;
    if (o.kind === 'mismatch') mismatches.push(`#${i} ${JSON.stringify(k)}: ${o.detail}`);
    if (o.refusal) f.refusals[o.refusal] = (f.refusals[o.refusal] ?? 0) + 1;
  }
  process.stdout.write(
    `estimate vs exchange (${where}, seed ${seed}): ${f.cases} cases; ${f.compared} filled and compared, ${f.priced} of them with a liquidation price; ` +
      `${f.equal} equal to the price scale, max difference ${f.maxDiff} raw price units; ${f.refusedAsSaid} refused as the blockers said ${JSON.stringify(f.refusals)}; ${f.skipped} skipped\n`,
  );
  expect({ mismatches: mismatches.slice(0, 8), more: Math.max(0, mismatches.length - 8) }).toEqual({ mismatches: [], more: 0 });
  expect(f.equal).toBe(f.compared);
  expect(f.maxDiff).toBe(0n);
  // The generator must reach both outcomes, or it tests nothing.
  expect(f.compared).toBeGreaterThan(count / 3);
  expect(f.priced).toBeGreaterThan(count / 4);
  expect(f.refusedAsSaid).toBeGreaterThan(count / 20);
  expect(f.skipped).toBeLessThan(count / 10);
  return f;
}

describe('pre-trade estimates against the exchange, generated cases', () => {
  it(`${LOOPBACK_CASES} cases over loopback, signed: refusals are the blockers named, liquidation prices match`, async () => {
    venue = loopbackVenue(ex, await liveReader(ex));
    try {
      await runAll(LOOPBACK_CASES, SEED, 'loopback, signed');
    } finally {
      await venue.reader.close();
    }
  }, 60_000);

  it(`${IN_PROCESS_CASES} cases in-process: refusals are the blockers named, liquidation prices match`, async () => {
    venue = inProcessVenue(ex.running.core, await inProcessReader(ex.running.core));
    makers = new Map();
    const { refusals } = await runAll(IN_PROCESS_CASES, SEED + 1, 'in-process');
    // Each refusal the generator can reach was foreseen at least once.
    expect(Object.keys(refusals).sort()).toEqual([REFUSAL.margin, REFUSAL.reduceOnly, REFUSAL.frozen, REFUSAL.postOnly].sort());
  }, 60_000);
});
