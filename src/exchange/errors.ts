import { BUSINESS_ERROR, HTTP_ERROR, type BusinessErrorKey, type HttpErrorCode } from '../protocol/wire/index.js';

/**
 * An HTTP-level failure (spec 4.2 error envelope). The message is shown to users as-is,
 * so it names the field or value at fault and never carries a stack trace or a key.
 */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: HttpErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = HTTP_ERROR[code];
  }
}

/**
 * A business rejection inside HTTP 200 (spec 4.2 rule 2). Handlers throw it before they
 * mutate anything; the action registry turns it into the action's zero-valued data shape.
 */
export class BusinessError extends Error {
  readonly errorCode: number;
  constructor(readonly key: BusinessErrorKey) {
    const entry = BUSINESS_ERROR[key];
    super(entry.message);
    this.name = 'BusinessError';
    this.errorCode = entry.code;
  }
}
