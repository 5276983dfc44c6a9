import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { render, Text, useInput, type Instance, type Key } from 'ink';
import { FakeStdin } from '../../../test/ui/support/virtualTerminal.js';
import { normalizeInput, type KeyFlags } from '../../keymap/index.js';
import { splitBurst, type KeyPiece } from './keyBurst.js';

/** The key names the keymap reads from each piece. */
const names = (pieces: KeyPiece[]) => pieces.flatMap((p) => normalizeInput(p.input, p.key).keys);

describe('splitBurst', () => {
  it('gives every control byte of a read its own key with its modifier', () => {
    expect(names(splitBurst('\r\x03', {}))).toEqual(['enter', 'ctrl+c']);
    expect(names(splitBurst('\t\x03', {}))).toEqual(['tab', 'ctrl+c']);
    expect(names(splitBurst('j\x03', {}))).toEqual(['j', 'ctrl+c']);
    expect(names(splitBurst('jj\x15\x04\x10', {}))).toEqual(['j', 'j', 'ctrl+u', 'ctrl+d', 'ctrl+p']);
    expect(names(splitBurst('\x03\x03', {}))).toEqual(['ctrl+c', 'ctrl+c']);
    expect(names(splitBurst('x\x7fy\b', {}))).toEqual(['x', 'backspace', 'y', 'backspace']);
    expect(names(splitBurst('a\nb', {}))).toEqual(['a', 'enter', 'b']);
  });

  it('keeps a run of text one piece (a paste) between the keys', () => {
    expect(splitBurst('ETH\t2\r', {})).toEqual([
      { input: 'ETH', key: {} },
      { input: '', key: { tab: true } },
      { input: '2', key: {} },
      { input: '\r', key: { return: true } },
    ]);
    expect(splitBurst('héllo wörld ✓', {})).toEqual([{ input: 'héllo wörld ✓', key: {} }]);
  });

  it('passes a key ink already parsed whole: arrows, function keys, Alt+letter, a lone byte', () => {
    const up = { upArrow: true };
    expect(splitBurst('', up)).toEqual([{ input: '', key: up }]);
    expect(splitBurst('x', { meta: true })).toEqual([{ input: 'x', key: { meta: true } }]);
    expect(splitBurst('c', { ctrl: true })).toEqual([{ input: 'c', key: { ctrl: true } }]);
    expect(splitBurst('\x03', {})).toEqual([{ input: '\x03', key: {} }]);
    expect(splitBurst('', {})).toEqual([{ input: '', key: {} }]);
  });
});

/** A TTY stdout that keeps nothing: these tests look at input only. */
class NullStdout extends EventEmitter {
  readonly isTTY = true;
  columns = 80;
  rows = 24;
  write = (_data: unknown, cb?: unknown, cb2?: unknown): boolean => {
    const done = typeof cb === 'function' ? cb : cb2;
    if (typeof done === 'function') (done as () => void)();
    return true;
  };
}

const FLAGS: readonly (keyof KeyFlags)[] = [
  'upArrow',
  'downArrow',
  'leftArrow',
  'rightArrow',
  'pageUp',
  'pageDown',
  'home',
  'end',
  'return',
  'escape',
  'ctrl',
  'shift',
  'tab',
  'backspace',
  'delete',
  'meta',
];
const trueFlags = (key: KeyFlags) => FLAGS.filter((f) => key[f] === true);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let instance: Instance | undefined;
afterEach(() => {
  instance?.unmount();
  instance = undefined;
});

describe('splitBurst agrees with ink', () => {
  it('each control byte in a burst is the key ink reports for that byte read alone', async () => {
    const stdin = new FakeStdin();
    const seen: { input: string; flags: string[] }[] = [];
    function Keys() {
      useInput((input: string, key: Key) => seen.push({ input, flags: trueFlags(key) }));
      return <Text>keys</Text>;
    }
    instance = render(<Keys />, {
      stdout: new NullStdout() as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      patchConsole: false,
      exitOnCtrlC: false,
    });
    await sleep(10);
    const bytes = [...Array(0x20).keys(), 0x7f].map((c) => String.fromCharCode(c));
    for (const b of bytes) {
      stdin.send(b);
      // A lone ESC waits for ink's flush of a pending escape.
      await sleep(b === '\x1b' ? 30 : 1);
    }
    for (const end = Date.now() + 2_000; seen.length < bytes.length && Date.now() < end; ) await sleep(5);
    expect(seen).toHaveLength(bytes.length);
    bytes.forEach((b, i) => {
      // In a burst (between two letters, so the read has several keys).
      const pieces = splitBurst(`a${b}z`, {});
      const mine = pieces.length === 3 ? pieces[1]! : { input: b, key: {} };
      expect({ byte: b.charCodeAt(0), input: mine.input, flags: trueFlags(mine.key) }).toEqual({
        byte: b.charCodeAt(0),
        ...seen[i]!,
      });
    });
  });
});
