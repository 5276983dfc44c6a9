/** Raw bars to the wire `Candle` / `CandleUpdate` shapes: decimal strings at the contract's own scales. */
import { formatDecimal } from '../../protocol/decimal.js';
import type { Candle, CandleInterval, CandleUpdate } from '../../protocol/wire/index.js';
import type { CandleEvent, RawCandle } from './candles.js';

export interface CandleScales {
  priceScale: number;
  qtyScale: number;
}

export function toWireCandle(bar: RawCandle, scales: CandleScales): Candle {
  const px = (raw: bigint): string => formatDecimal(raw, scales.priceScale);
  return { t: bar.t, T: bar.T, o: px(bar.o), h: px(bar.h), l: px(bar.l), c: px(bar.c), v: formatDecimal(bar.v, scales.qtyScale), n: bar.n };
}

/** The `candle` channel payload for one aggregator event. */
export function toCandleUpdate(contractId: number, event: CandleEvent, scales: CandleScales): CandleUpdate {
  const interval: CandleInterval = event.interval;
  return { ...toWireCandle(event.candle, scales), contractId, interval, closed: event.closed };
}
