import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a hostile deployment adds to every contract name and error text it sends: a window
 * title (OSC 0), a clipboard write (OSC 52), a cursor-report query (CSI 6n, also as the C1
 * byte), leaving the alternate screen (?1049l) and a bell.
 */
export const HOSTILE = '\x1b]0;pwned\x07\x1b]52;c;cHduZWQ=\x07\x1b[6n\x9b6n\x1b[?1049l\x07';

/** True when `text` holds any byte a terminal would act on (ESC, BEL, C1 controls). */
export function hasEscapes(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f]/.test(text.replace(/\r?\n/g, ''));
}

function taint(v: unknown, key = ''): unknown {
  if (typeof v === 'string') return key === 'name' || key === 'error' || key === 'message' ? `${v}${HOSTILE}` : v;
  if (Array.isArray(v)) return v.map((x) => taint(x));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, taint(x, k)]));
  return v;
}

/**
 * A deployment in front of a real exchange (`target`, e.g. the embedded one's url) that
 * passes every HTTP request on and appends HOSTILE to names and error texts in the answers.
 * WebSocket upgrades are refused (the client then polls and retries). Loopback only.
 */
export async function hostileDeployment(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const upstream = await fetch(`${target}${req.url ?? '/'}`, {
            method: req.method ?? 'POST',
            headers: { 'content-type': 'application/json' },
            ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
          });
          const text = await upstream.text();
          let body = text;
          try {
            body = JSON.stringify(taint(JSON.parse(text)));
          } catch {
            // Not JSON: passed on as it is.
          }
          res.writeHead(upstream.status, { 'content-type': 'application/json' });
          res.end(body);
        } catch {
          res.writeHead(502).end();
        }
      })();
    });
  });
  server.on('upgrade', (_req, socket) => socket.destroy());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
