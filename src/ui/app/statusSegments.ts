import type { ConnState, SubState } from '../../model/streamState.js';
import type { Segment } from '../components/Tone.js';
import { formatAge, formatMillis } from '../format/time.js';
import type { ThemeToken } from '../theme/tokens.js';
import { fitSegments, type SegmentGroup } from './fitSegments.js';

export interface StatusModel {
  connection: ConnState;
  /** Per subscription key: `l2Book:1`, `candle:1:1m`, `openOrders` ... */
  channels: Readonly<Record<string, SubState>>;
  latencyMs: number | null;
  clockOffsetMs: number | null;
  clockWarning: string | null;
  /** Age of the newest market data, when there is any. */
  dataAgeMs: number | undefined;
  signer: 'agent' | 'master' | 'none';
  readOnly: boolean;
  inFlight: number;
  progress: string | null;
  /** Viewers of a `perpdesk serve` (null: the local dashboard, no such segment). */
  viewers?: number | null;
  /** A replay's recorded time, speed and play state (`REPLAY 06:24:15 2x playing`); absent live. */
  replay?: string;
  /** The session is recording the market (`--record`, the palette's record.toggle): `● REC` stays while it does. */
  recording?: boolean;
  /** The newest notice or error; `toast` marks a request's answer, which the other groups make room for. */
  message: { text: string; tone: 'info' | 'warning' | 'error' | 'success'; toast?: boolean; at?: number } | undefined;
}

/** Columns a toast leaves to the other groups (mode and connection, narrowed): it may claim the rest. */
const TOAST_LEAVES = 24;

/** Short names so every channel fits at 120 columns. */
const CHANNEL_LABEL: Record<string, string> = {
  l2Book: 'book',
  bbo: 'bbo',
  trades: 'trd',
  candle: 'cdl',
  config: 'cfg',
  openOrders: 'ord',
  orderUpdates: 'upd',
  userFills: 'fill',
};
const CHANNEL_ORDER = Object.keys(CHANNEL_LABEL);

/** Glyph per state, so the state reads without colour too. */
const STATE_GLYPH: Record<SubState, { glyph: string; token: ThemeToken }> = {
  live: { glyph: '●', token: 'ok' },
  connecting: { glyph: '◐', token: 'warning' },
  subscribing: { glyph: '◐', token: 'warning' },
  resyncing: { glyph: '◐', token: 'warning' },
  stale: { glyph: '◌', token: 'stale' },
  down: { glyph: '✕', token: 'error' },
};

const CONN_TEXT: Record<ConnState, { text: string; token: ThemeToken }> = {
  idle: { text: '○ idle', token: 'muted' },
  connecting: { text: '◐ connecting', token: 'warning' },
  authenticating: { text: '◐ auth', token: 'warning' },
  open: { text: '● ws', token: 'ok' },
  reconnecting: { text: '◐ reconnecting', token: 'warning' },
  closed: { text: '✕ closed', token: 'error' },
};

function channelType(key: string): string {
  return key.split(':', 1)[0] ?? key;
}

export function channelSegments(channels: Readonly<Record<string, SubState>>): Segment[] {
  const keys = Object.keys(channels).sort((a, b) => CHANNEL_ORDER.indexOf(channelType(a)) - CHANNEL_ORDER.indexOf(channelType(b)) || a.localeCompare(b));
  const out: Segment[] = [];
  for (const k of keys) {
    const st = STATE_GLYPH[channels[k]!];
    if (out.length > 0) out.push({ text: ' ' });
    const type = channelType(k);
    // Candles name their interval: the chart may hold a second one besides the session's.
    const label = type === 'candle' ? `c${k.split(':')[2] ?? ''}` : (CHANNEL_LABEL[type] ?? type);
    out.push({ text: label, token: 'muted' }, { text: st.glyph, token: st.token });
  }
  return out;
}

/** "5/6 live" with the worst state's colour, for narrow screens. */
export function channelSummary(channels: Readonly<Record<string, SubState>>): Segment[] {
  const states = Object.values(channels);
  if (states.length === 0) return [];
  const live = states.filter((s) => s === 'live').length;
  const worst = states.includes('down') ? 'down' : states.includes('stale') ? 'stale' : live < states.length ? 'connecting' : 'live';
  return [{ text: `${STATE_GLYPH[worst].glyph}${live}/${states.length}`, token: STATE_GLYPH[worst].token }];
}

const TONE_TOKEN: Record<NonNullable<StatusModel['message']>['tone'], ThemeToken> = { info: 'text', success: 'ok', warning: 'warning', error: 'error' };
const TONE_MARK: Record<NonNullable<StatusModel['message']>['tone'], string> = { info: '', success: '✓ ', warning: '! ', error: '✕ ' };

/** The status bar line within `width` columns: mode and signer first, the last message takes the rest. */
export function statusSegments(m: StatusModel, width: number): Segment[] {
  const conn = CONN_TEXT[m.connection];
  const groups: SegmentGroup[] = [
    {
      priority: 0,
      segments: [m.readOnly ? { text: ' READ-ONLY', token: 'warning', bold: true } : { text: ' TRADING', token: 'ok', bold: true }],
      narrower: [[m.readOnly ? { text: ' RO', token: 'warning', bold: true } : { text: ' TR', token: 'ok', bold: true }]],
    },
    {
      priority: 2,
      segments: [{ text: m.signer === 'none' ? 'no key' : `signer ${m.signer}`, token: m.signer === 'master' ? 'warning' : 'muted' }],
      narrower: [[{ text: m.signer === 'none' ? 'no key' : m.signer, token: m.signer === 'master' ? 'warning' : 'muted' }]],
    },
    {
      priority: 3,
      keep: true,
      segments: [{ text: conn.text, token: conn.token }, ...(Object.keys(m.channels).length ? [{ text: ' ' }, ...channelSegments(m.channels)] : [])],
      narrower: [[{ text: conn.text, token: conn.token }, { text: ' ' }, ...channelSummary(m.channels)], [...channelSummary(m.channels)]],
    },
    { priority: 4, segments: [{ text: m.latencyMs === null ? 'rtt —' : `rtt ${formatMillis(m.latencyMs)}`, token: 'muted' }] },
    {
      priority: 5,
      segments: [
        { text: `clock ${m.clockOffsetMs === null ? '—' : formatMillis(m.clockOffsetMs)}`, token: m.clockWarning ? 'warning' : 'muted' },
        ...(m.clockWarning ? [{ text: ' !', token: 'warning' as const }] : []),
      ],
    },
    { priority: 3, segments: [{ text: m.dataAgeMs === undefined ? 'data —' : `data ${formatAge(m.dataAgeMs)}`, token: 'muted' }] },
  ];
  if (m.replay !== undefined) groups.push({ priority: 0, keep: true, segments: [{ text: m.replay, token: 'accent', bold: true }], narrower: [[{ text: m.replay.replace(/ (playing|paused|ended)$/, ''), token: 'accent', bold: true }]] });
  if (m.recording) groups.push({ priority: 1, keep: true, segments: [{ text: '● REC', token: 'error', bold: true }], narrower: [[{ text: '●R', token: 'error', bold: true }]] });
  if (m.viewers !== undefined && m.viewers !== null) {
    groups.push({ priority: 1, segments: [{ text: `ssh ${m.viewers} viewer${m.viewers === 1 ? '' : 's'}`, token: 'accent' }], narrower: [[{ text: `ssh ${m.viewers}`, token: 'accent' }]] });
  }
  if (m.inFlight > 0) groups.push({ priority: 0, segments: [{ text: `⧗ ${m.inFlight} sending`, token: 'warning' }] });
  if (m.progress) groups.push({ priority: 2, segments: [{ text: `⧗ ${m.progress}`, token: 'accent' }], narrower: [[{ text: '⧗ setting up', token: 'accent' }]] });
  if (m.clockWarning && !m.message) groups.push({ priority: 1, fill: true, minWidth: 24, segments: [{ text: `! ${m.clockWarning}`, token: 'warning' }] });
  if (m.message?.toast) {
    groups.push({ priority: 0, fill: true, minWidth: Math.max(24, width - TOAST_LEAVES), segments: [{ text: `${TONE_MARK[m.message.tone]}${m.message.text}`, token: TONE_TOKEN[m.message.tone], bold: true }] });
  } else if (m.message) groups.push({ priority: 1, fill: true, minWidth: 24, segments: [{ text: `${TONE_MARK[m.message.tone]}${m.message.text}`, token: TONE_TOKEN[m.message.tone] }] });
  return fitSegments(groups, width);
}

/**
 * The status bar line and what it could not show of the message: the words after the cut
 * (or the whole message when no room was left for it), for the line under the bar.
 */
export function statusLine(m: StatusModel, width: number): { segments: Segment[]; rest: string | undefined } {
  const segments = statusSegments(m, width);
  if (!m.message) return { segments, rest: undefined };
  const full = `${TONE_MARK[m.message.tone]}${m.message.text}`;
  const token = TONE_TOKEN[m.message.tone];
  const shown = segments.find((s) => s.token === token && s.text !== '' && (s.text === full || (s.text.endsWith('…') && full.startsWith(s.text.slice(0, -1)))));
  if (shown?.text === full) return { segments, rest: undefined };
  const rest = shown ? full.slice(shown.text.length - 1).trimStart() : full;
  return { segments, rest: rest === '' ? undefined : rest };
}

/** The status bar's replay segment: `REPLAY 06:24:15 2x playing` (the recorded time in UTC). */
export function replayText(r: { nowUs: number; speed: number; playing: boolean; ended: boolean }): string {
  const time = new Date(Math.floor(r.nowUs / 1000)).toISOString().slice(11, 19);
  const speed = r.speed === Infinity ? 'max' : `${r.speed}x`;
  return `REPLAY ${time} ${speed} ${r.ended ? 'ended' : r.playing ? 'playing' : 'paused'}`;
}
