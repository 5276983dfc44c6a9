import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';

/** A server that answers each request with whatever the test queued. */
type Behaviour = (res: import('node:http').ServerResponse, req: import('node:http').IncomingMessage) => void;

const servers: Server[] = [];
const transports: HttpTransport[] = [];
afterEach(async () => {
  for (const t of transports.splice(0)) await t.close();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(behaviours: Behaviour[]): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => (behaviours.shift() ?? ((r) => r.end('{}')))(res, req));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let engine: 'pool' | 'node' = 'pool';

function transport(url: string, extra: Partial<ConstructorParameters<typeof HttpTransport>[0]> = {}) {
  const t = new HttpTransport({ baseUrl: url, requestTimeoutMs: 300, connectTimeoutMs: 300, engine, ...extra });
  transports.push(t);
  return t;
}

const json = (status: number, body: unknown): Behaviour => (res) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const BOOK = { contractId: 1, time: 5, levels: [[{ px: '1', sz: '2', n: 1 }], []] };

// Both engines must give the same answers and the same errors: undici's pool (sessions) and Node's own client (commands).
describe.each(['pool', 'node'] as const)('InfoClient over HTTP (%s)', (which) => {
  beforeEach(() => {
    engine = which;
  });

  it('returns a validated result and the same client keeps working after every kind of bad answer', async () => {
    const url = await serve([
      json(200, BOOK),
      json(200, '\u0000garbage{'),
      (res) => {
        res.writeHead(200, { 'content-length': '100' });
        res.write('{"contractId":1,');
        setTimeout(() => res.destroy(), 10);
      },
      (res) => {
        res.writeHead(200);
        const big = 'x'.repeat(64 * 1024);
        for (let i = 0; i < 40; i++) res.write(big);
        res.end();
      },
      json(200, { ...BOOK, levels: [[{ px: 'one', sz: '2', n: 1 }], []] }),
      json(400, { status: 'error', requestId: 'req-3', code: 'BAD_REQUEST', message: 'contractId: expected a number' }),
      (res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html>Bad gateway</html>');
      },
      () => {
        /* never answers */
      },
      json(200, BOOK),
    ]);
    const info = new InfoClient(transport(url, { maxBodyBytes: 1024 * 1024 }));
    const results = [];
    for (let i = 0; i < 9; i++) results.push(await info.l2Book(1));

    expect(results[0]).toEqual({ ok: true, value: BOOK });
    const errors = results.slice(1, 8).map((r) => (r.ok ? undefined : r.error));
    expect(errors[0]).toMatchObject({ kind: 'validation', message: expect.stringMatching(/^l2Book: body is not JSON/) });
    expect(errors[1]).toMatchObject({ kind: 'network', message: expect.stringMatching(/^l2Book: .*(truncated|connection lost)/) });
    expect(errors[2]).toMatchObject({ kind: 'validation', message: expect.stringMatching(/^l2Book: .*larger than 1048576 bytes/) });
    expect(errors[3]).toMatchObject({ kind: 'validation', message: 'l2Book: levels.0.0.px: expected a decimal string' });
    expect(errors[4]).toEqual({ kind: 'http', message: 'contractId: expected a number', code: 'BAD_REQUEST', httpStatus: 400, requestId: 'req-3' });
    expect(errors[5]).toMatchObject({ kind: 'http', httpStatus: 502, message: expect.stringContaining('HTTP 502') });
    expect(errors[6]).toMatchObject({ kind: 'timeout' });
    for (const e of errors) {
      expect(e).toBeDefined();
      expect(e!.message).not.toMatch(/\n\s+at /); // never a stack trace
      expect(e!.message.length).toBeLessThan(300);
    }
    expect(results[8]).toEqual({ ok: true, value: BOOK });
  });

  it('reports a refused connection as a network error that was not delivered', async () => {
    const url = await serve([]);
    const port = new URL(url).port;
    servers[0]!.close();
    await new Promise((r) => setTimeout(r, 20));
    const out = await transport(`http://127.0.0.1:${port}`).post('/info', '{}');
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.delivered).toBe('no');
    expect(out.error.kind).toBe('network');
    expect(out.error.message).toMatch(/ECONNREFUSED/);
  });

  it('reads the Date header and reports each answer to listeners', async () => {
    const url = await serve([json(200, BOOK)]);
    const t = transport(url);
    const seen: number[] = [];
    t.onResponse((r) => seen.push(r.serverDate ?? -1));
    const out = await t.post('/info', '{"type":"l2Book","contractId":1}');
    expect(out.ok).toBe(true);
    expect(seen).toHaveLength(1);
    expect(Math.abs(seen[0]! - Date.now())).toBeLessThan(60_000);
  });

  it('keeps a path prefix of the base URL', async () => {
    let path = '';
    const url = await serve([
      (res, req) => {
        path = req.url ?? '';
        json(200, BOOK)(res, req);
      },
    ]);
    await new InfoClient(transport(`${url}/api/`)).l2Book(1);
    expect(path).toBe('/api/info');
  });
});
