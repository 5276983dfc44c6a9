import * as v from 'valibot';
import { describeIssues, INFO_QUERIES, type InfoRequest, type InfoType } from '../../protocol/wire/index.js';
import { HttpError } from '../errors.js';
import type { ExchangeState } from '../state/exchangeState.js';

/** A read handler returns the whole response body (spec 4.3: no status wrapper). */
export type InfoHandler<T extends InfoType> = (core: ExchangeState, request: InfoRequest<T>) => unknown;

interface Entry {
  schema: v.GenericSchema;
  handler: (core: ExchangeState, request: unknown) => unknown;
}

export class InfoRegistry {
  private readonly entries = new Map<string, Entry>();

  /** A query of the shared wire module, validated against its INFO_QUERIES request schema. */
  register<T extends InfoType>(type: T, handler: InfoHandler<T>): void {
    this.put(type, INFO_QUERIES[type].request as unknown as v.GenericSchema, handler as Entry['handler']);
  }

  /** A query beyond the shared module (add its schema to src/protocol/wire first when clients use it). */
  registerCustom(type: string, schema: v.GenericSchema, handler: (core: ExchangeState, request: unknown) => unknown): void {
    this.put(type, schema, handler);
  }

  has(type: string): boolean {
    return this.entries.has(type);
  }

  handle(core: ExchangeState, body: unknown): unknown {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError('BAD_REQUEST', 'body: expected a JSON object with a string "type"');
    }
    const type = (body as { type?: unknown }).type;
    if (typeof type !== 'string') throw new HttpError('BAD_REQUEST', 'type: expected a string naming the query');
    const entry = this.entries.get(type);
    if (!entry) throw new HttpError('UNKNOWN_QUERY', `type: unknown query ${JSON.stringify(type.slice(0, 64))}`);
    const parsed = v.safeParse(entry.schema, body);
    if (!parsed.success) throw new HttpError('BAD_REQUEST', describeIssues(parsed.issues));
    return entry.handler(core, parsed.output);
  }

  /** One handler per query type: a second registration is a wiring mistake and throws. */
  private put(type: string, schema: v.GenericSchema, handler: Entry['handler']): void {
    if (this.entries.has(type)) throw new Error(`query ${type} already has a handler`);
    this.entries.set(type, { schema, handler });
  }
}
