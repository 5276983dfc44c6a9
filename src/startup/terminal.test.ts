import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOUSE_OFF, MOUSE_ON, takeTerminal } from './terminal.js';

/** A terminal that records what is written to it. */
function fakeIo() {
  const out: string[] = [];
  const io = {
    stdout: { write: (s: string) => (out.push(s), true) } as unknown as NodeJS.WriteStream,
    stdin: { isTTY: true, isRaw: true, setRawMode: vi.fn() } as unknown as NodeJS.ReadStream,
    stderr: { write: () => true } as unknown as NodeJS.WriteStream,
  };
  return { io, text: () => out.join('') };
}

const EVENTS = ['exit', 'SIGTERM', 'SIGHUP', 'SIGINT', 'uncaughtException', 'unhandledRejection'] as const;
const listenersOf = (e: (typeof EVENTS)[number]) => [...process.listeners(e as 'exit')] as Function[];
/** The process's own and the test runner's hooks, which stay. */
const baseline = new Map(EVENTS.map((e) => [e, listenersOf(e)]));
let before = baseline;

/** Remembers the hooks now, so that added() names the ones takeTerminal adds next. */
function snapshotListeners(): void {
  before = new Map(EVENTS.map((e) => [e, listenersOf(e)]));
}
afterEach(() => {
  // takeTerminal hooks the process; each test takes those hooks off again.
  for (const e of EVENTS) for (const l of listenersOf(e)) if (!baseline.get(e)!.includes(l)) process.off(e, l as () => void);
  vi.restoreAllMocks();
});

describe('terminal guard: mouse reporting', () => {
  it('turns SGR click and wheel reporting on and off, without motion reports', () => {
    snapshotListeners();
    const t = fakeIo();
    const guard = takeTerminal(t.io, () => {});
    expect(t.text()).not.toContain(MOUSE_ON);
    guard.setMouse(true);
    expect(MOUSE_ON).toBe('\x1b[?1000h\x1b[?1006h');
    expect(t.text().endsWith(MOUSE_ON)).toBe(true);
    expect(t.text()).not.toMatch(/\?100[23]h/);
    guard.setMouse(true);
    expect(t.text().split(MOUSE_ON)).toHaveLength(2);
    guard.setMouse(false);
    expect(t.text().endsWith(MOUSE_OFF)).toBe(true);
    guard.restore();
    // Already off: restore does not repeat it.
    expect(t.text().split(MOUSE_OFF)).toHaveLength(2);
  });

  it('restore turns it off before leaving the alternate screen', () => {
    snapshotListeners();
    const t = fakeIo();
    const guard = takeTerminal(t.io, () => {});
    guard.setMouse(true);
    guard.restore();
    const s = t.text();
    expect(s.indexOf(MOUSE_OFF)).toBeGreaterThan(s.indexOf(MOUSE_ON));
    expect(s.indexOf(MOUSE_OFF)).toBeLessThan(s.lastIndexOf('\x1b[?1049l'));
    // Nothing turns it on again once the terminal is given back.
    guard.setMouse(true);
    expect(t.text()).toBe(s);
  });

  it('is turned off on SIGTERM and on a crash', () => {
    snapshotListeners();
    const term = fakeIo();
    const signals: string[] = [];
    takeTerminal(term.io, (s) => signals.push(s)).setMouse(true);
    // The guard's own handlers, called as the process would (emitting would reach the test runner's too).
    for (const l of added('SIGTERM')) (l as (s: string) => void)('SIGTERM');
    expect(signals).toEqual(['SIGTERM']);
    expect(term.text().endsWith(`${MOUSE_OFF}\x1b[?25h\x1b[?1049l`)).toBe(true);

    const crash = fakeIo();
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    snapshotListeners();
    takeTerminal(crash.io, () => {}).setMouse(true);
    for (const l of added('uncaughtException')) (l as (e: Error) => void)(new Error('boom'));
    expect(exit).toHaveBeenCalledWith(70);
    expect(crash.text()).toContain(MOUSE_OFF);
  });
});

/** Listeners on `event` added since the last snapshot. */
function added(event: (typeof EVENTS)[number]): Function[] {
  return listenersOf(event).filter((l) => !before.get(event)!.includes(l));
}
