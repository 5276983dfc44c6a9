import { describe, expect, it } from 'vitest';
import { decodeSgrMouse, MAX_PENDING_REPORT, splitMouseInput, type MouseEvent, type MouseInputPart } from './mouseInput.js';

const press = (x: number, y: number, b = 0) => `\x1b[<${b};${x};${y}M`;
const release = (x: number, y: number, b = 0) => `\x1b[<${b};${x};${y}m`;

/** Feeds reads one after another as the stdin wrapper does: `rest` goes in front of the next read. */
function feed(chunks: readonly string[]): { text: string; events: MouseEvent[]; rest: string; dropped: number } {
  let rest = '';
  let text = '';
  let dropped = 0;
  const events: MouseEvent[] = [];
  for (const c of chunks) {
    const s = splitMouseInput(rest + c);
    for (const p of s.parts) if (p.kind === 'text') text += p.text;
    else events.push(p.event);
    rest = s.rest;
    dropped += s.dropped;
  }
  return { text, events, rest, dropped };
}

const at = (e: MouseEvent) => `${e.kind}:${e.button}@${e.x},${e.y}`;

describe('SGR mouse reports', () => {
  it('decodes presses, releases, the wheel and modifiers; cells become 0-based', () => {
    expect(decodeSgrMouse('0;1;1', 'M')).toEqual({ kind: 'press', button: 'left', x: 0, y: 0, shift: false, meta: false, ctrl: false });
    expect(decodeSgrMouse('2;10;5', 'm')).toMatchObject({ kind: 'release', button: 'right', x: 9, y: 4 });
    expect(decodeSgrMouse('1;3;3', 'M')).toMatchObject({ kind: 'press', button: 'middle' });
    expect(decodeSgrMouse('64;7;8', 'M')).toMatchObject({ kind: 'wheel', button: 'wheelUp', x: 6, y: 7 });
    expect(decodeSgrMouse('65;7;8', 'M')).toMatchObject({ kind: 'wheel', button: 'wheelDown' });
    expect(decodeSgrMouse(`${0 + 4 + 16};2;2`, 'M')).toMatchObject({ kind: 'press', button: 'left', shift: true, meta: false, ctrl: true });
    expect(decodeSgrMouse('32;2;2', 'M')).toMatchObject({ kind: 'drag', button: 'left' });
    expect(decodeSgrMouse('35;2;2', 'M')).toMatchObject({ kind: 'move', button: 'none' });
    expect(decodeSgrMouse('128;2;2', 'M')).toMatchObject({ button: 'other' });
    // Columns past 223 (the old X10 limit) are what SGR mode is for.
    expect(decodeSgrMouse('0;300;100', 'M')).toMatchObject({ x: 299, y: 99 });
  });

  it('refuses what is not a report', () => {
    for (const [params, final] of [
      ['0;1', 'M'],
      ['0;1;1;1', 'M'],
      ['0;0;1', 'M'],
      ['a;1;1', 'M'],
      ['0;1;1', 'X'],
      ['', 'M'],
      ['999;1;1', 'M'],
    ] as const) {
      expect(decodeSgrMouse(params, final), `${params}${final}`).toBeUndefined();
    }
  });

  it('takes reports out of the input and leaves keys in order', () => {
    const s = splitMouseInput(`ab${press(3, 4)}c${release(3, 4)}\x1b[Ad`);
    const kinds = s.parts.map((p: MouseInputPart) => (p.kind === 'text' ? p.text : at(p.event)));
    expect(kinds).toEqual(['ab', 'press:left@2,3', 'c', 'release:left@2,3', '\x1b[Ad']);
    expect(s.rest).toBe('');
  });

  it('reads several reports in one chunk', () => {
    const r = feed([press(1, 1) + release(1, 1) + press(5, 6, 65) + press(5, 6, 65) + press(5, 6, 64)]);
    expect(r.events.map(at)).toEqual(['press:left@0,0', 'release:left@0,0', 'wheel:wheelDown@4,5', 'wheel:wheelDown@4,5', 'wheel:wheelUp@4,5']);
    expect(r.text).toBe('');
  });

  it('joins a report split across reads at every byte', () => {
    const whole = `j${press(12, 34)}k`;
    for (let cut = 1; cut < whole.length; cut++) {
      const r = feed([whole.slice(0, cut), whole.slice(cut)]);
      expect(r.text, `cut at ${cut}`).toBe('jk');
      expect(r.events.map(at), `cut at ${cut}`).toEqual(['press:left@11,33']);
      expect(r.rest).toBe('');
    }
  });

  it('joins a report split one byte per read', () => {
    const r = feed([...`x${press(80, 24, 65)}y`]);
    expect(r.text).toBe('xy');
    expect(r.events.map(at)).toEqual(['wheel:wheelDown@79,23']);
  });

  it('holds back a trailing ESC or ESC [ and says it may be a key', () => {
    expect(splitMouseInput('q\x1b')).toMatchObject({ parts: [{ kind: 'text', text: 'q' }], rest: '\x1b', restIsReport: false });
    expect(splitMouseInput('\x1b[')).toMatchObject({ parts: [], rest: '\x1b[', restIsReport: false });
    expect(splitMouseInput('\x1b[<0;5')).toMatchObject({ parts: [], rest: '\x1b[<0;5', restIsReport: true });
    // The rest turns out to be a key: it passes through whole.
    expect(feed(['\x1b', '[B']).text).toBe('\x1b[B');
    expect(feed(['\x1b[', 'A']).text).toBe('\x1b[A');
  });

  it('passes other escape sequences through untouched', () => {
    const keys = '\x1b[A\x1b[B\x1b[Z\x1bOP\x1b[5~\x1bx\x1b\x1b[1;5C\x1b[200~paste\x1b[201~';
    expect(feed([keys])).toMatchObject({ text: keys, events: [], dropped: 0 });
  });

  it('drops broken reports without turning them into keys, and keeps the keys around them', () => {
    const r = feed([`a\x1b[<0;1Mb\x1b[<0;1:2;3Mc\x1b[<0;1;1;9Md\x1b[<0;1;1Xe\x1b[<0;9999999;1Mf\x1b[<Mg`]);
    expect(r.text).toBe('abcdefg');
    expect(r.events).toEqual([]);
    expect(r.dropped).toBe(6);
  });

  it('a control byte inside a broken report ends it and stays a key', () => {
    const r = feed([`\x1b[<0;1\r${press(2, 2)}`]);
    expect(r.text).toBe('\r');
    expect(r.events.map(at)).toEqual(['press:left@1,1']);
    expect(r.dropped).toBe(1);
  });

  it('gives up on an endless report instead of holding it forever', () => {
    const r = feed(['\x1b[<', '1'.repeat(MAX_PENDING_REPORT + 10), 'q']);
    expect(r.rest).toBe('');
    expect(r.dropped).toBe(1);
    // What follows is read afresh (a key here).
    expect(r.text).toBe('q');
  });

  it('keeps multi-byte characters around reports intact', () => {
    const r = feed([`é${press(1, 2)}€😀`]);
    expect(r.text).toBe('é€😀');
    expect(r.events).toHaveLength(1);
  });
});
