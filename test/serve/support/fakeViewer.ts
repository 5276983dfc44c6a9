import type { MountViewer, ViewerIo } from '../../../src/serve/viewer.js';

/**
 * A stand-in for the dashboard, so the server's tests need no session: it draws one line
 * with the access and size it sees, redraws on resize, echoes keys as `key:<k>`, and quits
 * on `q`. `flood()` writes big frames to every viewer until `stopFlood()`, for backpressure.
 */
export interface FakeViewers {
  mount: MountViewer;
  viewers: ViewerIo[];
  flood(): void;
  stopFlood(): void;
}

export function fakeViewers(): FakeViewers {
  const viewers: ViewerIo[] = [];
  const live = new Set<{ io: ViewerIo; n: number }>();
  let flood: NodeJS.Timeout | undefined;
  const mount: MountViewer = (io) => {
    viewers.push(io);
    const state = { io, n: 0 };
    live.add(state);
    const frame = () => io.stdout.write(`\x1b[H\x1b[2Jviewer ${io.readOnly ? 'read-only' : 'trading'} ${io.stdout.columns}x${io.stdout.rows}\r\n`);
    let resolve!: () => void;
    const closed = new Promise<void>((r) => (resolve = r));
    let done = false;
    const close = () => {
      if (done) return;
      done = true;
      live.delete(state);
      io.stdout.off('resize', frame);
      io.stdin.off('data', onData);
      io.stdout.write('\x1b[2Jbye\r\n');
      resolve();
    };
    const onData = (d: Buffer | string) => {
      const s = String(d);
      if (s.includes('q')) close();
      else io.stdout.write(`key:${s}\r\n`);
    };
    io.stdin.setRawMode(true);
    io.stdin.on('data', onData);
    io.stdout.on('resize', frame);
    frame();
    return { closed, close };
  };
  const chunk = 'x'.repeat(32 * 1024);
  return {
    mount,
    viewers,
    flood() {
      flood ??= setInterval(() => {
        for (const v of live) v.io.stdout.write(`\x1b[Hframe ${++v.n} ${chunk}\r\n`);
      }, 2);
    },
    stopFlood() {
      clearInterval(flood);
      flood = undefined;
    },
  };
}
