import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { ScreenTurns, storeByTurns } from '../../src/ui/serve/screenTurns.js';

/** One pass of the event loop: what was queued with setImmediate before this call has run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('screen turns', () => {
  it('runs its tasks in order, one a pass of the event loop, with the loop going round between them', async () => {
    const turns = new ScreenTurns();
    const seen: string[] = [];
    // Work that arrives while the first task runs (as a key read from a socket would) runs before the second task.
    turns.later(() => {
      seen.push('a');
      setImmediate(() => seen.push('between'));
    });
    turns.later(() => seen.push('b'));
    turns.later(() => seen.push('c'));
    expect(seen).toEqual([]);
    for (let i = 0; i < 4; i++) await turn();
    expect(seen).toEqual(['a', 'between', 'b', 'c']);
  });
});

describe('a store heard by turns', () => {
  it('passes reads and writes through and tells its listeners together, on a turn, once for several changes', async () => {
    const shared = createStore<{ n: number }>(() => ({ n: 0 }));
    const turns = new ScreenTurns();
    const screen = storeByTurns(shared, turns);
    const heard: [number, number][] = [];
    const also: number[] = [];
    screen.subscribe((s, prev) => heard.push([s.n, prev.n]));
    screen.subscribe((s) => also.push(s.n));
    screen.setState({ n: 1 });
    shared.setState({ n: 2 });
    expect(screen.getState().n).toBe(2);
    expect(heard).toEqual([]);
    await turn();
    expect(heard).toEqual([[2, 0]]);
    expect(also).toEqual([2]);
    // Several changes before a turn are told once, as the last of them against the state heard before.
    shared.setState({ n: 3 });
    const same = shared.getState();
    shared.setState({ n: 4 });
    shared.setState(same, true);
    await turn();
    expect(heard).toEqual([[2, 0], [3, 2]]);
  });

  it('gives each screen a turn of its own, after the turns queued before it', async () => {
    const shared = createStore<{ n: number }>(() => ({ n: 0 }));
    const turns = new ScreenTurns();
    const order: string[] = [];
    const a = storeByTurns(shared, turns);
    const b = storeByTurns(shared, turns);
    a.subscribe(() => {
      order.push('a');
      setImmediate(() => order.push('between'));
    });
    b.subscribe(() => order.push('b'));
    shared.setState({ n: 1 });
    for (let i = 0; i < 3; i++) await turn();
    expect(order).toEqual(['a', 'between', 'b']);
  });

  it('tells a listener nothing once it unsubscribed, and lets go of the shared store with its last listener', async () => {
    const shared = createStore<{ n: number }>(() => ({ n: 0 }));
    let subscribed = 0;
    const counted = {
      ...shared,
      subscribe: (l: Parameters<typeof shared.subscribe>[0]) => {
        subscribed++;
        const stop = shared.subscribe(l);
        return () => {
          subscribed--;
          stop();
        };
      },
    };
    const screen = storeByTurns(counted, new ScreenTurns());
    const heard: number[] = [];
    const stopA = screen.subscribe((s) => heard.push(s.n));
    const stopB = screen.subscribe((s) => heard.push(-s.n));
    // One subscription on the shared store for the whole screen.
    expect(subscribed).toBe(1);
    shared.setState({ n: 1 });
    stopA();
    await turn();
    expect(heard).toEqual([-1]);
    stopB();
    expect(subscribed).toBe(0);
    shared.setState({ n: 2 });
    await turn();
    expect(heard).toEqual([-1]);
  });
});
