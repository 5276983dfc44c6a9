import { CONNECT_TIMEOUT, nodeHttpSender, type SendOptions, type SentRequest } from './nodeHttpSend.js';
import { undiciSender } from './undiciPool.js';
import { clientError, excerpt, type ClientError } from './errors.js';

export interface HttpOptions {
  /** REST base, e.g. http://127.0.0.1:8080 (a path prefix is kept). */
  baseUrl: string;
  connectTimeoutMs?: number;
  /** Headers and body each; a request also aborts once this much time has passed overall. */
  requestTimeoutMs?: number;
  keepAliveMs?: number;
  connections?: number;
  /** Responses larger than this are refused: a misbehaving server must not fill memory. */
  maxBodyBytes?: number;
  /**
   * 'pool' (default): undici's connection pool, for a session that runs for hours. 'node':
   * Node's own client, for a command that sends a few requests and exits (nodeHttpSend.ts).
   */
  engine?: 'pool' | 'node';
  /**
   * Sends through this instead of a connection (`engine` is then unused): the embedded
   * exchange answering its own process in-process (src/session/embeddedDirect.ts).
   */
  sender?: HttpSender;
}

/** What sends one POST and streams its answer: Node's client, undici's pool, or an in-process one. */
export interface HttpSender {
  send(s: SendOptions): Promise<SentRequest>;
  close(): Promise<void>;
}

export interface HttpResponse {
  status: number;
  /** Parsed JSON, or undefined when the body was not JSON (see `text`). */
  body: unknown;
  text: string;
  jsonError?: string;
  sentAt: number;
  receivedAt: number;
  /** Server clock from the Date header (1 s resolution), when present. */
  serverDate?: number;
}

/**
 * `delivered` tells a writer whether the server may have acted on the request:
 * 'no' when the connection never opened, 'maybe' once bytes may have left.
 */
export type HttpOutcome =
  | { ok: true; response: HttpResponse }
  | { ok: false; error: ClientError; delivered: 'no' | 'maybe'; sentAt: number };

const DEFAULTS = { connectTimeoutMs: 5_000, requestTimeoutMs: 10_000, keepAliveMs: 30_000, connections: 8, maxBodyBytes: 4 * 1024 * 1024 };

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', CONNECT_TIMEOUT]);

/** The request an answer was for: its path (`/info`, `/exchange`) and the body sent. */
export interface SentBody {
  path: string;
  payload: string;
}

export type ResponseListener = (r: HttpResponse, request: SentBody) => void;

export class HttpTransport {
  private readonly sender: HttpSender;
  private readonly listeners = new Set<ResponseListener>();
  private readonly prefix: string;
  private readonly opts: Required<Omit<HttpOptions, 'baseUrl' | 'sender'>>;
  readonly origin: string;

  constructor(options: HttpOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/+$/, '');
    this.opts = {
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs,
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
      keepAliveMs: options.keepAliveMs ?? DEFAULTS.keepAliveMs,
      connections: options.connections ?? DEFAULTS.connections,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes,
      engine: options.engine ?? 'pool',
    };
    const engine = options.engine ?? 'pool';
    this.sender = options.sender ?? (engine === 'node' ? nodeHttpSender(url.origin, this.opts) : undiciSender(url.origin, this.opts));
  }

  async post(path: string, payload: string): Promise<HttpOutcome> {
    const sentAt = Date.now();
    const where = `${this.origin}${this.prefix}${path}`;
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    let body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown };
    try {
      const res = await this.sender.send({ path: `${this.prefix}${path}`, payload, signal: AbortSignal.timeout(this.opts.requestTimeoutMs) });
      status = res.statusCode;
      headers = res.headers;
      body = res.body;
    } catch (e) {
      return { ok: false, sentAt, ...mapTransportError(e, where, this.opts) };
    }

    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > this.opts.maxBodyBytes) {
          body.destroy();
          return {
            ok: false,
            sentAt,
            delivered: 'maybe',
            error: clientError('validation', `${path}: response body larger than ${this.opts.maxBodyBytes} bytes (HTTP ${status})`, { httpStatus: status }),
          };
        }
        chunks.push(chunk);
      }
    } catch (e) {
      return { ok: false, sentAt, ...mapTransportError(e, where, this.opts) };
    }
    const receivedAt = Date.now();
    const text = Buffer.concat(chunks).toString('utf8');
    const response: HttpResponse = { status, body: undefined, text, sentAt, receivedAt };
    try {
      response.body = JSON.parse(text);
    } catch {
      response.jsonError = text.length === 0 ? 'empty body' : `body is not JSON: ${excerpt(text, 60)}`;
    }
    const date = headers['date'];
    if (typeof date === 'string') {
      const t = Date.parse(date);
      if (Number.isFinite(t)) response.serverDate = t;
    }
    for (const fn of this.listeners) fn(response, { path, payload });
    return { ok: true, response };
  }

  /** Every answer, for clock-offset and latency estimates. */
  onResponse(fn: ResponseListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  async close(): Promise<void> {
    await this.sender.close();
  }
}

function mapTransportError(
  e: unknown,
  where: string,
  opts: { connectTimeoutMs: number; requestTimeoutMs: number },
): { error: ClientError; delivered: 'no' | 'maybe' } {
  const err = e as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = err?.code ?? err?.cause?.code;
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === CONNECT_TIMEOUT) {
    return { delivered: 'no', error: clientError('timeout', `${where}: no connection within ${opts.connectTimeoutMs} ms`) };
  }
  if (code !== undefined && NOT_SENT.has(code)) {
    return { delivered: 'no', error: clientError('network', `${where}: cannot connect (${code})`) };
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || err?.name === 'TimeoutError' || err?.name === 'AbortError' || code === 'UND_ERR_ABORTED') {
    return { delivered: 'maybe', error: clientError('timeout', `${where}: no complete answer within ${opts.requestTimeoutMs} ms`) };
  }
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    return { delivered: 'maybe', error: clientError('network', `${where}: response truncated`) };
  }
  const why = code ?? err?.message ?? 'unknown error';
  return { delivered: 'maybe', error: clientError('network', `${where}: connection lost (${excerpt(String(why), 60)})`) };
}
