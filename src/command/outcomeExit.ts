import type { CallOutcome } from '../session/sendCall.js';
import { EXIT, type ExitCode } from './exitCodes.js';

/**
 * The exit status of a sent write: 0 when every item succeeded, 1 when the exchange refused
 * any of it (HTTP 200 with per-item errors counts), 3 when it never reached the exchange, 5
 * when the answer was lost and the exchange's records could not settle it.
 */
export function exitOfOutcome(o: CallOutcome): ExitCode {
  if (!o.ok) {
    if (o.outcomeUnknown) return EXIT.unknown;
    if (o.error.kind === 'network' || o.error.kind === 'timeout') return EXIT.network;
    if (o.error.kind === 'validation') return EXIT.refused;
    return EXIT.rejected;
  }
  if ('statuses' in o && Array.isArray(o.statuses)) {
    for (const s of o.statuses as unknown[]) {
      if (s === 'success') continue;
      if (typeof s === 'object' && s !== null) {
        if ('error' in s) return EXIT.rejected;
        const rec = (s as { reconciled?: { status: string } }).reconciled;
        if (rec && (rec.status === 'rejected' || rec.status === 'absent')) return EXIT.rejected;
      }
    }
    return EXIT.ok;
  }
  const rec = (o as { reconciled?: { status?: string; applied?: boolean } }).reconciled;
  if (rec && (rec.applied === false || rec.status === 'rejected' || rec.status === 'absent')) return EXIT.rejected;
  const data = (o as { data?: { errorCode?: number } }).data;
  if (data && typeof data.errorCode === 'number' && data.errorCode !== 0) return EXIT.rejected;
  return EXIT.ok;
}
