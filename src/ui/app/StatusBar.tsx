import { memo } from 'react';
import {
  selectClockOffset,
  selectClockWarning,
  selectConnection,
  selectLastError,
  selectLatency,
} from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import { dataTimeOf } from '../panes/staleness.js';
import { useNow } from '../panes/useNow.js';
import { useApp, useAppState, useViewState } from '../context/AppContext.js';
import { Bar } from './Bar.js';
import { statusSegments, type StatusModel } from './statusSegments.js';

const selectChannels = (s: AppState) => s.session.channels;

/**
 * Connection and channels, latency, clock offset, data age, signer and mode, and the last
 * notice or error verbatim (whichever is newer). Ticks once a second for the data age.
 */
export const StatusBar = memo(function StatusBar({ width }: { width: number }) {
  const { mode, store } = useApp();
  const now = useNow(1000);
  const connection = useAppState(selectConnection);
  const channels = useAppState(selectChannels);
  const latencyMs = useAppState(selectLatency);
  const clockOffsetMs = useAppState(selectClockOffset);
  const clockWarning = useAppState(selectClockWarning);
  // Read, not subscribed: the age is shown in whole seconds and the clock re-renders this
  // bar every second, whereas the book's time moves with every message.
  const dataAt = dataTimeOf('book', store.getState());
  const lastError = useAppState(selectLastError);
  const notice = useViewState((s) => s.notice);
  const progress = useViewState((s) => s.progress);
  const inFlight = useViewState((s) => s.inFlight);
  let message: StatusModel['message'];
  if (notice && (!lastError || notice.at >= lastError.time)) message = { text: notice.text, tone: notice.tone };
  else if (lastError) message = { text: lastError.message, tone: 'error' };
  const segments = statusSegments(
    {
      connection,
      channels,
      latencyMs,
      clockOffsetMs,
      clockWarning,
      dataAgeMs: dataAt === undefined ? undefined : Math.max(0, now - dataAt),
      signer: mode.signer,
      readOnly: mode.readOnly,
      inFlight,
      progress,
      message,
    },
    width,
  );
  return <Bar segments={segments} width={width} base="status" />;
});
