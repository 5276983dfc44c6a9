/**
 * Errors as values. Every failure the client can meet becomes a ClientError a face can
 * show as one line; nothing here carries a stack trace, a request body or a key. The types
 * live below the client so the store, the feed and the forms can name them without it.
 */
export type ClientErrorKind =
  | 'network'
  | 'timeout'
  | 'http'
  | 'signature'
  | 'nonce'
  | 'business'
  | 'validation'
  | 'master-key-required';

export interface ClientError {
  readonly kind: ClientErrorKind;
  /** Verbatim exchange text where the exchange gave one. */
  readonly message: string;
  /** HTTP-level code (`SIGNATURE_INVALID`) or business `errorCode` (a number). */
  readonly code?: string | number;
  readonly httpStatus?: number;
  readonly requestId?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ClientError };
