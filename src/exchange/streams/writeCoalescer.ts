import type { Duplex } from 'node:stream';

/**
 * Holds each socket's writes until the current task ends, then lets them go together: a
 * block's book and its trades reach each subscriber in one system call instead of one per
 * message. With a thousand subscribers the per-message calls, not the bytes, were what a
 * block cost. Nothing waits longer than the task that wrote it: the release runs on
 * process.nextTick, before any timer or I/O callback.
 */
export class WriteCoalescer {
  private held = new Set<Duplex>();
  private scheduled = false;

  /** Call before writing to `socket`; its writes are held until the end of the task. */
  hold(socket: Duplex): void {
    if (this.held.has(socket)) return;
    socket.cork();
    this.held.add(socket);
    if (!this.scheduled) {
      this.scheduled = true;
      process.nextTick(() => this.release());
    }
  }

  /** Sends everything held. */
  release(): void {
    this.scheduled = false;
    const held = this.held;
    this.held = new Set();
    // Uncorking a destroyed socket is harmless: what it held is dropped with it.
    for (const socket of held) socket.uncork();
  }
}
