import { useEffect } from 'react';
import type { CandleInterval } from '../../protocol/wire/index.js';
import type { Session } from '../../client/session.js';

/**
 * The session subscribes candles at its own interval only; when the chart shows another
 * one, that interval is subscribed for the selected contract (the subscription's resync
 * loads its history) and dropped again when the interval or the contract changes.
 */
export function useChartFeed(session: Session | null, contractId: number | undefined, interval: CandleInterval, baseInterval: CandleInterval): void {
  useEffect(() => {
    if (!session || contractId === undefined || interval === baseInterval) return;
    const sub = { type: 'candle' as const, contractId, interval };
    session.ws.subscribe(sub);
    return () => session.ws.unsubscribe(sub);
  }, [session, contractId, interval, baseInterval]);
}
