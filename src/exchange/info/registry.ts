import * as v from 'valibot';
import { describeIssues, INFO_QUERIES, type InfoRequest, type InfoType } from '../../protocol/wire/index.js';
import type { ExchangeCore } from '../core.js';
import { HttpError } from '../errors.js';

/** A read handler returns the whole response body (spec 4.3: no status wrapper). */
export type InfoHandler<T extends InfoType> = (core: ExchangeCore, request: InfoRequest<T>) => unknown;

interface Entry {
  schema: v.GenericSchema;
  handler: (core: ExchangeCore, request: unknown) => unknown;
  placeholder: boolean;
}

export interface InfoRegisterOptions {
  replace?: boolean;
  /** Part 1's answers for an exchange without orders; part 2 replaces them silently. */
  placeholder?: boolean;
}

export class InfoRegistry {
  private readonly entries = new Map<string, Entry>();

  /** A query of the shared wire module, validated against its INFO_QUERIES request schema. */
  register<T extends InfoType>(type: T, handler: InfoHandler<T>, opts: InfoRegisterOptions = {}): void {
    this.put(type, INFO_QUERIES[type].request as unknown as v.GenericSchema, handler as Entry['handler'], opts);
  }

  /** A query beyond the shared module (add its schema to src/protocol/wire first when clients use it). */
  registerCustom(type: string, schema: v.GenericSchema, handler: (core: ExchangeCore, request: unknown) => unknown, opts: InfoRegisterOptions = {}): void {
    this.put(type, schema, handler, opts);
  }

  has(type: string): boolean {
    return this.entries.has(type);
  }

  isPlaceholder(type: string): boolean {
    return this.entries.get(type)?.placeholder ?? false;
  }

  handle(core: ExchangeCore, body: unknown): unknown {
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

  private put(type: string, schema: v.GenericSchema, handler: Entry['handler'], opts: InfoRegisterOptions): void {
    const existing = this.entries.get(type);
    if (existing && !existing.placeholder && !opts.replace) {
      throw new Error(`query ${type} already has a handler; pass { replace: true } to swap it`);
    }
    this.entries.set(type, { schema, handler, placeholder: opts.placeholder ?? false });
  }
}
