import type { AgentRecord, Configs, L2Book, OpenOrder, Position, UserAccount } from '../../src/protocol/wire/index.js';
import type { FormContext } from '../../src/forms/index.js';
import { REAL_CONFIGS, realContract } from '../support/realConfigs.js';

/** The embedded exchange's market as `configs` answers it (test/support/realConfigs.ts). */
export const CONFIGS: Configs = REAL_CONFIGS;

export const contract = realContract;
export const SOL1 = contract('SOL1');
export const BTC1 = contract('BTC1');
export const ETH1 = contract('ETH1');

export const MASTER = '0x2222222222222222222222222222222222222222';
export const AGENT = '0x3333333333333333333333333333333333333333';
/** The operator of deployer 1 (perpdesk): the only key its updateFeeSetting accepts. */
export const OPERATOR = CONFIGS.marketDeployers.find((d) => d.marketDeployerId === 1)!.operator!;

export function book(contractId: number, bids: [string, string][], asks: [string, string][]): L2Book {
  return { contractId, time: 1, levels: [bids.map(([px, sz]) => ({ px, sz, n: 1 })), asks.map(([px, sz]) => ({ px, sz, n: 1 }))] };
}

/** SOL1 around 150: bids 149 x5, 148 x10; asks 151 x2, 152 x3, 155 x10. */
export const SOL_BOOK = book(1, [['149', '5'], ['148', '10']], [['151', '2'], ['152', '3'], ['155', '10']]);
/** BTC1 around 60000: bids 59999.5 x0.5; asks 60000.5 x0.2, 60001.0 x0.3. */
export const BTC_BOOK = book(2, [['59999.5', '0.5']], [['60000.5', '0.2'], ['60001', '0.3']]);

export function position(p: Partial<Position> & Pick<Position, 'contractId'>): Position {
  return {
    isBuy: true, size: '1', entryPx: '150', marginMode: 'cross', leverage: 10, isolatedMargin: '0', unrealizedPnl: '0', liquidationPx: null,
    ...p,
  };
}

export function openOrder(o: Partial<OpenOrder> & Pick<OpenOrder, 'oid'>): OpenOrder {
  return { asset: 1, isBuy: true, limitPx: '145', sz: '4', tif: 'Gtc', origSz: '4', reduceOnly: false, timestamp: 1, ...o };
}

export function account(a: Partial<UserAccount> = {}): UserAccount {
  return {
    accountId: 7,
    address: MASTER,
    positionMode: 'ONE_WAY',
    marginShareType: 'UNIFIED',
    chainBalances: [{ coinId: 0, total: '9000000000' }],
    marketDeployers: [
      { marketDeployerId: 1, balances: [{ coinId: 0, total: '1000000000' }], equity: '1000000000', marginUsed: '0', available: '1000000000', withdrawable: '1000000000', positions: [] },
    ],
    shareGroups: [{ groupId: 1, coinId: 0, balance: '0', equity: '0', frozen: false }],
    ...a,
  };
}

export function agent(a: Partial<AgentRecord> & Pick<AgentRecord, 'address'>): AgentRecord {
  return { name: '', validUntil: 0, slot: 'anonymous', expired: false, ...a };
}

/** A context on SOL1 with a master key, 1,000 USDC in deployer 1 and 9,000 on chain. */
export function ctx(over: Partial<FormContext> = {}): FormContext {
  return {
    now: Date.UTC(2025, 0, 1),
    configs: CONFIGS,
    contract: SOL1,
    book: SOL_BOOK,
    bookStale: false,
    markPx: '150',
    account: account(),
    positions: [],
    openOrders: [],
    agents: [],
    shareGroupDefs: [{ groupId: 1, members: [1, 2], settlementCoinId: 0, frozen: false }],
    keys: { master: true, agent: false, masterAddress: MASTER },
    settings: {},
    ...over,
  };
}
