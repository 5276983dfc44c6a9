import { useEffect } from 'react';
import type { CandleInterval } from '../../protocol/wire/index.js';
import type { Session } from '../../session/index.js';

/** The chart's candles are watched while it shows them: another interval or contract is subscribed on demand. */
export function useChartFeed(session: Session | null, contractId: number | undefined, interval: CandleInterval): void {
  useEffect(() => {
    if (!session || contractId === undefined) return;
    return session.watchCandles(contractId, interval);
  }, [session, contractId, interval]);
}
