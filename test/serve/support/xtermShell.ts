import xterm from '@xterm/headless';
import type { ClientChannel } from 'ssh2';

/**
 * An ssh2 shell's output drawn by a headless xterm, so a test reads the viewer's screen as
 * its terminal would show it (the dashboard writes only the cells that change).
 */
export interface XtermScreen {
  text(): Promise<string>;
  waitFor(match: string | RegExp | ((screen: string) => boolean), ms?: number): Promise<string>;
  /** What the viewer was sent, as sent (the newest 200,000 characters): sequences a screen does not show (OSC 9). */
  raw(): string;
  /** Types `text` one key a write, as a person would. */
  type(text: string): Promise<void>;
}

export function xtermScreen(stream: ClientChannel, cols: number, rows: number): XtermScreen {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  let pending = Promise.resolve();
  let raw = '';
  stream.on('data', (d: Buffer) => {
    const s = d.toString('utf8');
    raw = (raw + s).slice(-200_000);
    pending = pending.then(() => new Promise<void>((r) => term.write(s, r)));
  });
  const text = async () => {
    await pending;
    const b = term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < rows; i++) lines.push(b.getLine(b.viewportY + i)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  return {
    text,
    raw: () => raw,
    async waitFor(match, ms = 20_000) {
      const end = Date.now() + ms;
      for (;;) {
        const t = await text();
        if (typeof match === 'string' ? t.includes(match) : typeof match === 'function' ? match(t) : match.test(t)) return t;
        if (Date.now() > end) throw new Error(`timed out waiting for ${String(match)}; screen:\n${t}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async type(s) {
      for (const ch of s) {
        stream.write(ch);
        await new Promise((r) => setTimeout(r, 15));
      }
    },
  };
}
