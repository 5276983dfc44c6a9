import { createServer, maxHeaderSize, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { handleControl } from '../control.js';
import type { ExchangeCore, HttpReply } from '../core.js';
import { HttpError } from '../errors.js';
import { toJson } from '../json.js';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../jsonDepth.js';
import { clientAddress } from '../clientAddress.js';
import { RateLimiter } from '../rateLimiter.js';
import { ConnectionShedder } from './connectionShedder.js';
import type { FaultInjector } from './faults.js';
import { readBody } from './readBody.js';

export const MAX_BODY_BYTES = 64 * 1024;

export interface HttpServerOptions {
  faults: FaultInjector;
  /** Serve POST /control (loopback peers only). */
  control: boolean;
  /** Per client IP; 0 = off. */
  rateLimitPerMin: number;
  maxBodyBytes?: number;
  /** Where the transport's own notes go (running out of file descriptors); default the core's log. */
  log?: (line: string) => void;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (LOOPBACK.has(address) || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

function send(res: ServerResponse, reply: HttpReply, close = false): void {
  if (res.headersSent || res.destroyed) return;
  const text = toJson(reply.body);
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  };
  if (close) headers.connection = 'close';
  res.writeHead(reply.status, headers).end(text);
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * The HTTP transport and nothing else: routing by path, body limit, JSON parsing, per-IP
 * rate limit and injected faults. Everything about the request's meaning is the core's.
 */
export function createExchangeHttpServer(core: ExchangeCore, opts: HttpServerOptions): Server {
  const limit = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  const ipLimiter = new RateLimiter(opts.rateLimitPerMin);
  const fail = (res: ServerResponse, code: ConstructorParameters<typeof HttpError>[0], message: string, close = false): void =>
    send(res, core.errorReply(new HttpError(code, message)), close);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const route =
      path === '/exchange'
        ? 'exchange'
        : path === '/info'
          ? 'info'
          : path === '/control' && opts.control && isLoopback(req.socket.remoteAddress)
            ? 'control'
            : undefined;
    if (!route) return fail(res, 'NOT_FOUND', `no route ${req.method ?? ''} ${path.slice(0, 100)}; the API is POST /exchange, POST /info and /ws`);
    if (req.method !== 'POST') return fail(res, 'NOT_FOUND', `${path} takes POST with a JSON body`);
    if (route !== 'control' && ipLimiter.enabled) {
      // Budgets are kept per client (an IPv6 host per /64); the control route checks the real peer.
      const ip = clientAddress(req.socket.remoteAddress);
      if (!ipLimiter.take(ip)) return fail(res, 'RATE_LIMITED', `too many requests from ${ip}; limit is ${opts.rateLimitPerMin} per minute`);
    }

    const body = await readBody(req, limit);
    if (body.kind === 'aborted') return;
    if (body.kind === 'tooLarge') return fail(res, 'PAYLOAD_TOO_LARGE', `body exceeds ${limit} bytes`, true);
    if (body.kind === 'notUtf8') return fail(res, 'BAD_REQUEST', 'body is not UTF-8 text');
    // Before JSON.parse: nothing past this point may recurse over unbounded nesting.
    if (exceedsJsonDepth(body.text)) return fail(res, 'BAD_REQUEST', `body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
    let json: unknown;
    try {
      json = JSON.parse(body.text);
    } catch {
      return fail(res, 'BAD_REQUEST', 'body is not valid JSON');
    }

    if (route === 'control') {
      const reply = handleControl(core, opts.faults, json);
      core.commit();
      return send(res, reply);
    }

    const fault = opts.faults.take(route);
    if (fault?.mode === 'error500') return fail(res, 'INTERNAL', 'injected failure (control failNext); the request was not applied');
    if (fault?.mode === 'delay') await sleep(fault.delayMs);
    const reply = route === 'exchange' ? core.handleExchange(json) : core.handleInfo(json);
    if (fault?.mode === 'dropAfterApply') {
      req.socket.destroy();
      return;
    }
    send(res, reply);
  }

  // The response in progress on each socket, so a parse error on the socket knows whether
  // an answer has already begun.
  const inFlight = new WeakMap<Duplex, ServerResponse>();

  const server = createServer((req, res) => {
    inFlight.set(req.socket, res);
    res.once('close', () => {
      if (inFlight.get(req.socket) === res) inFlight.delete(req.socket);
    });
    handle(req, res).catch(() => {
      // handle() catches everything it expects; this is the last guard against a stack trace on the wire.
      if (!res.headersSent) fail(res, 'INTERNAL', 'internal error');
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;

  // Node's own answer to a request it cannot parse is a bare "400 Bad Request" with no body.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const res = inFlight.get(socket);
    if (err.code !== 'ECONNRESET' && socket.writable && !res?.headersSent) {
      const reply = core.errorReply(clientErrorOf(err, server));
      const text = toJson(reply.body);
      socket.write(
        `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      );
    }
    // As Node does: the byte stream cannot be trusted past this point.
    socket.destroy();
  });

  new ConnectionShedder({ log: opts.log ?? core.log }).attach(server);
  return server;
}

/** What to tell a client whose bytes were not an HTTP request Node could parse. */
function clientErrorOf(err: NodeJS.ErrnoException, server: Server): HttpError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpError('PAYLOAD_TOO_LARGE', `request headers exceed ${maxHeaderSize} bytes`);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpError('BAD_REQUEST', `request not complete within ${server.requestTimeout / 1000} s (headers within ${server.headersTimeout / 1000} s)`);
    case 'HPE_INVALID_EOF_STATE':
      return new HttpError('BAD_REQUEST', 'the connection was closed before the body was complete: Content-Length is longer than the body sent');
    default:
      return new HttpError(
        'BAD_REQUEST',
        `malformed HTTP request (${err.code ?? 'parse error'}); if a body came before this, its Content-Length may be shorter than the body`,
      );
  }
}
