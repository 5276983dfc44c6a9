import type { JournalEntry } from '../../model/journalEntry.js';
import { wrapText } from '../forms/wrapText.js';
import { formatClock } from '../format/time.js';

const LABEL = 10;

/**
 * A journal entry as the lines of a message box: the request in words and the answer whole,
 * wrapped to `width` columns (the box cuts what is wider), then who signed and the ids. The
 * journal never holds keys or signatures.
 */
export function journalDetails(e: JournalEntry, width = 76): string {
  const lines: string[] = [];
  const field = (label: string, text: string) => {
    const wrapped = wrapText(text, Math.max(10, width - LABEL));
    wrapped.forEach((l, i) => lines.push(`${(i === 0 ? label : '').padEnd(LABEL)}${l}`));
  };
  field('time', formatDateTime(e.time));
  if (e.sentTime !== undefined) field('sent', formatDateTime(e.sentTime));
  field('action', e.action);
  field('asked', e.asked ?? '— (not recorded: a line from before requests were put in words, or refused before signing)');
  if (e.parentCloid) field('after', `${e.parentCloid} filled`);
  field('outcome', `${e.outcome}${e.errorKind ? ` (${e.errorKind})` : ''}`);
  field('answer', e.detail);
  field('signer', `${e.signerRole ?? '—'}${e.signer ? ` ${e.signer}` : ''}`);
  if (e.face) field('face', e.face);
  if (e.nonce !== undefined) field('nonce', String(e.nonce));
  if (e.requestId) field('request', e.requestId);
  if (e.cloids && e.cloids.length > 0) field('cloids', e.cloids.join(', '));
  return lines.join('\n');
}

/** "2025-05-12 14:03:07" in local time: an entry may come from an earlier day. */
function formatDateTime(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return formatClock(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${formatClock(ms)}`;
}
