import type { JournalEntry } from '../../model/journalEntry.js';
import { formatClock } from '../format/time.js';

/** A journal entry as the lines of a message box. The journal never holds keys or signatures. */
export function journalDetails(e: JournalEntry): string {
  const lines = [
    `time      ${formatClock(e.time)}`,
    `action    ${e.action}`,
    `outcome   ${e.outcome}${e.errorKind ? ` (${e.errorKind})` : ''}`,
    `signer    ${e.signerRole ?? '—'}${e.signer ? ` ${e.signer}` : ''}`,
  ];
  if (e.nonce !== undefined) lines.push(`nonce     ${e.nonce}`);
  if (e.requestId) lines.push(`request   ${e.requestId}`);
  if (e.cloids && e.cloids.length > 0) lines.push(`cloids    ${e.cloids.join(', ')}`);
  lines.push('', e.detail);
  return lines.join('\n');
}
