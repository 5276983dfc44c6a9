import { algoHostOf, AlgoRunner, type Scheduler } from '../../../src/algo/index.js';
import type { Session } from '../../../src/session/index.js';
import type { TestExchange } from '../../support/exchangeHarness.js';

/**
 * The runner's time is the embedded exchange's clock, moved by the test through the control
 * route (`advanceTime`): `advance` walks to each timer the runner set, moves the exchange's
 * clock there, fires it and waits for the runner to settle, so ten minutes of TWAP take as
 * long as its requests.
 */
export class ManualClock implements Scheduler {
  private timers: { time: number; fn: () => void }[] = [];

  constructor(private readonly ex: TestExchange) {}

  now(): number {
    return this.ex.running.core.clock.now();
  }

  at(time: number, fn: () => void): () => void {
    const t = { time, fn };
    this.timers.push(t);
    return () => {
      this.timers = this.timers.filter((x) => x !== t);
    };
  }

  pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way, in order. */
  async advance(ms: number, idle: () => Promise<void>): Promise<void> {
    const target = this.now() + ms;
    for (;;) {
      await idle();
      const due = this.timers.filter((t) => t.time <= target).sort((a, b) => a.time - b.time)[0];
      if (!due) break;
      await this.moveTo(due.time);
      this.timers = this.timers.filter((x) => x !== due);
      due.fn();
    }
    await this.moveTo(target);
    await idle();
  }

  private async moveTo(time: number): Promise<void> {
    const delta = Math.floor(time - this.now());
    if (delta > 0) await this.ex.control({ type: 'advanceTime', ms: delta });
  }
}

/** A runner on `dir` driven by its own ManualClock on `ex`: dropping both is the crash. */
export async function runnerOn(ex: TestExchange, session: Session, dir: string) {
  const clock = new ManualClock(ex);
  const runner = new AlgoRunner({ host: algoHostOf(session, { refresh: true }), stateDir: dir, settings: {}, scheduler: clock });
  const recovery = await runner.start();
  return { runner, clock, recovery, advance: (ms: number) => clock.advance(ms, () => runner.idle()) };
}
