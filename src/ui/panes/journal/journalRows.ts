import { journalRequestKey } from '../../../feed/journalMerge.js';
import type { JournalEntry, JournalOutcome } from '../../../model/journalEntry.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { MISSING } from '../../format/decimal.js';
import { formatClock } from '../../format/time.js';
import { memoLast, memoPerItem } from '../memo.js';

/**
 * Signed actions, newest first, this session's and those loaded from the journal file; a
 * request is one row from the moment it leaves ('… sending') until its answer. What
 * was asked is shown in trader words beside the answer; the answer is shown as the client
 * recorded it: on a rejection that is the exchange's own message, never reworded. The
 * outcome word is shown beside its colour, with a glyph, so it reads on a monochrome terminal.
 */
export interface JournalRow {
  key: string;
  entry: JournalEntry;
  /** "14:03:07" today; "05-11 14:03" for an entry of an earlier day. */
  time: string;
  action: string;
  /** The request in words; lines written before words were recorded show the action's name. */
  asked: string;
  signer: string;
  nonce: string;
  requestId: string;
  outcome: string;
  outcomeTone: ThemeToken;
  detail: string;
}

const OUTCOME: Record<JournalOutcome, { text: string; tone: ThemeToken }> = {
  // On its way: the answer replaces this row when it arrives.
  sent: { text: '… sending', tone: 'muted' },
  // A sent line read back with no answer after it: the exchange may or may not have acted.
  unanswered: { text: '? no answer', tone: 'warning' },
  ok: { text: '✓ ok', tone: 'ok' },
  partial: { text: '◐ partial', tone: 'warning' },
  rejected: { text: '✗ rejected', tone: 'error' },
  error: { text: '✗ error', tone: 'error' },
  unknown: { text: '? unknown', tone: 'warning' },
  reconciled: { text: '↻ reconciled', tone: 'accent' },
};

export function outcomeLabel(outcome: JournalOutcome): { text: string; tone: ThemeToken } {
  return OUTCOME[outcome] ?? { text: String(outcome), tone: 'muted' };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const two = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a time, as a comparable string. */
function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** "05-11 14:03": month, day and minute in local time, for an entry of another day. */
function formatDayTime(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return formatClock(ms);
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A settling line reads as what the exchange said, not as the unknown it replaced. */
const SETTLED: Record<NonNullable<JournalEntry['settled']>, { text: string; tone: ThemeToken }> = {
  placed: { text: '↻ settled', tone: 'accent' },
  absent: { text: '∅ not sent', tone: 'muted' },
};

function toRow(e: JournalEntry, key: string, today: string): JournalRow {
  const o = e.settled ? SETTLED[e.settled] : outcomeLabel(e.outcome);
  return {
    key,
    entry: e,
    time: dayOf(e.time) === today ? formatClock(e.time) : formatDayTime(e.time),
    action: e.action,
    asked: e.asked === undefined ? e.action : oneLine(e.asked),
    signer: e.signerRole ?? MISSING,
    nonce: e.nonce === undefined ? MISSING : String(e.nonce),
    requestId: e.requestId ?? MISSING,
    outcome: o.text,
    outcomeTone: o.tone,
    // One line per entry: the message's own line breaks would wrap the table.
    detail: oneLine(e.detail),
  };
}

/**
 * What an entry gave the last time: its id and row, kept while the day is the same (its time
 * reads differently on another).
 */
const lastRow = memoPerItem((e: JournalEntry, _today: string): { id: string; row?: JournalRow } => {
  // A signed request keeps its key from sending to its answer (signer and nonce name it).
  // Otherwise seq counts per process: entries of earlier sessions and other faces repeat it.
  const request = journalRequestKey(e);
  return { id: request === undefined ? `${e.time}:${e.seq}:${e.face ?? ''}:${e.nonce ?? ''}` : `req:${request}` };
});

export const journalRows = memoLast((entries: readonly JournalEntry[]): readonly JournalRow[] => {
  const out: JournalRow[] = [];
  const today = dayOf(Date.now());
  const keys = new Map<string, number>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    const kept = lastRow(e, today);
    const n = (keys.get(kept.id) ?? 0) + 1;
    keys.set(kept.id, n);
    const key = n === 1 ? kept.id : `${kept.id}#${n}`;
    if (kept.row?.key !== key) kept.row = toRow(e, key, today);
    out.push(kept.row);
  }
  return out;
});
