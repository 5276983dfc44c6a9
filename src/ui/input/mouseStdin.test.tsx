import { afterEach, describe, expect, it } from 'vitest';
import { render, Text, useInput, type Instance } from 'ink';
import { FakeStdin } from '../../../test/ui/support/virtualTerminal.js';
import { MouseStdin } from './mouseStdin.js';
import type { MouseEvent } from './mouseInput.js';
import { NullStdout } from '../../../test/support/nullStdout.js';


const press = (x: number, y: number, b = 0) => `\x1b[<${b};${x};${y}M`;
const release = (x: number, y: number, b = 0) => `\x1b[<${b};${x};${y}m`;
const turn = () => new Promise((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (up to 2 s) until `list` holds `n` entries: a loaded machine takes longer than any fixed pause. */
async function holds(list: readonly unknown[], n: number): Promise<void> {
  for (const end = Date.now() + 2_000; list.length < n && Date.now() < end; ) await sleep(5);
}

/** What a key handler saw, in ink's own words. */
function keyName(input: string, key: { upArrow: boolean; downArrow: boolean; escape: boolean; return: boolean; tab: boolean; shift: boolean }): string {
  if (key.upArrow) return '<up>';
  if (key.downArrow) return '<down>';
  if (key.escape) return '<esc>';
  if (key.return) return '<enter>';
  if (key.tab) return key.shift ? '<s-tab>' : '<tab>';
  return input;
}

let instance: Instance | undefined;
afterEach(() => {
  instance?.unmount();
  instance = undefined;
});

/** Long beside the tests' pauses between the parts of a split sequence, however loaded the machine. */
const ESCAPE_WAIT_MS = 200;

/** ink rendering with a MouseStdin over a fake raw terminal: the log has keys and clicks in the order handled. */
function mount() {
  const source = new FakeStdin();
  const raw: boolean[] = [];
  const mouse = new MouseStdin(source, { onRawMode: (r) => raw.push(r), reportWaitMs: 30, escapeWaitMs: ESCAPE_WAIT_MS });
  const log: string[] = [];
  mouse.onMouse((e: MouseEvent) => log.push(`${e.kind}:${e.button}@${e.x},${e.y}`));
  function Keys() {
    useInput((input, key) => log.push(keyName(input, key)));
    return <Text>keys</Text>;
  }
  instance = render(<Keys />, {
    stdout: new NullStdout() as unknown as NodeJS.WriteStream,
    stdin: mouse as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  return { source, mouse, log, raw };
}

describe('MouseStdin under ink', () => {
  it('keeps ink in raw mode on the real input and reports the change', async () => {
    const t = mount();
    await turn();
    expect(t.source.isRaw).toBe(true);
    expect(t.raw).toEqual([true]);
    instance!.unmount();
    instance = undefined;
    expect(t.source.isRaw).toBe(false);
    expect(t.raw).toEqual([true, false]);
  });

  it('passes keys through in order and takes reports out, none of them as keys', async () => {
    const t = mount();
    await turn();
    for (const chunk of ['j', 'k', '\x1b[A', press(10, 5), release(10, 5), '\t', '\x1b[Z', 'q', '\r', press(3, 3, 65)]) {
      t.source.send(chunk);
      await turn();
      await turn();
    }
    await holds(t.log, 10);
    expect(t.log).toEqual(['j', 'k', '<up>', 'press:left@9,4', 'release:left@9,4', '<tab>', '<s-tab>', 'q', '<enter>', 'wheel:wheelDown@2,2']);
  });

  it('a chunk of keys and reports: keys reach ink first, then the reports in order', async () => {
    const t = mount();
    await turn();
    t.source.send(`ab${press(1, 1)}${press(2, 2, 64)}c`);
    await holds(t.log, 5);
    expect(t.log.filter((l) => !l.includes('@')).join('')).toBe('abc');
    expect(t.log.filter((l) => l.includes('@'))).toEqual(['press:left@0,0', 'wheel:wheelUp@1,1']);
    // Mouse events come after the keys read with them.
    expect(t.log.findIndex((l) => l.includes('@'))).toBeGreaterThan(t.log.lastIndexOf('c') - 1);
  });

  it('joins a report split across reads, and a key after it is still a key', async () => {
    const t = mount();
    await turn();
    t.source.send('\x1b[<0;4');
    t.source.send('2;7M');
    t.source.send('x');
    await holds(t.log, 2);
    expect(t.log).toEqual(['x', 'press:left@41,6']);
  });

  it('a lone Escape is still Escape, and an arrow split after ESC is still an arrow', async () => {
    const t = mount();
    await turn();
    t.source.send('\x1b');
    await holds(t.log, 1);
    expect(t.log).toEqual(['<esc>']);
    t.source.send('\x1b[');
    await sleep(2);
    t.source.send('B');
    await holds(t.log, 2);
    expect(t.log).toEqual(['<esc>', '<down>']);
    // A report whose ESC came in a read of its own is still a report.
    t.source.send('\x1b');
    await sleep(2);
    t.source.send('[<0;5;6M');
    await holds(t.log, 3);
    expect(t.log).toEqual(['<esc>', '<down>', 'press:left@4,5']);
  });

  it('half a report that never completes is dropped, not typed', async () => {
    const t = mount();
    await turn();
    t.source.send('\x1b[<0;12');
    await sleep(60);
    t.source.send('j');
    await holds(t.log, 1);
    await sleep(5);
    expect(t.log).toEqual(['j']);
  });

  it('drops garbage reports and keeps the keys around them', async () => {
    const t = mount();
    await turn();
    t.source.send('a\x1b[<0;1Mb\x1b[<1;2;3;4Mc');
    await holds(t.log, 3);
    await sleep(5);
    expect(t.log.join('')).toBe('abc');
  });
});

describe('MouseStdin without ink', () => {
  it('waits long enough for the rest of a split report that a slow link does not turn it into keys', async () => {
    const source = new FakeStdin();
    const mouse = new MouseStdin(source);
    const text: string[] = [];
    const events: MouseEvent[] = [];
    mouse.on('data', (d: string) => text.push(d));
    mouse.onMouse((e) => events.push(e));
    mouse.setRawMode(true);
    source.send('\x1b[<65;10');
    await sleep(150);
    source.send(';3M');
    await holds(events, 1);
    expect(text).toEqual([]);
    expect(events).toMatchObject([{ kind: 'wheel', button: 'wheelDown', x: 9, y: 2 }]);
  });

  it('reads the real input only while raw mode is on', async () => {
    const source = new FakeStdin();
    const mouse = new MouseStdin(source);
    source.send('early');
    expect(source.listenerCount('readable')).toBe(0);
    mouse.setRawMode(true);
    expect(source.listenerCount('readable')).toBe(1);
    mouse.setRawMode(false);
    expect(source.listenerCount('readable')).toBe(0);
  });

  it('forwards ref and unref', () => {
    const calls: string[] = [];
    const source = new FakeStdin();
    source.ref = () => (calls.push('ref'), source);
    source.unref = () => (calls.push('unref'), source);
    const mouse = new MouseStdin(source);
    mouse.ref();
    mouse.unref();
    expect(calls).toEqual(['ref', 'unref']);
  });
});
