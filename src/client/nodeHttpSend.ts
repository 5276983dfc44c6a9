import http from 'node:http';
import https from 'node:https';

/** One POST's answer as the transport reads it: status, headers, and the body as it streams. */
export interface SentRequest {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown };
}

export interface SendOptions {
  path: string;
  payload: string;
  signal: AbortSignal;
}

/** A connection that did not open in time: mapped like the pool's connect timeout. */
export const CONNECT_TIMEOUT = 'ECONNECT_TIMEOUT';

/**
 * POSTs with Node's own HTTP client and a keep-alive agent. A command that sends a handful
 * of requests and exits uses it instead of undici's pool: Node's client parses with its
 * built-in llhttp, where undici compiles a WebAssembly parser that the process then waits
 * for at exit (about 250 ms a command, measured), and loads nothing more at start.
 */
export function nodeHttpSender(origin: string, o: { connections: number; keepAliveMs: number; connectTimeoutMs: number }) {
  const url = new URL(origin);
  const lib = url.protocol === 'https:' ? https : http;
  // `timeout` closes a socket idle that long; with it, Node 20's agent also honours the server's
  // `Keep-Alive: timeout=N` and drops a socket a second before the server would (without it the
  // hint is ignored, and a request sent as the server closes an idle socket meets a reset).
  const agent = new lib.Agent({ keepAlive: true, maxSockets: o.connections, keepAliveMsecs: o.keepAliveMs, timeout: o.keepAliveMs });
  function send(s: SendOptions): Promise<SentRequest> {
    return new Promise((resolve, reject) => {
      const req = lib.request(
        { protocol: url.protocol, hostname: url.hostname, port: url.port, path: s.path, method: 'POST', agent, signal: s.signal, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(s.payload) } },
        (res) => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: res }),
      );
      req.once('socket', (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(() => req.destroy(Object.assign(new Error('connect timeout'), { code: CONNECT_TIMEOUT })), o.connectTimeoutMs);
        socket.once('connect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      req.once('error', reject);
      req.end(s.payload);
    });
  }
  return {
    send,
    close: async () => {
      agent.destroy();
    },
  };
}
