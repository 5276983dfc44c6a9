import http from 'node:http';

/**
 * An HTTP proxy on loopback in front of the exchange that records every `POST /exchange`
 * body it passes on (the signed envelope as it left the command), and can rewrite answers
 * on their way back (`mangle`: a hostile deployment). Everything else passes unchanged.
 */
export interface CapturingProxy {
  url: string;
  /** The envelopes posted to /exchange, parsed, in order. */
  readonly posts: Record<string, unknown>[];
  clear(): void;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Rewrites a JSON answer (of `path`) before the client reads it. */
  mangle?: (path: string, body: unknown) => unknown;
}

export async function startCapturingProxy(target: string, o: ProxyOptions = {}): Promise<CapturingProxy> {
  const upstream = new URL(target);
  const posts: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      if (req.method === 'POST' && path.startsWith('/exchange')) {
        try {
          posts.push(JSON.parse(body.toString('utf8')) as Record<string, unknown>);
        } catch {
          posts.push({ unparsed: body.toString('utf8') });
        }
      }
      const headers = { ...req.headers, host: upstream.host, 'content-length': String(body.length) };
      const up = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers }, (ur) => {
        const back: Buffer[] = [];
        ur.on('data', (c: Buffer) => back.push(c));
        ur.on('end', () => {
          let out = Buffer.concat(back);
          if (o.mangle) {
            try {
              out = Buffer.from(JSON.stringify(o.mangle(path, JSON.parse(out.toString('utf8')))), 'utf8');
            } catch {
              // Not JSON: as it came.
            }
          }
          const h = { ...ur.headers, 'content-length': String(out.length) };
          delete h['transfer-encoding'];
          res.writeHead(ur.statusCode ?? 502, h);
          res.end(out);
        });
      });
      up.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      up.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    clear: () => void posts.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
