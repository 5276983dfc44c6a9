import type { CommandRun } from './commandSpec.js';
import { printEvent, type CommandOutput } from './output.js';

/** Where a watch's source delivers: updates to print, and notes that do not end the watch. */
export interface WatchSink {
  /** Prints one update (ignored once the watch is over). */
  emit(out: CommandOutput): void;
  /** One line on stderr: a dropped connection, a failed poll. The same note twice in a row is said once. */
  warn(message: string): void;
}

/** Starts producing updates; `stopped` aborts when the watch ends. Returns how to let go of its sockets. */
export type WatchSource = (sink: WatchSink, stopped: AbortSignal) => (() => void | Promise<void>) | void;

/**
 * `--watch`: prints the source's updates until the user interrupts, `--count` updates have
 * been printed, or `--for` has passed; then stops the source, which closes its sockets so
 * the process can end. A failure of the source after it started is a note on stderr, never
 * the end of the watch: the streams and polls retry on their own. `tape`: each update is
 * lines to append (trades, bars), not a table to set apart from the last.
 */
export async function runWatch(r: CommandRun, source: WatchSource, o: { tape?: boolean } = {}): Promise<undefined> {
  const ac = new AbortController();
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const timer = r.args.forMs !== undefined ? setTimeout(finish, r.args.forMs) : undefined;
  void r.interrupted.then(() => finish());
  let printed = 0;
  let lastNote: string | undefined;
  const sink: WatchSink = {
    emit(out) {
      if (ac.signal.aborted) return;
      // Tables are set apart, one per update; a tape (trades, bars) reads line after line.
      if (printed > 0 && r.mode === 'table' && !o.tape) r.out.write('\n');
      printEvent(r.out, r.mode, out);
      lastNote = undefined;
      printed++;
      if (r.args.count !== undefined && printed >= r.args.count) finish();
    },
    warn(message) {
      if (ac.signal.aborted || message === lastNote) return;
      lastNote = message;
      r.err.write(`perpdesk: ${message}\n`);
    },
  };
  let stop: ReturnType<WatchSource> | undefined;
  try {
    stop = source(sink, ac.signal);
    await done;
  } finally {
    ac.abort();
    clearTimeout(timer);
    await stop?.();
  }
  return undefined;
}
