import { describe, expect, it } from 'vitest';
import { OSC52_MAX_BYTES, osc52Clipboard, osc52Sequence } from './osc52.js';

describe('osc52Sequence', () => {
  it('is ESC ] 52 ; c ; base64 of the UTF-8 text, ended by BEL', () => {
    expect(osc52Sequence('123')).toEqual({ ok: true, sequence: '\x1b]52;c;MTIz\x07' });
    const s = osc52Sequence('0xAbC · é€');
    expect(s.ok).toBe(true);
    const b64 = /^\x1b\]52;c;([A-Za-z0-9+/=]+)\x07$/.exec(s.ok ? s.sequence : '')![1]!;
    expect(Buffer.from(b64, 'base64').toString('utf8')).toBe('0xAbC · é€');
  });

  it('carries control characters inside base64 only: the sequence cannot be ended early', () => {
    const s = osc52Sequence('a\x07b\x1b\\c\n');
    expect(s.ok && s.sequence.slice(1, -1)).not.toMatch(/[\x00-\x1f]/);
  });

  it('refuses an empty text (to a terminal it means "clear the clipboard")', () => {
    expect(osc52Sequence('')).toEqual({ ok: false, reason: 'nothing to copy (empty text)' });
  });

  it('refuses past the size cap with the sizes in words, and takes exactly up to it', () => {
    const most = Math.floor((OSC52_MAX_BYTES - 8) / 4) * 3;
    const fits = osc52Sequence('x'.repeat(most));
    expect(fits.ok && fits.sequence.length).toBeLessThanOrEqual(OSC52_MAX_BYTES);
    expect(osc52Sequence('x'.repeat(most + 1))).toEqual({ ok: false, reason: `${most + 1} bytes is too long for the terminal clipboard (at most ${most})` });
    // Bytes, not characters: three-byte characters reach the cap a third as soon.
    expect(osc52Sequence('€'.repeat(Math.floor(most / 3) + 1)).ok).toBe(false);
    expect(osc52Sequence('abcdef', 16).ok).toBe(true);
    expect(osc52Sequence('abcdefg', 16)).toEqual({ ok: false, reason: '7 bytes is too long for the terminal clipboard (at most 6)' });
  });
});

describe('osc52Clipboard', () => {
  it('writes the sequence to its own stream, and throws the reason instead of writing a refused one', () => {
    const written: string[] = [];
    const clip = osc52Clipboard((d) => written.push(d));
    clip('42');
    expect(written).toEqual(['\x1b]52;c;NDI=\x07']);
    expect(() => clip('')).toThrow('nothing to copy');
    expect(() => osc52Clipboard((d) => written.push(d), 16)('abcdefgh')).toThrow('too long for the terminal clipboard');
    expect(written).toHaveLength(1);
  });
});
