import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { StreamHub } from './hub.js';

export interface WsTransportOptions {
  path?: string;
  maxPayloadBytes?: number;
  /** Protocol-level ping; a peer that misses one full interval is dropped. */
  heartbeatMs?: number;
}

export interface WsTransport {
  close(): Promise<void>;
}

/** Accepts WebSocket upgrades on `/ws` and hands each connection's messages to the hub. */
export function attachWebSocket(server: Server, hub: StreamHub, opts: WsTransportOptions = {}): WsTransport {
  const path = opts.path ?? '/ws';
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxPayloadBytes ?? 64 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = (req.url ?? '').split('?', 1)[0];
    if (url !== path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);

  wss.on('connection', (ws: WebSocket) => {
    const id = hub.attach({
      send: (text) => ws.send(text),
      get bufferedAmount() {
        return ws.bufferedAmount;
      },
      terminate: () => ws.terminate(),
    });
    if (id === undefined) {
      ws.close(1013, 'too many connections');
      return;
    }
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    ws.on('message', (data, isBinary) => {
      if (isBinary) hub.receiveBinary(id);
      else hub.receive(id, data.toString());
    });
    ws.on('close', () => hub.detach(id));
    // A socket error is followed by close; nothing to report to anyone but the peer.
    ws.on('error', () => ws.terminate());
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref();

  return {
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        server.off('upgrade', onUpgrade);
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
}
