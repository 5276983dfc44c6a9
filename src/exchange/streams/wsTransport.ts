import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { StreamHub } from './hub.js';
import { clientAddress } from '../clientAddress.js';
import { textFrame } from './textFrame.js';
import { WriteCoalescer } from './writeCoalescer.js';
import { WS_CLOSE } from './wsLimits.js';

export interface WsTransportOptions {
  path?: string;
  maxPayloadBytes?: number;
  /** Protocol-level ping; a peer that misses one full interval is dropped. */
  heartbeatMs?: number;
  /** How often the hub probes what peers have read and closes slow consumers. */
  sweepMs?: number;
  /** After a close with a code, how long a peer has to answer it before the socket is cut. */
  closeGraceMs?: number;
}

export interface WsTransport {
  close(): Promise<void>;
}

export const DEFAULT_SWEEP_MS = 250;

function refuseUpgrade(socket: Duplex, status: string, body: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** Accepts WebSocket upgrades on `/ws` and hands each connection's messages to the hub. */
export function attachWebSocket(server: Server, hub: StreamHub, opts: WsTransportOptions = {}): WsTransport {
  const path = opts.path ?? '/ws';
  const sweepMs = opts.sweepMs ?? DEFAULT_SWEEP_MS;
  const closeGraceMs = opts.closeGraceMs ?? 1000;
  // No compression: every write then goes straight to the socket in order, which the shared frames below rely on.
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxPayloadBytes ?? 64 * 1024, perMessageDeflate: false });
  const alive = new WeakMap<WebSocket, boolean>();
  const writes = new WriteCoalescer();
  /** The frame of a published message, built by its first subscriber's send and reused by the rest. */
  const frames = new WeakMap<Buffer, Buffer>();
  const frameOf = (bytes: Buffer): Buffer => {
    let frame = frames.get(bytes);
    if (!frame) frames.set(bytes, (frame = textFrame(bytes)));
    return frame;
  };

  /** A close frame the peer can read, then the socket is cut if it does not answer: a flooder or a non-reader gets no minute-long close handshake. */
  const closeWith = (ws: WebSocket, code: number, reason: string): void => {
    ws.close(code, reason.slice(0, 120));
    setTimeout(() => ws.terminate(), closeGraceMs).unref();
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = (req.url ?? '').split('?', 1)[0];
    if (url !== path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // A client reconnecting in a loop after each close pays for its handshakes from the same budget.
    const ip = clientAddress(req.socket.remoteAddress);
    if (!hub.admitUpgrade(ip)) {
      refuseUpgrade(socket, '429 Too Many Requests', `too many WebSocket messages and connections from ${ip}; retry later\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, ip, socket));
  };
  server.on('upgrade', onUpgrade);

  wss.on('connection', (ws: WebSocket, _req: IncomingMessage, ip: string, socket: Duplex) => {
    ws.on('error', () => ws.terminate());
    const refusal = hub.connectionRefusal(ip);
    const id =
      refusal === undefined
        ? hub.attach(
            {
              send: (text, bytes) => {
                if (ws.readyState !== ws.OPEN) return;
                if (!bytes) return ws.send(text);
                // A published message: the same frame for every subscriber, written as is (without
                // compression ws writes its own frames synchronously too, so order holds), and held
                // with the rest of the task's fan-out. Only fan-out is held: an answer to this
                // client's own request, or an auth notice, leaves at once, as a request's reply does.
                writes.hold(socket);
                socket.write(frameOf(bytes));
              },
              get bufferedAmount() {
                return ws.bufferedAmount;
              },
              terminate: () => ws.terminate(),
              close: (code, reason) => closeWith(ws, code, reason),
              ping: (payload) => ws.ping(payload),
            },
            ip,
          )
        : undefined;
    if (id === undefined) {
      closeWith(ws, WS_CLOSE.TRY_AGAIN_LATER, refusal ?? 'too many connections');
      return;
    }
    alive.set(ws, true);
    ws.on('pong', (data) => {
      alive.set(ws, true);
      hub.pong(id, data.toString());
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) hub.receiveBinary(id);
      else hub.receive(id, data.toString());
    });
    ws.on('close', () => hub.detach(id));
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
  const sweep = setInterval(() => hub.sweep(sweepMs), sweepMs);
  sweep.unref();

  return {
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        clearInterval(sweep);
        server.off('upgrade', onUpgrade);
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
}
