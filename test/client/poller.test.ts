import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Poller } from '../../src/client/poller.js';
import { clientError, type Result } from '../../src/client/errors.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve!: (r: Result<unknown>) => void;
  const promise = new Promise<Result<unknown>>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Poller', () => {
  it('polls each kind at its own cadence', async () => {
    const counts = { a: 0, b: 0 };
    const p = new Poller({
      tasks: [
        { name: 'a', intervalMs: 100, run: async () => (counts.a++, { ok: true, value: 1 }) },
        { name: 'b', intervalMs: 1000, run: async () => (counts.b++, { ok: true, value: 1 }) },
      ],
    });
    p.start();
    await vi.advanceTimersByTimeAsync(2050);
    p.stop();
    expect(counts.a).toBe(21); // at 0, 100, ..., 2000
    expect(counts.b).toBe(3); // at 0, 1000, 2000
  });

  it('never has two requests of a kind in flight', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const pending: ReturnType<typeof deferred>[] = [];
    const p = new Poller({
      tasks: [
        {
          name: 'slow',
          intervalMs: 10,
          burstIntervalMs: 1,
          run: () => {
            inFlight++;
            maxInFlight = Math.max(maxInFlight, inFlight);
            const d = deferred();
            pending.push(d);
            return d.promise.finally(() => inFlight--);
          },
        },
      ],
    });
    p.start();
    await vi.advanceTimersByTimeAsync(500);
    p.burst();
    p.runNow('slow');
    await vi.advanceTimersByTimeAsync(500);
    expect(pending.length).toBe(1);
    expect(p.inFlight('slow')).toBe(true);
    pending[0]!.resolve({ ok: true, value: 1 });
    await vi.advanceTimersByTimeAsync(15);
    expect(pending.length).toBe(2);
    expect(maxInFlight).toBe(1);
    p.stop();
  });

  it('runs again at once after the request in flight when asked to run now meanwhile', async () => {
    // The request in flight may have been answered before what prompted runNow happened
    // (an agent approved while the first userAgents read was on its way).
    const pending: ReturnType<typeof deferred>[] = [];
    const p = new Poller({ tasks: [{ name: 'agents', intervalMs: 60_000, run: () => (pending.push(deferred()), pending.at(-1)!.promise) }] });
    p.start();
    await vi.advanceTimersByTimeAsync(1);
    expect(pending.length).toBe(1);
    p.runNow('agents');
    pending[0]!.resolve({ ok: true, value: [] });
    await vi.advanceTimersByTimeAsync(1);
    expect(pending.length).toBe(2);
    pending[1]!.resolve({ ok: true, value: [] });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(pending.length).toBe(2); // back to its cadence
    p.stop();
  });

  it('polls faster for a while after a burst, then returns to its cadence', async () => {
    let n = 0;
    const p = new Poller({ burstMs: 1000, tasks: [{ name: 'acct', intervalMs: 2000, burstIntervalMs: 100, run: async () => (n++, { ok: true, value: 1 }) }] });
    p.start();
    await vi.advanceTimersByTimeAsync(10); // first poll at 0; next due at 2000
    expect(n).toBe(1);
    p.burst();
    await vi.advanceTimersByTimeAsync(1000);
    const duringBurst = n - 1;
    expect(duringBurst).toBeGreaterThanOrEqual(9);
    const afterBurst = n;
    await vi.advanceTimersByTimeAsync(3000);
    expect(n - afterBurst).toBeLessThanOrEqual(2);
    p.stop();
  });

  it('records errors and successes and keeps polling after a failure or a throw', async () => {
    const events: string[] = [];
    let n = 0;
    const p = new Poller({
      onError: (name, e) => events.push(`${name}:error:${e.kind}:${e.message}`),
      onSuccess: (name) => events.push(`${name}:ok`),
      tasks: [
        {
          name: 'x',
          intervalMs: 100,
          run: async () => {
            n++;
            if (n === 1) return { ok: false, error: clientError('network', 'down') };
            if (n === 2) throw new Error('bug');
            return { ok: true, value: 1 };
          },
        },
      ],
    });
    p.start();
    await vi.advanceTimersByTimeAsync(250);
    p.stop();
    expect(events).toEqual(['x:error:network:down', 'x:error:validation:x: bug', 'x:ok']);
  });

  it('does nothing after stop', async () => {
    let n = 0;
    const p = new Poller({ tasks: [{ name: 'x', intervalMs: 10, run: async () => (n++, { ok: true, value: 1 }) }] });
    p.start();
    await vi.advanceTimersByTimeAsync(5);
    p.stop();
    const at = n;
    p.burst();
    p.runNow('x');
    await vi.advanceTimersByTimeAsync(1000);
    expect(n).toBe(at);
  });
});
