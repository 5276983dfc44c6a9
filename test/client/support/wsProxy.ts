import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

/**
 * A loopback WebSocket relay between the client and an exchange. `muteData` drops the
 * exchange's channel data on the way to the client while acks, auth answers and pongs
 * still pass: the connection looks healthy and a stream has simply gone silent.
 */
export interface WsProxy {
  url: string;
  muteData(on: boolean): void;
  connections(): number;
  close(): Promise<void>;
}

const CONTROL_CHANNELS = new Set(['subscriptionResponse', 'auth', 'pong', 'error']);

export async function startWsProxy(upstreamUrl: string): Promise<WsProxy> {
  let muted = false;
  const pairs = new Set<{ down: WebSocket; up: WebSocket }>();
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (down) => {
    const up = new WebSocket(upstreamUrl);
    const pair = { down, up };
    pairs.add(pair);
    const pending: WebSocket.RawData[] = [];
    const end = () => {
      pairs.delete(pair);
      down.terminate();
      up.terminate();
    };
    up.on('open', () => {
      for (const m of pending.splice(0)) up.send(m.toString());
    });
    down.on('message', (m) => (up.readyState === WebSocket.OPEN ? up.send(m.toString()) : pending.push(m)));
    up.on('message', (m) => {
      if (muted) {
        let channel = '';
        try {
          channel = String((JSON.parse(m.toString()) as { channel?: unknown }).channel);
        } catch {
          /* forward as is */
        }
        if (!CONTROL_CHANNELS.has(channel)) return;
      }
      if (down.readyState === WebSocket.OPEN) down.send(m.toString());
    });
    for (const s of [up, down]) {
      s.on('close', end);
      s.on('error', end);
    }
  });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    muteData: (on) => void (muted = on),
    connections: () => pairs.size,
    async close() {
      for (const p of pairs) {
        p.down.terminate();
        p.up.terminate();
      }
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
}
