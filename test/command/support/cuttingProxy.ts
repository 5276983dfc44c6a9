import net from 'node:net';

/**
 * A loopback TCP proxy in front of the exchange that loses an answer for good: it passes
 * everything through until a client sends `POST /exchange`, lets that request reach the
 * exchange (so it is applied), swallows the answer, closes the client's socket, and from
 * then on drops every new connection at once. A client can neither read the answer nor look
 * the outcome up afterwards.
 */
export interface CuttingProxy {
  url: string;
  /** Whether an exchange request went through and its answer was swallowed. */
  readonly cut: boolean;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: string): Promise<CuttingProxy> {
  const { hostname, port } = new URL(target);
  let cut = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    let swallowing = false;
    client.on('data', (chunk: Buffer) => {
      if (!cut && chunk.toString('latin1').includes('POST /exchange')) {
        cut = true;
        swallowing = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (swallowing) {
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    get cut() {
      return cut;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
