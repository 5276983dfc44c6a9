import { terminalSafe } from '../protocol/safeText.js';
import type { ClientError, ClientErrorKind, Result } from '../model/clientError.js';

export type { ClientError, ClientErrorKind, Result };

export function clientError(kind: ClientErrorKind, message: string, extra: Omit<ClientError, 'kind' | 'message'> = {}): ClientError {
  const e: { -readonly [K in keyof ClientError]: ClientError[K] } = { kind, message };
  if (extra.code !== undefined) e.code = extra.code;
  if (extra.httpStatus !== undefined) e.httpStatus = extra.httpStatus;
  if (extra.requestId !== undefined) e.requestId = extra.requestId;
  return Object.freeze(e);
}

/** HTTP-level codes that have a kind of their own (open-points "HTTP-level codes"). */
export function kindOfHttpCode(code: string): ClientErrorKind {
  if (code === 'SIGNATURE_INVALID') return 'signature';
  if (code === 'NONCE_INVALID') return 'nonce';
  return 'http';
}

/** One line for a status bar: "http 401 SIGNATURE_INVALID: ... (req-12)". */
export function describeError(e: ClientError): string {
  const head = [e.kind, e.httpStatus, e.code].filter((x) => x !== undefined).join(' ');
  const tail = e.requestId ? ` (${e.requestId})` : '';
  return `${head}: ${e.message}${tail}`;
}

/** Short, printable excerpt of untrusted text for an error message. */
export function excerpt(text: string, max = 80): string {
  const clean = terminalSafe(text);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
