import { closeSync, openSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { devNull } from 'node:os';

export interface ConnectionShedderOptions {
  log: (line: string) => void;
  /** At most one log line per this long; the next one says how often it happened meanwhile. */
  logIntervalMs?: number;
}

const EMFILE_LOG_INTERVAL_MS = 60_000;
/** The backstop probe, for descriptors taken by something other than a connection. */
const PROBE_MS = 1000;
/** Closed at each exhaustion: this share of the tracked connections, at least SHED_MIN. */
const SHED_FRACTION = 0.1;
const SHED_MIN = 8;
/** The ceiling lapses this long after the last exhaustion, so a passing shortage does not cap connections for good. */
const CEILING_HOLD_MS = 60_000;

interface Tracked {
  /** Requests in progress (more than one when pipelined). */
  busy: number;
}

/** Whether the process cannot open one more file: the state in which accept() fails. */
function descriptorsExhausted(): boolean {
  try {
    closeSync(openSync(devNull, 'r'));
    return false;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'EMFILE' || code === 'ENFILE';
  }
}

/**
 * Keeps an HTTP server reachable when its process runs out of file descriptors.
 *
 * libuv answers a failing accept() (EMFILE) by accepting and at once closing the pending
 * connections with a descriptor it keeps in reserve, and tells JavaScript nothing: every
 * new client is turned away silently while idle sockets hold the table. So the table is
 * probed after each accepted connection (the one that can fill it) and on a slow timer; on
 * exhaustion the least recently active idle connections are closed, a ceiling on HTTP
 * connections is set below that point (each connection over it closes the oldest idle
 * one, so newcomers always get in), and one line is logged per interval.
 *
 * Idle means no request in progress: never sent one, between keep-alive requests, or
 * still sending its headers. Upgraded sockets (WebSocket) are no longer HTTP's to close.
 */
export class ConnectionShedder {
  /** Least recently active first (Map keeps insertion order; activity re-inserts). */
  private readonly sockets = new Map<Socket, Tracked>();
  private ceiling = Infinity;
  /** See CEILING_HOLD_MS. */
  private ceilingUntil = -Infinity;
  private lastLogAt = -Infinity;
  private unreported = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly log: (line: string) => void;
  private readonly logIntervalMs: number;

  constructor(opts: ConnectionShedderOptions) {
    this.log = opts.log;
    this.logIntervalMs = opts.logIntervalMs ?? EMFILE_LOG_INTERVAL_MS;
  }

  attach(server: Server): void {
    server.on('connection', (socket: Socket) => {
      this.sockets.set(socket, { busy: 0 });
      socket.once('close', () => this.sockets.delete(socket));
      if (descriptorsExhausted()) this.exhausted(socket);
      else if (Date.now() >= this.ceilingUntil) this.ceiling = Infinity;
      else if (this.sockets.size > this.ceiling) this.shed(this.sockets.size - this.ceiling, socket);
    });
    server.on('request', (req, res) => {
      const entry = this.touch(req.socket);
      if (!entry) return;
      entry.busy++;
      res.once('close', () => {
        entry.busy--;
        this.touch(req.socket);
      });
    });
    // Only marks the socket; the WebSocket server's own listener takes it over. Alone here,
    // this listener would keep Node from refusing the upgrade, so it refuses it instead.
    server.on('upgrade', (_req, socket: Socket) => {
      this.sockets.delete(socket);
      if (server.listenerCount('upgrade') === 1) socket.destroy();
    });
    server.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EMFILE' || e.code === 'ENFILE') this.exhausted();
    });
    server.on('listening', () => {
      this.timer ??= setInterval(() => {
        if (descriptorsExhausted()) this.exhausted();
      }, PROBE_MS).unref();
    });
    server.on('close', () => {
      clearInterval(this.timer);
      this.timer = undefined;
    });
  }

  /** Closes up to `count` idle connections, least recently active first, never `spare`; returns how many. */
  private shed(count: number, spare?: Socket): number {
    let closed = 0;
    for (const [socket, entry] of this.sockets) {
      if (closed >= count) break;
      if (entry.busy > 0 || socket === spare) continue;
      this.sockets.delete(socket);
      socket.destroy();
      closed++;
    }
    return closed;
  }

  private touch(socket: Socket): Tracked | undefined {
    const entry = this.sockets.get(socket);
    if (entry) {
      this.sockets.delete(socket);
      this.sockets.set(socket, entry);
    }
    return entry;
  }

  private exhausted(spare?: Socket): void {
    const now = Date.now();
    if (now >= this.ceilingUntil) this.ceiling = Infinity;
    const open = this.sockets.size;
    const closed = this.shed(Math.max(SHED_MIN, Math.ceil(open * SHED_FRACTION)), spare);
    this.ceiling = Math.max(1, Math.min(this.ceiling, open - closed));
    this.ceilingUntil = now + CEILING_HOLD_MS;
    if (now - this.lastLogAt < this.logIntervalMs) {
      this.unreported++;
      return;
    }
    const again = this.unreported > 0 ? ` (${this.unreported} more time(s) since the last report)` : '';
    this.log(
      `http server: out of file descriptors (EMFILE) with ${open} HTTP connections open${again}: closed the ${closed} ` +
        `least recently active idle ones, keeping at most ${this.ceiling} for ${CEILING_HOLD_MS / 1000} s; ` +
        `raise the open-files limit (ulimit -n) if this is real load`,
    );
    this.lastLogAt = now;
    this.unreported = 0;
  }
}
