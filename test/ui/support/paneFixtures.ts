import { REAL_CONFIGS } from '../../support/realConfigs.js';
import type { JournalEntry } from '../../../src/model/journalEntry.js';
import type {
  AgentRecord,
  Candle,
  Configs,
  Fill,
  L2Book,
  MarketState,
  OpenOrder,
  ShareGroupDef,
  Trade,
  UserAccount,
} from '../../../src/protocol/wire/index.js';
import { createAppStore, type AppStore } from '../../../src/state/store.js';
import type { AppState } from '../../../src/state/types.js';

/**
 * Wire-shaped fixture data for pane tests, modelled on the embedded exchange's market:
 * SOL1 (scales 0), BTC1 (price scale 1, qty scale 3), ETH1, and a delisted DOGE0.
 * Times are relative to `now` so ages and countdowns are predictable.
 */

/** The embedded exchange's own market (test/support/realConfigs.ts). */
export const CONFIGS: Configs = REAL_CONFIGS;

export function solBook(time: number): L2Book {
  return {
    contractId: 1,
    time,
    levels: [
      [
        { px: '150', sz: '12', n: 2 },
        { px: '149', sz: '30', n: 3 },
        { px: '148', sz: '5', n: 1 },
        { px: '146', sz: '80', n: 4 },
        { px: '145', sz: '1200', n: 9 },
      ],
      [
        { px: '152', sz: '7', n: 1 },
        { px: '153', sz: '25', n: 2 },
        { px: '155', sz: '40', n: 3 },
        { px: '156', sz: '9', n: 1 },
        { px: '160', sz: '300', n: 5 },
      ],
    ],
  };
}

export function btcBook(time: number): L2Book {
  return {
    contractId: 2,
    time,
    levels: [
      [
        { px: '60000.0', sz: '0.250', n: 1 },
        { px: '59999.5', sz: '1.500', n: 2 },
        { px: '59990.0', sz: '12.125', n: 4 },
      ],
      [
        { px: '60001.0', sz: '0.100', n: 1 },
        { px: '60002.5', sz: '2.000', n: 2 },
        { px: '60010.0', sz: '8.000', n: 3 },
      ],
    ],
  };
}

export function solTrades(now: number, count = 30): Trade[] {
  const out: Trade[] = [];
  const pxs = [150, 151, 151, 152, 150, 149, 151];
  for (let i = 0; i < count; i++) {
    out.push({ contractId: 1, tid: 1000 + i, px: String(pxs[i % pxs.length]), sz: i === count - 2 ? '400' : String(2 + (i % 5)), side: i % 3 === 0 ? 'A' : 'B', time: now - (count - i) * 1000 });
  }
  return out;
}

export function solCandles(now: number, count = 40): Candle[] {
  const out: Candle[] = [];
  const start = now - (now % 60_000) - count * 60_000;
  for (let i = 0; i < count; i++) {
    const base = 150 + Math.round(5 * Math.sin(i / 4));
    out.push({ t: start + i * 60_000, T: start + (i + 1) * 60_000 - 1, o: String(base), h: String(base + 2), l: String(base - 1), c: String(base + (i % 2)), v: String(1000 + i * 37), n: 10 + i });
  }
  return out;
}

export const MARK: MarketState = { contractId: 1, markPx: '151', indexPx: '151', lastPx: '151', fundingRate: '0.0001', fundingIndex: '0', time: 0 };

export function openOrders(now: number): OpenOrder[] {
  return [
    { oid: 11, asset: 1, isBuy: true, limitPx: '149', sz: '3', tif: 'Gtc', origSz: '5', reduceOnly: false, timestamp: now - 65_000, cloid: '123456789' },
    { oid: 12, asset: 1, isBuy: false, limitPx: '155', sz: '2', tif: 'Alo', origSz: '2', reduceOnly: true, timestamp: now - 5_000 },
    { oid: 13, asset: 2, isBuy: true, limitPx: '59000.5', sz: '0.010', tif: 'Gtc', origSz: '0.010', reduceOnly: false, timestamp: now - 3_600_000 },
  ];
}

export const ACCOUNT: UserAccount = {
  accountId: 7,
  address: '0x1111111111111111111111111111111111111111',
  positionMode: 'ONE_WAY',
  marginShareType: 'UNIFIED',
  chainBalances: [
    { coinId: 0, total: '8000000000' },
    { coinId: 1, total: '0' },
  ],
  marketDeployers: [
    {
      marketDeployerId: 1,
      balances: [
        { coinId: 0, total: '2000000000' },
        { coinId: 1, total: '15500000' },
      ],
      equity: '2012345678',
      marginUsed: '301500000',
      available: '1710845678',
      withdrawable: '1700000000',
      positions: [
        { contractId: 1, isBuy: true, size: '10', entryPx: '148', marginMode: 'cross', leverage: 5, isolatedMargin: '0', unrealizedPnl: '30000000', liquidationPx: '120', tp: { id: 1, triggerPx: '170' }, sl: { id: 2, triggerPx: '140' } },
        { contractId: 2, isBuy: false, size: '0.500', entryPx: '60100.0', marginMode: 'isolated', leverage: 10, isolatedMargin: '3005000000', unrealizedPnl: '-12500000', liquidationPx: '65000.0' },
        { contractId: 4, isBuy: true, size: '0', entryPx: '0.12000', marginMode: 'cross', leverage: 1, isolatedMargin: '0', unrealizedPnl: '0', liquidationPx: null },
      ],
    },
  ],
  shareGroups: [{ groupId: 1, coinId: 0, balance: '500000000', equity: '498765432', frozen: false }],
};

export const SHARE_GROUPS: ShareGroupDef[] = [
  { groupId: 1, members: [1, 2], settlementCoinId: 0, frozen: true },
  { groupId: 2, members: [3], settlementCoinId: 0, frozen: false },
];

export function agents(now: number): AgentRecord[] {
  return [
    { address: '0xaaaa000000000000000000000000000000000001', name: '', validUntil: 0, slot: 'anonymous', expired: false },
    { address: '0xbbbb000000000000000000000000000000000002', name: 'desk', validUntil: now + 2 * 3_600_000 + 5 * 60_000, slot: 'named', expired: false },
    { address: '0xcccc000000000000000000000000000000000003', name: 'old-bot', validUntil: now - 1000, slot: 'named', expired: true },
  ];
}

export function fills(now: number): Fill[] {
  return [
    { contractId: 1, oid: 11, tid: 501, px: '149', sz: '2', isBuy: true, time: now - 60_000, liquidity: 'maker', fee: '59600', closedPnl: '0' },
    { contractId: 2, oid: 14, tid: 502, px: '60100.0', sz: '0.500', isBuy: false, time: now - 30_000, liquidity: 'taker', fee: '13522500', closedPnl: '-4250000' },
    { contractId: 1, oid: 15, tid: 503, px: '151', sz: '1', isBuy: false, time: now - 10_000, liquidity: 'taker', fee: '75500', closedPnl: '3000000', liquidation: true },
  ];
}

export function journal(now: number): JournalEntry[] {
  return [
    { seq: 1, time: now - 20_000, action: 'order', signerRole: 'agent', signer: '0xbbbb000000000000000000000000000000000002', nonce: now - 20_000, requestId: 'req-41', outcome: 'ok', detail: 'resting oid 11' },
    { seq: 2, time: now - 10_000, action: 'order', signerRole: 'agent', nonce: now - 10_000, requestId: 'req-42', outcome: 'rejected', detail: 'share margin group is FROZEN' },
    { seq: 3, time: now - 5_000, action: 'modify', signerRole: 'agent', nonce: now - 5_000, requestId: 'req-43', outcome: 'rejected', detail: 'modified price is marketable (would cross the book); cancel and place a new order instead' },
  ];
}

/** Everything live and fresh: channels subscribed, polls answered. */
export function fullState(now: number): Partial<AppState> {
  const contracts = Object.fromEntries(CONFIGS.contracts.filter((c) => c.status === 'Active').map((c) => [c.name, c]));
  const acct = ACCOUNT;
  return {
    market: {
      configs: CONFIGS,
      contracts,
      selected: 'SOL1',
      books: { 1: solBook(now), 2: btcBook(now) },
      bbos: {},
      feedTimes: {},
      trades: { 1: solTrades(now) },
      candles: { '1:1m': solCandles(now) },
      marketStates: { 1: { ...MARK, time: now } },
      configEvents: [],
    },
    account: {
      raw: acct,
      accountId: acct.accountId,
      chainBalances: acct.chainBalances,
      pools: acct.marketDeployers,
      positions: acct.marketDeployers.flatMap((m) => m.positions),
      shareGroups: acct.shareGroups,
      shareGroupDefs: SHARE_GROUPS,
      agents: agents(now),
      updatedAt: now,
    },
    orders: { open: Object.fromEntries(openOrders(now).map((o) => [o.oid, o])), history: [], fills: fills(now) },
    session: {
      connection: 'open',
      reconnects: 0,
      channels: {},
      latencyMs: 12,
      clockOffsetMs: 0,
      clockWarning: null,
      staleness: { book: false, trades: false, candles: false, orders: false, fills: false, account: false },
      polls: { userAccount: { lastOk: now, lastError: null }, userAgents: { lastOk: now, lastError: null } },
      errors: [],
    },
    journal: { entries: journal(now) },
  };
}

export function fullStore(now = Date.now()): AppStore {
  return createAppStore(fullState(now));
}
