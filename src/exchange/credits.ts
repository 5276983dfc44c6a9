import type { Clock } from './clock.js';

export interface PendingCredit {
  accountId: number;
  dueAt: number;
}

/**
 * Registration credits paid after a delay in exchange time (spec 1: "within about 10
 * seconds"). A real timer wakes the scheduler, and advancing the clock settles whatever
 * became due, so tests can either wait briefly or jump time.
 */
export class CreditScheduler {
  private readonly pending: PendingCredit[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;
  private closed = false;
  /** Told when a credit is scheduled or paid (persistence). */
  onChange: (() => void) | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly delayMs: number,
    private readonly pay: (accountId: number) => void,
  ) {
    if (!Number.isSafeInteger(delayMs) || delayMs < 0) throw new RangeError('credit delay must be a non-negative integer (ms)');
    this.unsubscribe = clock.onAdvance(() => this.settle());
  }

  schedule(accountId: number): number {
    const dueAt = this.clock.now() + this.delayMs;
    this.pending.push({ accountId, dueAt });
    this.onChange?.();
    if (this.delayMs === 0) this.settle();
    else this.arm();
    return dueAt;
  }

  /** Pays every credit that is due; returns how many were paid. */
  settle(): number {
    const now = this.clock.now();
    let paid = 0;
    while (this.pending.length > 0 && (this.pending[0] as PendingCredit).dueAt <= now) {
      const credit = this.pending.shift() as PendingCredit;
      this.pay(credit.accountId);
      paid++;
    }
    if (paid > 0) this.onChange?.();
    this.arm();
    return paid;
  }

  /** Credits not yet paid, in due order. */
  pendingCredits(): readonly PendingCredit[] {
    return this.pending;
  }

  /** Stored credits not yet paid (a persistent store's start-up); those already due are paid now. */
  restore(credits: readonly PendingCredit[]): void {
    this.pending.push(...credits);
    this.pending.sort((a, b) => a.dueAt - b.dueAt);
    this.settle();
  }

  isPending(accountId: number): boolean {
    return this.pending.some((c) => c.accountId === accountId);
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.pending[0];
    if (!next || this.closed) return;
    // Same delay for every credit, so the queue is already in due order.
    this.timer = setTimeout(() => this.settle(), Math.max(0, next.dueAt - this.clock.now()));
    this.timer.unref();
  }
}
