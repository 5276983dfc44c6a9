import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the proxy kept: it has not reached the exchange, and its sender never gets an answer. */
export interface HeldRequest {
  path: string;
  body: string;
  /** Sends it on to the exchange now (after its sender is gone), the answer going nowhere. */
  forward(): Promise<void>;
}

export interface HoldingProxy {
  url: string;
  /**
   * Holds the first request after `skip` others that `match` (by path and body): it is
   * neither forwarded nor answered until the test decides. Resolves when it arrives.
   */
  holdNext(match: (path: string, body: string) => boolean, skip?: number): Promise<HeldRequest>;
  close(): Promise<void>;
}

/** An `order` action on the write route, as a command sends its children. */
export const isOrderRequest = (path: string, body: string): boolean => {
  if (path !== '/exchange') return false;
  try {
    return (JSON.parse(body) as { action?: { type?: string } }).action?.type === 'order';
  } catch {
    return false;
  }
};

/**
 * A loopback HTTP proxy in front of the exchange that can stop one request in flight, so a
 * test can kill the process that sent it at that exact point: its child orders are written
 * down, the request has left, no answer has come back.
 */
export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  let armed: { match: (path: string, body: string) => boolean; skip: number; resolve: (h: HeldRequest) => void } | undefined;
  const upstream = async (path: string, body: Buffer, headers: http.IncomingHttpHeaders) => {
    const res = await fetch(`${target}${path}`, { method: 'POST', body, headers: { 'content-type': headers['content-type'] ?? 'application/json' } });
    return { status: res.status, type: res.headers.get('content-type') ?? 'application/json', body: Buffer.from(await res.arrayBuffer()) };
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      const a = armed;
      if (a && a.match(path, body.toString('utf8'))) {
        if (a.skip > 0) a.skip--;
        else {
          armed = undefined;
          a.resolve({ path, body: body.toString('utf8'), forward: async () => void (await upstream(path, body, req.headers)) });
          return;
        }
      }
      upstream(path, body, req.headers).then(
        (up) => {
          res.writeHead(up.status, { 'content-type': up.type });
          res.end(up.body);
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    holdNext: (match, skip = 0) => new Promise<HeldRequest>((resolve) => (armed = { match, skip, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
