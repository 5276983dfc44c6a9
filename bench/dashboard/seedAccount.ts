import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Pool } from 'undici';
import { addressOf, formatDecimal, parseDecimal, NonceManager, signAction, toHex, type Hex } from '../../src/protocol/index.js';
import { build, type OrderSpec } from '../../src/protocol/wire/index.js';

/**
 * Gives a dashboard's account the shape of a big one (issue 18 part 3) through the exchange's
 * public API, as any client would: signed orders over HTTP with the project's own signing
 * and wire builders. The account keeps `openOrders` resting orders spread over every Active
 * contract of market deployer 1 (the one onboarding enrolls in: 49 of the 50 that
 * `--contracts 50` lists, ETH1 being deployer 2's), far from the index so the bots never fill them; `fills` fills come from a second
 * account (the counterparty, registered here with an invite code) that rests orders on quiet
 * contracts (no bots: `perpdesk exchange --contracts`), which the account takes with one
 * IOC order a round, buying and selling in turn so the round trips leave no position; last,
 * `positions` positions are opened with a market order each on the contracts the bots quote,
 * so their marks move with the market (and on quiet ones, from the counterparty, when market
 * deployer 1 has fewer quoted contracts than that).
 */
export interface SeedPlan {
  openOrders: number;
  fills: number;
  positions: number;
}

export const LARGE_ACCOUNT: SeedPlan = { openOrders: 1_000, fills: 20_000, positions: 10 };

interface ContractInfo {
  contractId: number;
  name: string;
  status: string;
  marketDeployerId: number;
  priceScale: number;
  qtyScale: number;
  tickSize: string | number;
  stepSize: string | number;
}

/** Makers per round: the counterparty's open orders stay under the exchange's 1,000 per account. */
const ROUND = 500;
/** Orders per signed request (the protocol's maximum). */
const PER_REQUEST = 10;
const IN_FLIGHT = 16;

export interface SeedResult {
  ms: number;
  requests: number;
  openOrders: number;
  fills: number;
  positions: number;
}

class Signed {
  readonly pool: Pool;
  private readonly nonces = new NonceManager();
  requests = 0;
  constructor(url: string) {
    this.pool = new Pool(url, { connections: IN_FLIGHT });
  }

  async post(path: string, body: unknown): Promise<unknown> {
    const res = await this.pool.request({ path, method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as unknown;
  }

  /** The action's `response.data`; throws on an error reply or a rejected order. */
  async send(action: { type: string }, key: Hex, extra: Record<string, unknown> = {}): Promise<unknown> {
    const nonce = this.nonces.next(addressOf(key));
    this.requests++;
    const body = (await this.post('/exchange', { action, nonce, signature: signAction(action, nonce, key), ...extra })) as { status?: string; response?: { data?: unknown } };
    if (body.status !== 'ok') throw new Error(`${action.type} refused: ${JSON.stringify(body).slice(0, 300)}`);
    const data = body.response?.data as { statuses?: Record<string, unknown>[] } | undefined;
    const bad = data?.statuses?.find((s) => 'error' in s);
    if (bad) throw new Error(`${action.type} rejected: ${JSON.stringify(bad)}`);
    return data;
  }

  info<T>(body: unknown): Promise<T> {
    return this.post('/info', body) as Promise<T>;
  }
}

/** Runs `jobs` with at most IN_FLIGHT at once. */
async function inParallel(jobs: (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, jobs.length) }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

const chunks = <T>(xs: T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

const raw = (x: string | number): bigint => BigInt(x);

/** `raw` (an integer count of price or size units) on the contract's grid, as a decimal. */
function onGrid(value: bigint, grid: bigint, scale: number): string {
  const snapped = value <= grid ? grid : (value / grid) * grid;
  return formatDecimal(snapped, scale);
}

async function waitForPool(ex: Signed, user: string, md: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const a = await ex.info<{ marketDeployers?: { marketDeployerId: number; balances: { total: string }[] }[] }>({ type: 'userAccount', user });
    if (a.marketDeployers?.find((m) => m.marketDeployerId === md)?.balances.some((b) => BigInt(b.total) > 0n)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the account ${user} has no collateral in market deployer ${md}: did the dashboard finish onboarding?`);
}

/**
 * Seeds the account of `masterKey` (a dashboard's, already onboarded: registered, enrolled
 * in market deployer 1 and holding collateral there) on the exchange at `url`.
 */
export async function seedAccount(o: { url: string; masterKey: Hex; inviteCode: string; plan?: SeedPlan; log?: (line: string) => void }): Promise<SeedResult> {
  const plan = o.plan ?? LARGE_ACCOUNT;
  const t0 = performance.now();
  const ex = new Signed(o.url);
  try {
    const user = addressOf(o.masterKey).toLowerCase();
    const configs = await ex.info<{ contracts: ContractInfo[] }>({ type: 'configs' });
    const active = configs.contracts.filter((c) => c.status === 'Active' && c.marketDeployerId === 1).sort((a, b) => a.contractId - b.contractId);
    const books = await Promise.all(active.map((c) => ex.info<{ levels: unknown[][] }>({ type: 'l2Book', contractId: c.contractId })));
    const quoted = active.filter((_, i) => books[i]!.levels.some((side) => side.length > 0));
    const quiet = active.filter((_, i) => !books[i]!.levels.some((side) => side.length > 0));
    if (quiet.length === 0) throw new Error('no quiet contract to trade on: start the exchange with --contracts');
    const index = async (c: ContractInfo): Promise<bigint> => {
      const ms = await ex.info<{ indexPx: string | null; markPx: string | null }>({ type: 'marketState', contractId: c.contractId });
      const px = ms.indexPx ?? ms.markPx;
      if (px === null) throw new Error(`no index price for ${c.name}`);
      return parseDecimal(px, c.priceScale, 'indexPx');
    };
    const prices = new Map<number, bigint>();
    for (const c of active) prices.set(c.contractId, await index(c));
    await waitForPool(ex, user, 1);
    o.log?.(`account ready, contracts read (${Math.round(performance.now() - t0)} ms)`);

    // The counterparty: an account of the bench's own, funded like any new account.
    const other = toHex(secp256k1.utils.randomSecretKey());
    await ex.send(build.registerAccount(addressOf(other)), other, { inviteCode: o.inviteCode });
    for (let i = 0; ; i++) {
      const a = await ex.info<{ chainBalances: { total: string }[] }>({ type: 'userAccount', user: addressOf(other).toLowerCase() });
      if (a.chainBalances.some((b) => BigInt(b.total) > 0n)) break;
      if (i > 600) throw new Error('the counterparty was never credited');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await ex.send(build.enroll(1), other);
    await ex.send(build.lockCollateral(1, 0, '8000000000'), other);
    o.log?.(`counterparty funded (${Math.round(performance.now() - t0)} ms)`);

    // Resting orders: round-robin over every contract, far from the index (bids at about half
    // of it, asks at one and a half times), each a step deeper than the last on its side.
    const size = (c: ContractInfo) => formatDecimal(raw(c.stepSize), c.qtyScale);
    const resting: OrderSpec[] = [];
    for (let i = 0; i < plan.openOrders; i++) {
      const c = active[i % active.length]!;
      const px = prices.get(c.contractId)!;
      const depth = BigInt(Math.floor(i / active.length));
      const isBuy = i % 2 === 0;
      const tick = raw(c.tickSize);
      const price = isBuy ? px / 2n - depth * tick : (px * 3n) / 2n + depth * tick;
      resting.push({ contractId: c.contractId, isBuy, price: onGrid(price, tick, c.priceScale), size: size(c) });
    }
    await inParallel(chunks(resting, PER_REQUEST).map((batch) => () => ex.send(build.order(batch), o.masterKey)));
    o.log?.(`seeded ${resting.length} resting orders over ${active.length} contracts (${Math.round(performance.now() - t0)} ms)`);

    // Fills: the counterparty rests ROUND one-unit orders at the index of a quiet contract,
    // the account takes them all with one IOC order (a fill per maker order).
    // The cheapest quiet contracts: a round's position costs the least margin there.
    const cheapest = [...quiet].sort((a, b) => (prices.get(a.contractId)! < prices.get(b.contractId)! ? -1 : 1)).slice(0, 4);
    let fills = 0;
    for (let round = 0; fills < plan.fills; round++) {
      // Each of (up to) four contracts gets buys and sells in turn, so the rounds leave no position.
      const spread = cheapest.length;
      const c = cheapest[round % spread]!;
      const n = Math.min(ROUND, plan.fills - fills);
      const px = onGrid(prices.get(c.contractId)!, raw(c.tickSize), c.priceScale);
      const makerBuys = Math.floor(round / spread) % 2 === 1;
      const makers: OrderSpec[] = Array.from({ length: n }, () => ({ contractId: c.contractId, isBuy: makerBuys, price: px, size: size(c) }));
      await inParallel(chunks(makers, PER_REQUEST).map((batch) => () => ex.send(build.order(batch), other)));
      const total = formatDecimal(raw(c.stepSize) * BigInt(n), c.qtyScale);
      await ex.send(build.order([{ contractId: c.contractId, isBuy: !makerBuys, price: px, size: total, tif: 'Ioc' }]), o.masterKey);
      fills += n;
    }
    o.log?.(`seeded ${fills} fills (${Math.round(performance.now() - t0)} ms)`);

    // Positions on the quoted contracts, a market order of one step each.
    const withPositions = quoted.slice(0, plan.positions);
    await inParallel(withPositions.map((c) => () => ex.send(build.order([{ contractId: c.contractId, isBuy: true, size: size(c), tif: 'Market' }]), o.masterKey)));
    // Fewer quoted contracts in market deployer 1 than positions asked for: the rest on quiet ones, from the counterparty.
    for (const c of quiet.filter((q) => !cheapest.includes(q)).slice(0, plan.positions - withPositions.length)) {
      const px = onGrid(prices.get(c.contractId)!, raw(c.tickSize), c.priceScale);
      await ex.send(build.order([{ contractId: c.contractId, isBuy: false, price: px, size: size(c) }]), other);
      await ex.send(build.order([{ contractId: c.contractId, isBuy: true, price: px, size: size(c), tif: 'Ioc' }]), o.masterKey);
      withPositions.push(c);
    }
    o.log?.(`seeded ${withPositions.length} positions (${Math.round(performance.now() - t0)} ms, ${ex.requests} signed requests)`);
    return { ms: performance.now() - t0, requests: ex.requests, openOrders: resting.length, fills, positions: withPositions.length };
  } finally {
    await ex.pool.close();
  }
}
