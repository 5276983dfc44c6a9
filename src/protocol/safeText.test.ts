import { describe, expect, it } from 'vitest';
import { isTerminalSafe, terminalSafe } from './safeText.js';

describe('terminalSafe', () => {
  it('takes every escape sequence a hostile deployment appends out of a name', () => {
    const hostile = 'SOL1\u001b]0;pwned\u0007\u001b]52;c;ZXZpbA==\u0007\u001b[6n\u001b[?1049l\u009b2J';
    const safe = terminalSafe(hostile);
    expect(safe).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(safe.startsWith('SOL1␛]0;pwned')).toBe(true);
    expect(isTerminalSafe(safe)).toBe(true);
    expect(isTerminalSafe(hostile)).toBe(false);
  });
  it('keeps line feeds only when asked, and leaves plain text alone', () => {
    expect(terminalSafe('a\nb\tc')).toBe('a b c');
    expect(terminalSafe('a\nb\tc', { lines: true })).toBe('a\nb c');
    expect(terminalSafe('BTC1 59,296.5 — ok')).toBe('BTC1 59,296.5 — ok');
    expect(terminalSafe('x\u202ey')).toBe('x y');
  });
});
