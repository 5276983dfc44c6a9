/**
 * Helpers for the trading scenario tests: funded traders over real HTTP, and the reads
 * the assertions need. Amounts are whole USDC unless said otherwise.
 */
import { build, type OrderSpec, type OrderStatus, type UserAccount } from '../../src/protocol/wire/index.js';
import { exchangeData, type Registered, type TestExchange } from '../support/exchangeHarness.js';

export type Trader = Registered;

const USDC = 1_000_000n;

/** Registered, funded, enrolled in both deployers, `lockWhole` USDC locked into deployer `md`. */
export async function trader(ex: TestExchange, lockWhole = 5_000n, md = 1): Promise<Trader> {
  const who = await ex.registerFunded();
  exchangeData(await ex.signedPost(build.enroll(1), who.key));
  exchangeData(await ex.signedPost(build.enroll(2), who.key));
  if (lockWhole > 0n) {
    const r = exchangeData<{ errorMessage?: string }>(await ex.signedPost(build.lockCollateral(md, 0, (lockWhole * USDC).toString()), who.key));
    if (r.errorMessage) throw new Error(`lockCollateral: ${r.errorMessage}`);
  }
  return who;
}

export async function act<T = Record<string, unknown>>(ex: TestExchange, who: Trader, action: { type: string }): Promise<T> {
  return exchangeData<T>(await ex.signedPost(action, who.key));
}

export async function orders(ex: TestExchange, who: Trader, specs: OrderSpec[]): Promise<OrderStatus[]> {
  return (await act<{ statuses: OrderStatus[] }>(ex, who, build.order(specs))).statuses;
}

export async function one(ex: TestExchange, who: Trader, spec: OrderSpec): Promise<OrderStatus> {
  return (await orders(ex, who, [spec]))[0] as OrderStatus;
}

export function oidOf(s: OrderStatus): number {
  if ('resting' in s) return s.resting.oid;
  if ('filled' in s) return s.filled.oid;
  throw new Error(`order refused: ${s.error}`);
}

export async function account(ex: TestExchange, who: Trader, marketDeployerId?: number): Promise<UserAccount> {
  const body = marketDeployerId === undefined ? { type: 'userAccount', user: who.address } : { type: 'userAccount', user: who.address, marketDeployerId };
  return (await ex.info<UserAccount>(body)).body;
}

export async function md(ex: TestExchange, who: Trader, marketDeployerId = 1): Promise<UserAccount['marketDeployers'][number]> {
  const a = await account(ex, who, marketDeployerId);
  return a.marketDeployers[0]!;
}

export async function positionOf(ex: TestExchange, who: Trader, contractId: number) {
  const c = ex.running.core.config.contract(contractId)!;
  return (await md(ex, who, c.marketDeployerId)).positions.find((p) => p.contractId === contractId);
}

export async function book(ex: TestExchange, contractId: number) {
  return (await ex.info<{ levels: [{ px: string; sz: string; n: number }[], { px: string; sz: string; n: number }[]] }>({ type: 'l2Book', contractId })).body.levels;
}

export async function lookups(ex: TestExchange, who: Trader, oids: number[]) {
  return (await ex.info<{ order: { oid: number; sz: string; origSz: string; limitPx: string; cloid?: string }; status: string }[]>({ type: 'ordersByIds', user: who.address, oids })).body;
}

export async function statusOf(ex: TestExchange, who: Trader, oid: number): Promise<string | undefined> {
  return (await lookups(ex, who, [oid]))[0]?.status;
}

/** Sum of every ledger bucket equals what was minted: money is conserved. */
export function conserved(ex: TestExchange): boolean {
  const { ledger, config } = ex.running.core;
  return ledger.sumByCoin().get(config.collateralCoinId) === ledger.totalMinted(config.collateralCoinId);
}
