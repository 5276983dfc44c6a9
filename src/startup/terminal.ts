/**
 * Terminal ownership: alternate screen, hidden cursor and (unless turned off) mouse reports
 * while the dashboard runs, and the user's terminal given back on every way out — quit,
 * Ctrl-C, SIGTERM, SIGHUP and crashes — with a readable one-line message instead of a stack
 * over a broken screen.
 */
const ENTER = '\x1b[?1049h\x1b[?25l';
const LEAVE = '\x1b[?25h\x1b[?1049l';
/** Report button presses, releases and the wheel (1000), in SGR form (1006); no motion (1003). */
export const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
export const MOUSE_OFF = '\x1b[?1006l\x1b[?1000l';

export interface TerminalGuard {
  restore(): void;
  /**
   * Mouse reporting on or off (the dashboard turns it on while its input is in raw mode,
   * where reports are read rather than echoed). restore() turns it off if it is on.
   */
  setMouse(on: boolean): void;
}

interface Io {
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  stderr: NodeJS.WriteStream;
}

export function takeTerminal(io: Io = process, onSignal: (signal: NodeJS.Signals) => void = defaultOnSignal): TerminalGuard {
  let restored = false;
  let mouse = false;
  const setMouse = (on: boolean) => {
    if (on === mouse || (on && restored)) return;
    mouse = on;
    io.stdout.write(on ? MOUSE_ON : MOUSE_OFF);
  };
  const restore = () => {
    if (restored) return;
    // Before the screen goes back: a click on the user's shell must not print reports.
    setMouse(false);
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
  return { restore, setMouse };
}

function defaultOnSignal(signal: NodeJS.Signals): void {
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
