import ssh2 from 'ssh2';
import type { ClientChannel } from 'ssh2';
import { newTerminal, screenText } from '../dashboard/screen.js';

/**
 * One SSH viewer of `perpdesk serve`, as a terminal is: ssh2's client with a shell at
 * 120x40 that reads everything the server sends. Until the screen shows what `ready` asks
 * for (a live book), the output goes through a headless xterm; after that it is counted and
 * dropped, so the bench process does no terminal work while the server is measured.
 */
export class SshViewer {
  bytes = 0;
  private term: ReturnType<typeof newTerminal> | undefined;
  /** Told the screen after each chunk is parsed, with the chunk's arrival time (key()). */
  private watcher: ((screen: string, arrived: number) => void) | undefined;
  private constructor(
    private readonly client: ssh2.Client,
    private readonly stream: ClientChannel,
    readonly cols: number,
    readonly rows: number,
  ) {
    this.term = newTerminal(cols, rows);
    stream.on('data', (d: Buffer) => {
      this.bytes += d.length;
      const term = this.term;
      if (!term) return;
      const arrived = performance.now();
      term.write(d, () => this.watcher?.(screenText(term), arrived));
    });
    stream.stderr.on('data', () => undefined);
  }

  static async open(o: { port: number; privateKey: string; cols?: number; rows?: number; timeoutMs?: number }): Promise<SshViewer> {
    const cols = o.cols ?? 120;
    const rows = o.rows ?? 40;
    const client = new ssh2.Client();
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve());
      client.once('error', reject);
      client.connect({ host: '127.0.0.1', port: o.port, username: 'bench', privateKey: o.privateKey, readyTimeout: o.timeoutMs ?? 30_000 });
    });
    // Later errors (the server closing at the end) must not throw from an emitter.
    client.on('error', () => undefined);
    // As OpenSSH's client does for an interactive session: keys go out at once.
    client.setNoDelay(true);
    const stream = await new Promise<ClientChannel>((resolve, reject) =>
      client.shell({ term: 'xterm-256color', cols, rows }, (e, s) => (e ? reject(e) : resolve(s))),
    );
    return new SshViewer(client, stream, cols, rows);
  }

  /** What the screen shows now (watch() first, or before ready() with keep). */
  text(): Promise<string> {
    const term = this.term;
    if (!term) return Promise.reject(new Error('SSH viewer: no screen kept'));
    return new Promise<string>((resolve) => term.write('', () => resolve(screenText(term))));
  }

  /** Resolves once the screen satisfies `test`, then stops parsing the output unless `keep`. */
  async ready(test: (screen: string) => boolean, timeoutMs: number, what: string, keep = false): Promise<void> {
    const end = performance.now() + timeoutMs;
    for (;;) {
      const term = this.term!;
      const screen = await new Promise<string>((resolve) => term.write('', () => resolve(screenText(term))));
      if (test(screen)) break;
      if (performance.now() > end) throw new Error(`SSH viewer: timed out waiting for ${what}; the screen was:\n${screen}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    if (keep) return;
    this.term!.dispose();
    this.term = undefined;
  }

  /**
   * Parses the output again, from now on, into a fresh terminal: for a viewer about to type,
   * whose first key gives it a screen of its own, drawn in full at its first frame.
   */
  watch(): void {
    this.term ??= newTerminal(this.cols, this.rows);
  }

  /** Sends `data`; resolves with the milliseconds until the screen satisfies `test` (watch() first). */
  async key(data: string, test: (screen: string) => boolean, timeoutMs: number): Promise<number> {
    const term = this.term;
    if (!term) throw new Error('SSH viewer: key() needs watch() first');
    const before = await new Promise<string>((resolve) => term.write('', () => resolve(screenText(term))));
    if (test(before)) throw new Error('SSH viewer: the screen shows what the key should bring before the key');
    // Timed to the arrival of the chunk after which the screen shows it, not to when this
    // process got round to parsing it.
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.watcher = undefined;
        reject(new Error(`SSH viewer: the screen did not change as expected within ${timeoutMs} ms after a key`));
      }, timeoutMs);
      const sentAt = performance.now();
      this.watcher = (screen, arrived) => {
        if (!test(screen)) return;
        this.watcher = undefined;
        clearTimeout(timer);
        resolve(arrived - sentAt);
      };
      this.stream.write(data);
    });
  }

  close(): void {
    this.term?.dispose();
    this.term = undefined;
    this.stream.destroy();
    this.client.end();
  }
}
