import { memo, useRef, useSyncExternalStore } from 'react';
import { Box } from 'ink';
import type { CommandId, HintEntry } from '../../keymap/index.js';
import type { Segment } from '../components/Tone.js';
import { useShell } from '../context/ShellContext.js';
import { truncateAtWord } from '../format/width.js';
import type { ThemeToken } from '../theme/tokens.js';
import { hintSegments, hintsFor } from './hintLine.js';
import { STATUS_ROWS } from './layout.js';
import {
  selectClockOffset,
  selectClockWarning,
  selectConnection,
  selectLastError,
  selectLatency,
} from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import { dataTimeOf } from '../panes/staleness.js';
import { clockNow, useClock } from '../panes/useNow.js';
import { formatAge } from '../format/time.js';
import { useApp, useAppState, useViewState } from '../context/AppContext.js';
import type { ViewState } from '../view/viewStore.js';
import { Bar } from './Bar.js';
import { replayText, statusLine, type StatusModel } from './statusSegments.js';

const selectChannels = (s: AppState) => s.session.channels;
const noFeed = () => () => {};

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
  if (toast && fresh && now - toast.at < TOAST_HOLD_MS) return { text: toast.text, tone: toast.tone, toast: true, at: toast.at };
  const candidates: { at: number; message: NonNullable<StatusModel['message']> }[] = [];
  if (toast && fresh) candidates.push({ at: toast.at, message: { text: toast.text, tone: toast.tone, toast: true, at: toast.at } });
  if (notice && notice.at >= since) candidates.push({ at: notice.at, message: { text: notice.text, tone: notice.tone, at: notice.at } });
  if (lastError && lastError.time >= since) candidates.push({ at: lastError.time, message: { text: lastError.message, tone: 'error', at: lastError.time } });
  // Ties go to the earlier candidate: the toast, then the notice, as before the toast existed.
  return candidates.reduce<(typeof candidates)[number] | undefined>((best, c) => (best === undefined || c.at > best.at ? c : best), undefined)?.message;
}

/** How long the words of a message the bar had to cut take the line under it. */
export const OVERFLOW_MS = 10_000;

const HINT_TONE: Record<NonNullable<StatusModel['message']>['tone'], ThemeToken> = { info: 'text', success: 'ok', warning: 'warning', error: 'error' };

/** Hint entries as one string, so the view store's selector is a primitive that changes only when the hints do. */
function encodeHints(entries: readonly HintEntry[]): string {
  return entries.map((e) => `${e.id}\u0001${e.key}\u0001${e.label}`).join('\u0002');
}

function decodeHints(text: string): HintEntry[] {
  if (text === '') return [];
  return text.split('\u0002').map((part) => {
    const [id, key, label] = part.split('\u0001') as [CommandId, string, string];
    return { id, key, label };
  });
}

/**
 * The bottom area: the status bar (connection and channels, latency, clock offset, data age,
 * signer and mode, and the last notice or error verbatim, whichever is newer) and under it
 * the key hint line, generated from the keymap for what has the keyboard. For OVERFLOW_MS
 * after a message too long for the bar, its remaining words take the hint line instead.
 * Judged once a second for the data age and the messages' times; re-rendered only when
 * what it shows of them changes.
 */
export const StatusBar = memo(function StatusBar({ width }: { width: number }) {
  const { mode, store, session } = useApp();
  const feed = session?.replay;
  const replay = useSyncExternalStore(feed?.subscribe ?? noFeed, () => (feed ? replayText(feed.status()) : undefined));
  const recording = useSyncExternalStore(session?.onRecording ?? noFeed, () => session?.recorder !== undefined);
  const { bindings } = useShell();
  // The hints of one view state worked out once: the selector runs at every view-store change
  // and again at each render of the bar (its latency, its clock), where the view is the same.
  const hints = useRef<{ view: ViewState | undefined; bindings: typeof bindings | undefined; text: string }>({ view: undefined, bindings: undefined, text: '' });
  const hintText = useViewState((s) => {
    const kept = hints.current;
    if (kept.view !== s || kept.bindings !== bindings) hints.current = { view: s, bindings, text: encodeHints(hintsFor(s, bindings, mode.readOnly)) };
    return hints.current.text;
  });
  const connection = useAppState(selectConnection);
  const channels = useAppState(selectChannels);
  const latencyMs = useAppState(selectLatency);
  const clockOffsetMs = useAppState(selectClockOffset);
  const clockWarning = useAppState(selectClockWarning);
  const lastError = useAppState(selectLastError);
  const said = useViewState((s) => s.notice);
  const toast = useViewState((s) => s.toast);
  const progress = useViewState((s) => s.progress);
  const inFlight = useViewState((s) => s.inFlight);
  const viewers = useViewState((s) => s.viewers);
  // What the bar shows of the clock at a time: the data age in whole units, the message
  // (a toast's time, a notice that no longer holds) and whether its overflow still takes the
  // hint line. Read, not subscribed: the book's time moves with every message, and the bar
  // re-renders at a tick only when one of these reads otherwise.
  const atTime = (now: number) => {
    const dataAt = dataTimeOf('book', store.getState());
    const notice = said?.holds && !said.holds(store.getState()) ? null : said;
    const message = newestMessage(notice, lastError, toast, now);
    return { dataAgeMs: dataAt === undefined ? undefined : Math.max(0, now - dataAt), message, messageFresh: message?.at !== undefined && now - message.at < OVERFLOW_MS };
  };
  useClock(1000, (now) => {
    const v = atTime(now);
    return `${v.dataAgeMs === undefined ? '' : formatAge(v.dataAgeMs)}\u0001${v.message?.text}\u0001${v.message?.tone}\u0001${v.message?.at}\u0001${v.messageFresh}`;
  });
  const { dataAgeMs, message, messageFresh } = atTime(clockNow(1000));
  const { segments, rest } = statusLine(
    {
      connection,
      channels,
      latencyMs,
      clockOffsetMs,
      clockWarning,
      dataAgeMs,
      signer: mode.signer,
      readOnly: mode.readOnly,
      inFlight,
      progress,
      viewers,
      message,
      ...(replay !== undefined ? { replay } : {}),
      ...(recording ? { recording } : {}),
    },
    width,
  );
  const overflow = rest !== undefined && messageFresh;
  const second: Segment[] =
    overflow && message ? [{ text: ` ${truncateAtWord(rest, width - 1)}`, token: HINT_TONE[message.tone] }] : hintSegments(decodeHints(hintText), width);
  return (
    <Box flexDirection="column" width={width} height={STATUS_ROWS} flexShrink={0}>
      <Bar segments={segments} width={width} base="status" />
      <Bar segments={second} width={width} base="surface" />
    </Box>
  );
});
