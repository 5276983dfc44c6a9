import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { DiffingStdout } from '../../../src/ui/render/DiffingStdout.js';
import { FakeTarget } from './fakeTarget.js';
import { InkLikeWriter } from './inkLikeWriter.js';
import { createTerminal, firstBufferDifference, writeTerm } from './xtermScreen.js';

const E = '\x1b[';

const open: DiffingStdout[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.detach();
});

function setup(cols = 30, rows = 6, options = {}): { target: FakeTarget; stdout: DiffingStdout; ink: InkLikeWriter } {
  const target = new FakeTarget(cols, rows);
  const stdout = new DiffingStdout(target, options);
  open.push(stdout);
  return { target, stdout, ink: new InkLikeWriter(rows) };
}

describe('DiffingStdout as ink sees it', () => {
  it('looks like a TTY of the real terminal size and forwards resizes after resizing its screen', () => {
    const { target, stdout } = setup(30, 6);
    expect(stdout.isTTY).toBe(true);
    expect([stdout.columns, stdout.rows]).toEqual([30, 6]);
    const seen: Array<[number, number, number]> = [];
    stdout.on('resize', () => seen.push([stdout.columns, stdout.rows, stdout.screen.cols]));
    target.columns = 50;
    target.rows = 10;
    target.emit('resize');
    expect(seen).toEqual([[50, 10, 50]]);
  });

  it('takes process.stdout as the real terminal (80x24 when it has no size)', () => {
    const stdout = new DiffingStdout(process.stdout);
    open.push(stdout);
    expect(stdout.columns).toBe(process.stdout.columns || 80);
    expect(stdout.rows).toBe(process.stdout.rows || 24);
  });

  it('writes a frame when ink closes its synchronized-output bracket, not before', () => {
    const { target, stdout } = setup();
    stdout.write(`${E}?2026h`);
    stdout.write('hello\n');
    expect(target.output).toBe('');
    stdout.write(`${E}?2026l`);
    expect(target.take()).toContain('hello');
  });

  it('writes output that arrives outside a bracket at once', () => {
    const { target, stdout } = setup();
    stdout.write('plain');
    expect(target.take()).toContain('plain');
  });

  it('calls back an empty write (ink’s exit barrier) with everything written', async () => {
    const { target, stdout } = setup();
    stdout.write(`${E}?2026hbye`);
    await new Promise<void>((resolve) => stdout.write('', () => resolve()));
    expect(target.take()).toContain('bye');
  });

  it('puts the cursor where ink shows it (text input) and hides it again', async () => {
    const { target, stdout, ink } = setup(30, 6);
    const term = createTerminal(30, 6);
    try {
      // ink's cursor suffix: up from below the frame, to the column, show.
      stdout.write(ink.frame(['name: ab', 'ok']).replace(`${E}?2026l`, `${E}2A${E}9G${E}?25h${E}?2026l`));
      await writeTerm(term, target.take());
      expect([term.buffer.active.cursorX, term.buffer.active.cursorY]).toEqual([8, 0]);
      stdout.write(`${E}?2026h${E}?25l${E}2B${E}G${E}2K${E}1A${E}2K${E}1A${E}2K${E}Gname: abc\nok\n${E}2A${E}10G${E}?25h${E}?2026l`);
      const out = target.take();
      expect(out.endsWith(`${E}?25h${E}?2026l`)).toBe(true);
      await writeTerm(term, out);
      expect([term.buffer.active.cursorX, term.buffer.active.cursorY]).toEqual([9, 0]);
      expect(firstBufferDifference(term, stdout.screen)).toBeNull();
      stdout.write(`${E}?25l`);
      expect(target.take()).toBe(`${E}?2026h${E}?25l${E}?2026l`);
    } finally {
      term.dispose();
    }
  });

  it('counts bytes in, bytes out and frames', () => {
    const { stdout, ink } = setup(40, 8);
    stdout.write(ink.frame(['alpha', 'beta', 'gamma']));
    stdout.write(ink.frame(['alpha', 'beta', 'gamma']));
    stdout.write(ink.frame(['alpha', 'bete', 'gamma']));
    const stats = stdout.stats;
    expect(stats.frames).toBe(2);
    expect(stats.fullRepaints).toBe(1);
    expect(stats.bytesIn).toBeGreaterThan(stats.bytesOut);
    expect(stats.bytesOut).toBeGreaterThan(0);
  });

  it('repaints in full after a resize, when ink’s frame arrives or after the settle time', async () => {
    const { target, stdout, ink } = setup(30, 6, { resizeSettleMs: 1 });
    stdout.write(ink.frame(['one']));
    target.take();
    target.columns = 20;
    target.emit('resize');
    expect(target.output).toBe('');
    await new Promise((r) => setTimeout(r, 20));
    expect(target.take()).toContain(`${E}2J`);
    target.columns = 25;
    target.emit('resize');
    stdout.write(ink.frame(['two']));
    const out = target.take();
    expect(out).toContain(`${E}2J`);
    expect(out).toContain('two');
  });

  it('passes through modes it does not draw and repaints after an alternate-screen switch', () => {
    const { target, stdout, ink } = setup();
    stdout.write(ink.frame(['x']));
    target.take();
    stdout.write(`${E}?2004h`);
    expect(target.take()).toBe(`${E}?2004h`);
    stdout.write(`${E}?1049h`);
    expect(target.take()).toMatch(/^\x1b\[\?1049h.*\x1b\[2J/);
  });

  it('falls back to a full repaint of the last good frame when something inside fails', () => {
    const { target, stdout, ink } = setup();
    stdout.write(ink.frame(['good frame']));
    target.take();
    const parser = (stdout as unknown as { parser: { write(s: string): void } }).parser;
    const original = parser.write.bind(parser);
    parser.write = () => {
      throw new Error('boom');
    };
    expect(() => stdout.write(ink.frame(['bad frame']))).not.toThrow();
    parser.write = original;
    const out = target.take();
    expect(out).toContain(`${E}2J`);
    expect(out).toContain('good frame');
    expect(stdout.stats.recoveries).toBe(1);
  });

  it('never throws, whatever the terminal size getters and writes do', () => {
    let calls = 0;
    const target = {
      get columns(): number {
        if (++calls % 3 === 0) throw new Error('no size');
        return 20;
      },
      rows: 4,
      write(): boolean {
        throw new Error('EPIPE');
      },
    };
    const stdout = new DiffingStdout(target);
    open.push(stdout);
    for (let i = 0; i < 10; i++) expect(() => stdout.write(`frame ${i}\n`)).not.toThrow();
  });

  it('leaves the terminal showing its own screen for any input cut anywhere', async () => {
    const pieces = ['\x1b[', '?2026h', '?2026l', '2K', '1A', 'G', '31m', '48;5;20m', 'm', 'H', '2J', 'K', '\n', 'ab', '中', '🚀', ' ', '\x1b]8;;u\x07', '?25h', '5;3H', 'X'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 80 }), fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 6 }), async (parts, cuts) => {
        const target = new FakeTarget(12, 4);
        const stdout = new DiffingStdout(target);
        const term = createTerminal(12, 4);
        try {
          const input = parts.join('');
          const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
          let at = 0;
          for (const p of [...points, input.length]) {
            stdout.write(input.slice(at, p));
            at = p;
          }
          stdout.flush();
          await writeTerm(term, target.take());
          expect(firstBufferDifference(term, stdout.screen)).toBeNull();
        } finally {
          stdout.detach();
          term.dispose();
        }
      }),
      { numRuns: 150 },
    );
  });
});
