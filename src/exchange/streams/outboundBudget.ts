import { performance } from 'node:perf_hooks';
import type { WsLimits } from './wsLimits.js';

interface State {
  /** Bytes handed to the socket. */
  produced: number;
  /** Bytes the peer has read: everything sent before the last ping it answered. */
  confirmed: number;
  /** The ping in flight and how much had been produced when it was sent. */
  probe?: { payload: string; mark: number; at: number };
  /** Since when the socket has held more than its share unread. */
  overSince?: number;
}

export type OutboundLimits = Pick<WsLimits, 'outboundBudgetBytes' | 'minShareBytes' | 'drainMs'>;

/**
 * Outbound bytes the peers have not read yet, per socket and in all. The socket's own
 * buffer says nothing until the kernel's are full (several MiB per socket on loopback, a
 * minute of a busy stream), so reading is measured end to end: a ping goes out behind the
 * data and its pong means the peer has read everything before it.
 *
 * Each socket's share is the budget over the connection count (at least minShareBytes). A
 * socket is probed once it holds half its share unread. It is a slow consumer, and closed,
 * when it leaves a probe unanswered for drainMs (it read nothing in that time), or stays over
 * its whole share for drainMs (it reads slower than it is sent to); while the budget as a
 * whole is spent, one over its share that has left a probe unanswered for a sweep is closed
 * at once.
 */
export class OutboundBudget {
  private readonly states = new Map<number, State>();
  private unread = 0;
  private seq = 0;

  constructor(
    private readonly limits: OutboundLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Bytes sent but not yet known to be read, across all tracked sockets. */
  get total(): number {
    return this.unread;
  }

  track(id: number): void {
    this.states.set(id, { produced: 0, confirmed: 0 });
  }

  untrack(id: number): void {
    const s = this.states.get(id);
    if (!s) return;
    this.unread -= s.produced - s.confirmed;
    this.states.delete(id);
  }

  share(connections: number): number {
    return Math.max(this.limits.minShareBytes, Math.floor(this.limits.outboundBudgetBytes / Math.max(1, connections)));
  }

  sent(id: number, bytes: number, connections: number): void {
    const s = this.states.get(id);
    if (!s) return;
    s.produced += bytes;
    this.unread += bytes;
    if (s.produced - s.confirmed > this.share(connections)) s.overSince ??= this.now();
  }

  pong(id: number, payload: string, connections: number): void {
    const s = this.states.get(id);
    if (!s?.probe || s.probe.payload !== payload) return;
    this.unread -= s.probe.mark - s.confirmed;
    s.confirmed = s.probe.mark;
    s.probe = undefined;
    if (s.produced - s.confirmed <= this.share(connections)) s.overSince = undefined;
  }

  /**
   * Sends probes where they are due (unread past half the share, none in flight) and returns
   * the sockets to close, with the reason.
   */
  sweep(connections: number, intervalMs: number, ping: (id: number, payload: string) => void): [number, string][] {
    const now = this.now();
    const share = this.share(connections);
    const spent = this.unread > this.limits.outboundBudgetBytes;
    const out: [number, string][] = [];
    for (const [id, s] of this.states) {
      const unread = s.produced - s.confirmed;
      // Only a pong clears overSince: a share that grew because others were closed is no sign this peer reads.
      if (unread > share) s.overSince ??= now;
      if (s.probe && now - s.probe.at >= this.limits.drainMs) {
        out.push([id, `slow consumer: read nothing of ${kib(s.probe.mark - s.confirmed)} in ${this.limits.drainMs} ms`]);
        continue;
      }
      if (s.overSince !== undefined && now - s.overSince >= this.limits.drainMs) {
        out.push([id, `slow consumer: ${kib(unread)} unread, over its share for ${this.limits.drainMs} ms`]);
        continue;
      }
      if (spent && unread > share && s.probe && now - s.probe.at >= intervalMs) {
        out.push([id, `slow consumer: outbound budget spent and ${kib(unread)} unread`]);
        continue;
      }
      if (!s.probe && unread > share / 2) {
        const payload = String(++this.seq);
        s.probe = { payload, mark: s.produced, at: now };
        ping(id, payload);
      }
    }
    return out;
  }
}

function kib(bytes: number): string {
  return `${Math.round(bytes / 1024)} KiB`;
}
