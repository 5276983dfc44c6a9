import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../state/store.js';
import { throttledStore } from './throttledStore.js';

describe('throttledStore', () => {
  it('tells a subscriber at once, then at most once per period, and never loses the last change', async () => {
    const store = createAppStore();
    const view = throttledStore(store, 40);
    const heard: number[] = [];
    const off = view.subscribe(() => heard.push(view.getState().journal.entries.length));
    const bump = (n: number) => store.setState({ journal: { ...store.getState().journal, entries: Array.from({ length: n }, () => store.getState().journal.entries[0]!) } });
    store.setState({ journal: { ...store.getState().journal, entries: [{ seq: 1 } as never] } });
    for (let n = 2; n <= 10; n++) bump(n);
    expect(heard).toEqual([1]);
    await new Promise((r) => setTimeout(r, 60));
    expect(heard).toEqual([1, 10]);
    await new Promise((r) => setTimeout(r, 60));
    expect(heard).toEqual([1, 10]);
    off();
    bump(11);
    await new Promise((r) => setTimeout(r, 60));
    expect(heard).toEqual([1, 10]);
    expect(view.getState()).toBe(store.getState());
  });
});
