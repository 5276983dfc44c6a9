import { useEffect, useSyncExternalStore } from 'react';
import type { HistoryRead, ReadPart } from '../../../session/historyReader.js';
import { useApp, useViewState } from '../../context/AppContext.js';
import { historyPeriodOf, type HistoryPane, type HistoryPeriod } from '../../view/viewStore.js';

const never = () => () => {};
const zero = () => 0;

/**
 * The reader's last read of the pane's period: the pane says what it shows while it is
 * mounted (the reader reads on its own timers, never in this render) and redraws on each read.
 */
export function useHistoryRead(pane: HistoryPane, part: ReadPart): { period: HistoryPeriod; read: HistoryRead | undefined; recording: boolean } {
  const reader = useApp().history;
  const period = useViewState((v) => historyPeriodOf(v, pane));
  useEffect(() => reader?.want(period, part), [reader, period, part]);
  useSyncExternalStore(reader?.subscribe ?? never, reader?.snapshot ?? zero);
  return { period, read: reader?.read(period), recording: reader?.recording ?? false };
}
