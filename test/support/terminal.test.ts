import { describe, expect, it } from 'vitest';
import { spawnTerminal } from './terminal.js';

// The program writes the first half of a synchronized frame, pauses, then the rest: a
// terminal shows neither half until the bracket closes, and the harness must not either.
const HALF_FRAMES = `
process.stdout.write('before');
setTimeout(() => {
  process.stdout.write('\\x1b[2J\\x1b[H\\x1b[?2026hfirst half');
  setTimeout(() => process.stdout.write(' second half\\x1b[?2026l'), 300);
  setTimeout(() => process.exit(0), 600);
}, 200);
`;

describe('spawnTerminal', () => {
  it('reads a screen only between synchronized frames, never half of one', async () => {
    const t = spawnTerminal(process.execPath, ['-e', HALF_FRAMES], { cols: 40, rows: 5 });
    const s = await t.waitFor('first half', 5_000);
    expect(s).toContain('first half second half');
    expect((await t.exited).exitCode).toBe(0);
  });
});
