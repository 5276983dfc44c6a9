import type { HttpSender } from '../client/http.js';
import type { ExchangeCore } from '../exchange/core.js';
import { toJson } from '../exchange/json.js';

/**
 * The embedded exchange answering its own process in-process: the core's reply to a POST
 * /info or /exchange, as the JSON text its HTTP route would send, with no socket, no Node
 * HTTP client and server and no streams in between. startEmbedded's onboarding and first
 * market read send about ten requests before the first frame; over loopback HTTP those cost
 * some 25 ms of CPU on a cold start (docs/performance.md, issue 34). What the HTTP route adds
 * (body limit, JSON depth, per-IP rate limit, injected faults) guards against other clients;
 * the session, and every other client, still comes over HTTP and WebSocket.
 */
export function inProcessSender(core: ExchangeCore): HttpSender {
  return {
    async send({ path, payload }) {
      // Answered in a later turn of the microtask queue, never inside the caller's own call.
      await Promise.resolve();
      const body: unknown = JSON.parse(payload);
      const reply = path === '/exchange' ? core.handleExchange(body) : core.handleInfo(body);
      const text = Buffer.from(toJson(reply.body));
      return { statusCode: reply.status, headers: {}, body: once(text) };
    },
    close: () => Promise.resolve(),
  };
}

/** One chunk, read as a response body is. */
function once(chunk: Buffer): AsyncIterable<Buffer> & { destroy(): void } {
  return Object.assign(
    (async function* () {
      yield chunk;
    })(),
    { destroy: () => {} },
  );
}
