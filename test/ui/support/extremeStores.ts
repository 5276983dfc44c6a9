/**
 * Stores whose panes hold contents at their extremes, for layout tests: nothing at all,
 * one row each, more rows than any pane can show, and the longest values the wire allows.
 * The chart's point count is chosen separately (0, 1, 2 or many candles).
 */
import type { Candle, Fill, OpenOrder, Trade, UserAccount } from '../../../src/protocol/wire/index.js';
import { createAppStore, type AppStore } from '../../../src/state/store.js';
import type { AppState } from '../../../src/state/types.js';
import { ACCOUNT, fullState, solBook, solCandles } from './paneFixtures.js';

export const CONTENTS = ['empty', 'one', 'overflow', 'longest'] as const;
export type Contents = (typeof CONTENTS)[number];

function candles(now: number, points: number): Candle[] {
  return points === 0 ? [] : solCandles(now, points);
}

function trades(now: number, n: number, px = '151', sz = '3'): Trade[] {
  return Array.from({ length: n }, (_, i) => ({ contractId: 1, tid: 9000 + i, px, sz, side: i % 2 ? 'A' : 'B', time: now - (n - i) * 500 }));
}

function orders(now: number, n: number, px = '149', sz = '3'): Record<number, OpenOrder> {
  const out: Record<number, OpenOrder> = {};
  for (let i = 0; i < n; i++) {
    const oid = 100 + i;
    out[oid] = { oid, asset: 1, isBuy: i % 2 === 0, limitPx: px, sz, tif: 'Gtc', origSz: sz, reduceOnly: i % 3 === 0, timestamp: now - i * 1000, cloid: String(9_007_199_254_740_000 + i) };
  }
  return out;
}

function fills(now: number, n: number, px = '150', sz = '2'): Fill[] {
  return Array.from({ length: n }, (_, i) => ({
    contractId: 1,
    oid: 100 + i,
    tid: 7000 + i,
    px,
    sz,
    isBuy: i % 2 === 0,
    time: now - i * 1000,
    liquidity: i % 2 ? 'maker' : 'taker',
    fee: '123456789012',
    closedPnl: i % 2 ? '-98765432109876' : '0',
  }));
}

/** Contracts beyond the fixtures' own, so that many positions are each of a different contract. */
const EXTRA_CONTRACT = 100;

function withExtraContracts(market: AppState['market'], count: number): AppState['market'] {
  const { shareGroupId: _, ...plain } = market.configs!.contracts[0]!;
  const extra = Array.from({ length: count }, (_, i) => ({ ...plain, contractId: EXTRA_CONTRACT + i, name: `X${EXTRA_CONTRACT + i}` }));
  const configs = { ...market.configs!, contracts: [...market.configs!.contracts, ...extra] };
  return { ...market, configs, contracts: { ...market.contracts, ...Object.fromEntries(extra.map((c) => [c.name, c])) } };
}

function accountWith(positions: number, value: { size: string; px: string; pnl: string }): UserAccount {
  const pool = ACCOUNT.marketDeployers[0]!;
  return {
    ...ACCOUNT,
    marketDeployers: [
      {
        ...pool,
        equity: value.pnl,
        positions: Array.from({ length: positions }, (_, i) => ({
          contractId: i < 2 ? 1 + i : EXTRA_CONTRACT + i,
          isBuy: i % 2 === 0,
          size: value.size,
          entryPx: value.px,
          marginMode: i % 2 ? 'isolated' : 'cross',
          leverage: 20,
          isolatedMargin: value.pnl,
          unrealizedPnl: `-${value.pnl}`,
          liquidationPx: value.px,
        })),
      },
    ],
  };
}

/** A store for the given contents, with `points` candles on the shown chart. */
export function extremeStore(contents: Contents, points: number, now = Date.now()): AppStore {
  if (contents === 'empty') return createAppStore();
  const base = fullState(now);
  const market = withExtraContracts({ ...base.market!, candles: { '1:1m': candles(now, points) } }, 60);
  const state: Partial<AppState> = { ...base, market };
  if (contents === 'one') {
    market.trades = { 1: trades(now, 1) };
    state.orders = { open: orders(now, 1), history: [], fills: fills(now, 1) };
    state.journal = { entries: base.journal!.entries.slice(0, 1) };
    const acct = accountWith(1, { size: '10', px: '148', pnl: '30000000' });
    state.account = { ...base.account!, raw: acct, pools: acct.marketDeployers, positions: acct.marketDeployers.flatMap((m) => m.positions), agents: base.account!.agents.slice(0, 1) };
  } else if (contents === 'overflow') {
    market.trades = { 1: trades(now, 500) };
    const book = solBook(now);
    book.levels = [
      Array.from({ length: 200 }, (_, i) => ({ px: String(150 - i), sz: String(1 + i), n: 1 })),
      Array.from({ length: 200 }, (_, i) => ({ px: String(152 + i), sz: String(1 + i), n: 1 })),
    ];
    market.books = { ...market.books, 1: book };
    state.orders = { open: orders(now, 200), history: [], fills: fills(now, 500) };
    state.journal = { entries: Array.from({ length: 300 }, (_, i) => ({ ...base.journal!.entries[i % 3]!, seq: i + 1 })) };
    const acct = accountWith(60, { size: '10', px: '148', pnl: '30000000' });
    state.account = { ...base.account!, raw: acct, pools: acct.marketDeployers, positions: acct.marketDeployers.flatMap((m) => m.positions) };
  } else {
    // The widest numbers a contract of these scales can carry.
    const px = '9999';
    const sz = '999999999999';
    market.trades = { 1: trades(now, 40, px, sz) };
    const book = solBook(now);
    book.levels = [
      Array.from({ length: 30 }, (_, i) => ({ px: String(9998 - i), sz, n: 99999 })),
      Array.from({ length: 30 }, (_, i) => ({ px: String(9999 - i), sz, n: 99999 })).reverse(),
    ];
    market.books = { ...market.books, 1: book };
    market.marketStates = { 1: { ...market.marketStates[1]!, markPx: px, indexPx: px, lastPx: px, fundingRate: '-0.123456789' } };
    state.orders = { open: orders(now, 30, px, sz), history: [], fills: fills(now, 30, px, sz) };
    state.journal = {
      entries: base.journal!.entries.map((e) => ({ ...e, detail: `${e.detail} ${'x'.repeat(300)}`, requestId: `req-${'9'.repeat(18)}` })),
    };
    const acct = accountWith(6, { size: sz, px, pnl: '999999999999999999' });
    acct.chainBalances = [{ coinId: 0, total: '999999999999999999' }];
    state.account = { ...base.account!, raw: acct, chainBalances: acct.chainBalances, pools: acct.marketDeployers, positions: acct.marketDeployers.flatMap((m) => m.positions) };
  }
  return createAppStore(state);
}
