import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { render, Text, useInput, type Instance, type Key } from 'ink';
import { FakeStdin } from '../../../test/ui/support/virtualTerminal.js';
import { normalizeInput, type KeyFlags } from '../../keymap/index.js';
import { splitBurst, type KeyPiece } from './keyBurst.js';
import { NullStdout } from '../../../test/support/nullStdout.js';

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

/** What each byte is when it is the whole read, in the keymap's names (written out, not derived). */
function aloneName(ch: string): string | undefined {
  const named: Record<string, string> = { '\r': 'enter', '\n': 'enter', '\t': 'tab', '\x7f': 'backspace', '\b': 'backspace', ' ': 'space' };
  if (named[ch]) return named[ch];
  const c = ch.codePointAt(0)!;
  if (c >= 1 && c <= 0x1a) return `ctrl+${String.fromCharCode(0x60 + c)}`;
  if (c < 0x20) return undefined;
  return ch;
}

const SEED = Number(process.env['FUZZ_SEED'] ?? 34);
const RUNS = Number(process.env['FUZZ_SEQUENCES'] ?? 2_000);
const byte = fc.oneof(
  fc.constantFrom('\r', '\n', '\t', '\x7f', '\b', '\x03', '\x04', '\x10', '\x15', '\x1c'),
  fc.integer({ min: 1, max: 0x1a }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('j', 'k', 'q', 'a', 'B', ':', '/', ' ', '1', '.', 'é', '✓', '€'),
  fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme-ascii' }),
);

describe('splitBurst, property', () => {
  it('any keys read together are the keys read one by one, modifiers and order kept', () => {
    fc.assert(
      fc.property(fc.array(byte, { minLength: 2, maxLength: 24 }), (keys) => {
        // One key alone is ink's own reading (checked against ink below); two or more are a burst.
        const burst = keys.join('');
        // Printable runs are split key by key outside a text field, as the keyboard handler does.
        const got = splitBurst(burst, {}).flatMap((p) => ([...p.input].length > 1 ? [...p.input].flatMap((ch) => names([{ input: ch, key: {} }])) : names([p])));
        expect(got).toEqual(keys.map(aloneName).filter((k): k is string => k !== undefined));
        // Inside a text field each run is one paste: the text between the keys, whole.
        const texts = splitBurst(burst, {}).filter((p) => Object.keys(p.key).length === 0 && !/[\x00-\x1f\x7f]/.test(p.input)).map((p) => p.input);
        expect(texts.join('')).toBe(keys.filter((k) => !/[\x00-\x1f\x7f]/.test(k)).join(''));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});


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
