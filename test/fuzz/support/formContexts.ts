import type { Prng } from '../../../src/exchange/engine/prng.js';
import type { FormContext } from '../../../src/forms/index.js';
import { formatDecimal } from '../../../src/protocol/index.js';
import type { AgentRecord, ContractConfig, L2Book, OpenOrder, Position, UserAccount } from '../../../src/protocol/wire/index.js';
import { REAL_CONFIGS } from '../../support/realConfigs.js';

const CONFIGS = REAL_CONFIGS;

const MASTER = '0x2222222222222222222222222222222222222222';
const AGENT = '0x3333333333333333333333333333333333333333';

/** Human price about `ticks` ticks above zero, at the contract's scale. */
export function price(c: ContractConfig, ticks: bigint): string {
  return formatDecimal(ticks * BigInt(c.tickSize), c.priceScale);
}

export function size(c: ContractConfig, steps: bigint): string {
  return formatDecimal(steps * BigInt(c.stepSize), c.qtyScale);
}

/** A mark in ticks for each contract (its index start: docs/exchange.md). */
export function markTicks(c: ContractConfig): bigint {
  const start: Record<string, bigint> = { SOL1: 150n, BTC1: 120_000n, ETH1: 60_000n, DOGE0: 12_000n };
  return start[c.name] ?? 100n;
}

function book(rng: Prng, c: ContractConfig): L2Book {
  const mid = markTicks(c);
  const side = (sign: bigint) =>
    Array.from({ length: rng.int(6) }, (_, i) => ({ px: price(c, mid + sign * BigInt(i + 1)), sz: size(c, BigInt(1 + rng.int(50))), n: 1 + rng.int(3) }));
  return { contractId: c.contractId, time: 1, levels: [side(-1n), side(1n)] };
}

function hex40(rng: Prng): string {
  return `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[rng.int(16)]).join('')}`;
}

/**
 * Random form contexts over the embedded exchange's real market (its `configs` answer):
 * any contract or none, books present or missing or stale, accounts absent or in any mode,
 * positions, orders and agents in any number, either key, any guard settings.
 */
export function randomContext(rng: Prng): FormContext {
  const contracts = CONFIGS.contracts;
  const contract = rng.chance(0.93) ? rng.pick(contracts) : undefined;
  const c = contract ?? contracts[0]!;
  const mark = markTicks(c);
  const positions: Position[] = Array.from({ length: rng.int(3) }, () => {
    const pc = rng.chance(0.7) ? c : rng.pick(contracts);
    const leg = () => ({ id: 1 + rng.int(50), triggerPx: price(pc, markTicks(pc) + BigInt(rng.range(-20, 20))) });
    return {
      contractId: pc.contractId,
      isBuy: rng.chance(0.5),
      size: size(pc, BigInt(1 + rng.int(200))),
      entryPx: price(pc, markTicks(pc) + BigInt(rng.range(-10, 10))),
      marginMode: rng.chance(0.5) ? 'isolated' : 'cross',
      leverage: 1 + rng.int(20),
      isolatedMargin: String(rng.int(50_000_000)),
      unrealizedPnl: String(rng.range(-5_000_000, 5_000_000)),
      liquidationPx: rng.chance(0.5) ? price(pc, mark / 2n + 1n) : null,
      ...(rng.chance(0.3) ? { tp: leg() } : {}),
      ...(rng.chance(0.3) ? { sl: leg() } : {}),
    };
  });
  const openOrders: OpenOrder[] = Array.from({ length: rng.int(4) }, (_, i) => {
    const oc = rng.chance(0.7) ? c : rng.pick(contracts);
    const sz = size(oc, BigInt(1 + rng.int(100)));
    return {
      oid: 100 + i,
      asset: oc.contractId,
      isBuy: rng.chance(0.5),
      limitPx: price(oc, markTicks(oc) + BigInt(rng.range(-30, 30))),
      sz,
      tif: rng.pick(['Gtc', 'Alo', 'Ioc']),
      origSz: sz,
      reduceOnly: rng.chance(0.2),
      timestamp: 1,
      ...(rng.chance(0.5) ? { cloid: String(1 + rng.int(1_000_000)) } : {}),
    };
  });
  const agents: AgentRecord[] = Array.from({ length: rng.int(5) }, () => {
    const name = rng.pick(['', 'a', 'b', 'c', 'perpdesk']);
    return { address: hex40(rng), name, validUntil: rng.chance(0.5) ? 0 : 1 + rng.int(2e12), slot: name === '' ? 'anonymous' : 'named', expired: rng.chance(0.2) };
  });
  const money = () => String(rng.chance(0.2) ? 0 : rng.int(10_000_000_000));
  const account: UserAccount | null = rng.chance(0.1)
    ? null
    : {
        accountId: 7,
        address: MASTER,
        positionMode: rng.chance(0.3) ? 'HEDGE' : 'ONE_WAY',
        marginShareType: rng.chance(0.3) ? 'PORTFOLIO' : 'UNIFIED',
        chainBalances: [0, 1].map((coinId) => ({ coinId, total: money() })),
        marketDeployers: (rng.chance(0.5) ? [1, 2] : [1]).map((id) => ({
          marketDeployerId: id,
          balances: [{ coinId: 0, total: money() }],
          equity: money(),
          marginUsed: money(),
          available: money(),
          withdrawable: money(),
          positions: positions.filter((p) => contracts.find((x) => x.contractId === p.contractId)?.marketDeployerId === id),
        })),
        shareGroups: [0, 1].map((coinId) => ({ groupId: 1, coinId, balance: money(), equity: money(), frozen: rng.chance(0.1) })),
      };
  const keys = rng.pick([
    { master: true, agent: false, masterAddress: MASTER },
    { master: false, agent: true, agentAddress: AGENT, masterAddress: MASTER },
    { master: true, agent: true, masterAddress: MASTER, agentAddress: AGENT },
    { master: false, agent: false },
    // The operator of deployer 1: the only key updateFeeSetting accepts.
    { master: true, agent: false, masterAddress: CONFIGS.marketDeployers[0]?.operator ?? MASTER },
  ]);
  return {
    now: Date.UTC(2026, 0, 1),
    configs: CONFIGS,
    contract,
    book: contract && rng.chance(0.85) ? book(rng, contract) : undefined,
    bookStale: rng.chance(0.15),
    markPx: rng.chance(0.85) ? price(c, mark) : rng.chance(0.5) ? null : undefined,
    account,
    positions,
    openOrders,
    agents,
    shareGroupDefs: [{ groupId: 1, members: [1, 2], settlementCoinId: 0, frozen: rng.chance(0.1) }],
    selectedOrder: rng.chance(0.6) ? openOrders[0] : undefined,
    selectedPosition: rng.chance(0.6) ? positions[0] : undefined,
    selectedAgent: rng.chance(0.6) ? agents[0] : undefined,
    keys,
    settings: rng.chance(0.5)
      ? { guards: { maxNotional: String(1 + rng.int(100_000)), maxDistancePct: String(1 + rng.int(20)) }, confirm: { policy: rng.pick(['always', 'above', 'never'] as const), notional: '100' }, defaultSize: { [c.name]: size(c, 1n) } }
      : {},
    ...(rng.chance(0.5) ? { leverageOf: { [c.contractId]: 1 + rng.int(20) } } : {}),
    ...(rng.chance(0.3) ? { feeRates: { maker: '0.0002', taker: '0.0005' } } : {}),
  };
}
