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
import type { ViewState } from '../view/viewStore.js';
import { Bar } from './Bar.js';
import { statusSegments, type StatusModel } from './statusSegments.js';

const selectChannels = (s: AppState) => s.session.channels;

type Notice = ViewState['notice'];
type Toast = ViewState['toast'];

/** A toast stays this long even when a newer notice comes (the fill alert its order may cause at once). */
export const TOAST_HOLD_MS = 3_000;

/**
 * The newest of the notice, the last error and a request's toast. A toast holds the bar for
 * TOAST_HOLD_MS whatever comes, then until its time is over unless something newer comes;
 * once it is over, what came before it stays hidden.
 */
export function newestMessage(notice: Notice, lastError: { message: string; time: number } | null | undefined, toast: Toast, now: number): StatusModel['message'] {
  const since = toast?.at ?? Number.NEGATIVE_INFINITY;
  const fresh = toast !== null && now - toast.at < toast.ms;
  if (toast && fresh && now - toast.at < TOAST_HOLD_MS) return { text: toast.text, tone: toast.tone, toast: true };
  const candidates: { at: number; message: NonNullable<StatusModel['message']> }[] = [];
  if (toast && fresh) candidates.push({ at: toast.at, message: { text: toast.text, tone: toast.tone, toast: true } });
  if (notice && notice.at >= since) candidates.push({ at: notice.at, message: { text: notice.text, tone: notice.tone } });
  if (lastError && lastError.time >= since) candidates.push({ at: lastError.time, message: { text: lastError.message, tone: 'error' } });
  // Ties go to the earlier candidate: the toast, then the notice, as before the toast existed.
  return candidates.reduce<(typeof candidates)[number] | undefined>((best, c) => (best === undefined || c.at > best.at ? c : best), undefined)?.message;
}

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
  const toast = useViewState((s) => s.toast);
  const progress = useViewState((s) => s.progress);
  const inFlight = useViewState((s) => s.inFlight);
  const message = newestMessage(notice, lastError, toast, now);
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
