import type { JournalEntry, JournalOutcome } from '../../../model/journalEntry.js';
import type { ThemeToken } from '../../theme/tokens.js';
import { MISSING } from '../../format/decimal.js';
import { formatClock } from '../../format/time.js';
import { memoLast } from '../memo.js';

/**
 * Signed actions, newest first. The detail is shown as the client recorded it: on a
 * rejection that is the exchange's own message, never reworded. The outcome word is
 * shown beside its colour, with a glyph, so it reads on a monochrome terminal.
 */
export interface JournalRow {
  key: string;
  entry: JournalEntry;
  time: string;
  action: string;
  signer: string;
  nonce: string;
  requestId: string;
  outcome: string;
  outcomeTone: ThemeToken;
  detail: string;
}

const OUTCOME: Record<JournalOutcome, { text: string; tone: ThemeToken }> = {
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

export const journalRows = memoLast((entries: readonly JournalEntry[]): readonly JournalRow[] => {
  const out: JournalRow[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    const o = outcomeLabel(e.outcome);
    out.push({
      key: String(e.seq),
      entry: e,
      time: formatClock(e.time),
      action: e.action,
      signer: e.signerRole ?? MISSING,
      nonce: e.nonce === undefined ? MISSING : String(e.nonce),
      requestId: e.requestId ?? MISSING,
      outcome: o.text,
      outcomeTone: o.tone,
      // One line per entry: the message's own line breaks would wrap the table.
      detail: e.detail.replace(/\s+/g, ' ').trim(),
    });
  }
  return out;
});
