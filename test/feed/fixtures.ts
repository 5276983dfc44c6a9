import type { Fill, L2Book, OpenOrder, Trade } from '../../src/protocol/wire/index.js';

export const book = (contractId: number, time: number, bidPx = '100'): L2Book => ({
  contractId,
  time,
  levels: [[{ px: bidPx, sz: '1', n: 1 }], [{ px: '101', sz: '2', n: 1 }]],
});

export const trade = (tid: number, contractId = 1): Trade => ({ contractId, tid, px: '100', sz: '1', side: 'B', time: tid });

export const fill = (tid: number, oid = 1): Fill => ({
  contractId: 1,
  oid,
  tid,
  px: '100',
  sz: '1',
  isBuy: true,
  time: tid,
  liquidity: 'taker',
  fee: '1',
  closedPnl: '0',
});

export const order = (oid: number, extra: Partial<OpenOrder> = {}): OpenOrder => ({
  oid,
  asset: 1,
  isBuy: true,
  limitPx: '100',
  sz: '1',
  tif: 'Gtc',
  origSz: '1',
  reduceOnly: false,
  timestamp: oid,
  ...extra,
});
