/**
 * One error type for every way of obtaining a key, so the CLI can map `kind`
 * to a hint (chmod, --password-file, ...) without parsing messages.
 *
 * Messages name files and environment variables but never contain key
 * material, passwords or file contents: they end up in logs and bug reports.
 */
export type KeySourceErrorKind = 'permissions' | 'not-found' | 'format' | 'password' | 'exists';

export class KeySourceError extends Error {
  override readonly name = 'KeySourceError';
  readonly kind: KeySourceErrorKind;

  constructor(kind: KeySourceErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}
