import { formatDecimal } from '../../protocol/index.js';
import type { Bbo, L2Book, MarketState } from '../../protocol/wire/index.js';
import { toWireCandle } from '../market/candleWire.js';
import type { ExchangeState } from '../state/exchangeState.js';
import { FEE_RATE_SCALE, type ContractDef } from '../state/marketConfig.js';
import { contractOf } from './lookups.js';
import type { InfoRegistry } from './registry.js';

/** Levels per side in a book snapshot (read or stream) unless a smaller depth is asked for. */
export const MAX_BOOK_DEPTH = 100;
/** At most this many bars per candleSnapshot answer (the newest ones). */
export const MAX_CANDLES_PER_READ = 5000;

export function l2BookOf(core: ExchangeState, c: ContractDef, depth = MAX_BOOK_DEPTH, time = core.clock.now()): L2Book {
  const book = core.trading.market(c.contractId)?.book;
  const d = book?.depth(Math.min(depth, MAX_BOOK_DEPTH)) ?? { bids: [], asks: [] };
  const level = (l: { px: bigint; sz: bigint; n: number }) => ({ px: formatDecimal(l.px, c.priceScale), sz: formatDecimal(l.sz, c.qtyScale), n: l.n });
  return { contractId: c.contractId, time, levels: [d.bids.map(level), d.asks.map(level)] };
}

export function bboOf(core: ExchangeState, c: ContractDef, time = core.clock.now()): Bbo {
  const book = l2BookOf(core, c, 1, time);
  return { contractId: c.contractId, time, bid: book.levels[0][0] ?? null, ask: book.levels[1][0] ?? null };
}

export function marketStateOf(core: ExchangeState, c: ContractDef): MarketState {
  const t = core.trading;
  const now = core.clock.now();
  const px = (raw: bigint | undefined): string | null => (raw === undefined ? null : formatDecimal(raw, c.priceScale));
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
    dayVolume: formatDecimal(day?.volume ?? 0n, c.qtyScale),
  };
}

/** marketState, l2Book, candleSnapshot (open-points "Reads"). */
export function registerMarketQueries(registry: InfoRegistry): void {
  registry.register('marketState', (core, req) => marketStateOf(core, contractOf(core, req.contractId)));

  registry.register('l2Book', (core, req) => l2BookOf(core, contractOf(core, req.contractId), req.depth));

  registry.register('candleSnapshot', (core, req) => {
    const c = contractOf(core, req.contractId);
    const bars = core.trading.market(c.contractId)?.candles.snapshot(req.interval, req.startTime, req.endTime) ?? [];
    return bars.slice(-MAX_CANDLES_PER_READ).map((b) => toWireCandle(b, c));
  });
}
