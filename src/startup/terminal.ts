/**
 * Terminal ownership: alternate screen and hidden cursor while the dashboard runs, and the
 * user's terminal given back on every way out — quit, Ctrl-C, SIGTERM, SIGHUP and crashes —
 * with a readable one-line message instead of a stack over a broken screen.
 */
const ENTER = '\x1b[?1049h\x1b[?25l';
const LEAVE = '\x1b[?25h\x1b[?1049l';

export interface TerminalGuard {
  restore(): void;
}

interface Io {
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  stderr: NodeJS.WriteStream;
}

export function takeTerminal(io: Io = process, onSignal: (signal: NodeJS.Signals) => void = defaultOnSignal): TerminalGuard {
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (io.stdin.isTTY && io.stdin.isRaw) io.stdin.setRawMode(false);
    } catch {
      // stdin may already be closed: restoring the screen still matters.
    }
    io.stdout.write(LEAVE);
    process.off('exit', restore);
  };
  io.stdout.write(ENTER);
  process.on('exit', restore);
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT'];
  for (const s of signals) {
    process.once(s, () => {
      restore();
      onSignal(s);
    });
  }
  const crash = (err: unknown) => {
    restore();
    const message = err instanceof Error ? err.message : String(err);
    io.stderr.write(`perpdesk stopped after an unexpected error: ${message}\n`);
    if (process.env['PERPDESK_DEBUG'] && err instanceof Error && err.stack) io.stderr.write(`${err.stack}\n`);
    else io.stderr.write('(set PERPDESK_DEBUG=1 for details)\n');
    process.exit(70);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  return { restore };
}

function defaultOnSignal(signal: NodeJS.Signals): void {
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
