/**
 * Injected failures for client fault tests (open-points "Test controls": failNext).
 * error500: answer 500 INTERNAL without applying the request.
 * delay: wait delayMs, then apply and answer normally.
 * dropAfterApply: apply the request, then destroy the socket without any response.
 */
export type FaultMode = 'error500' | 'delay' | 'dropAfterApply';
export type FaultRoute = 'exchange' | 'info';
export type FaultScope = FaultRoute | 'any';

export interface Fault {
  mode: FaultMode;
  delayMs: number;
}

export const MAX_FAULTS = 10_000;
export const MAX_FAULT_DELAY_MS = 120_000;

export class FaultInjector {
  private remaining = 0;
  private fault: Fault = { mode: 'error500', delayMs: 0 };
  private scope: FaultScope = 'exchange';

  /** Replaces whatever was armed before. */
  arm(count: number, mode: FaultMode, delayMs: number, scope: FaultScope): void {
    this.remaining = count;
    this.fault = { mode, delayMs };
    this.scope = scope;
  }

  clear(): void {
    this.remaining = 0;
  }

  get pending(): number {
    return this.remaining;
  }

  /** The fault for this request, if one is armed for its route; consumes it. */
  take(route: FaultRoute): Fault | undefined {
    if (this.remaining <= 0 || (this.scope !== 'any' && this.scope !== route)) return undefined;
    this.remaining--;
    return this.fault;
  }
}
