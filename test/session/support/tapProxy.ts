import net from 'node:net';

export interface TapOptions {
  /** Called as the first bytes of each `POST /exchange` reach the proxy, before they go on. */
  onExchangeRequest?: () => void;
  /**
   * Hold back the answers of `POST /exchange` for good, on an open connection, as if the
   * sender were still waiting when it died. The request itself reaches the exchange.
   */
  hold?: boolean;
}

/**
 * A loopback TCP proxy in front of the exchange that watches, and may hold, its writes.
 * Reads and polls pass through untouched. `close()` drops every connection, which is when a
 * sender whose answer was held learns that it is lost.
 */
export interface TapProxy {
  url: string;
  /** How many exchange requests went through. */
  readonly writes: number;
  close(): Promise<void>;
}

export async function startTapProxy(target: string, o: TapOptions = {}): Promise<TapProxy> {
  const { hostname, port } = new URL(target);
  let writes = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const upstream = net.connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    let holding = false;
    client.on('data', (chunk: Buffer) => {
      if (chunk.toString('latin1').includes('POST /exchange')) {
        writes++;
        o.onExchangeRequest?.();
        if (o.hold) holding = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!holding) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    get writes() {
      return writes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
