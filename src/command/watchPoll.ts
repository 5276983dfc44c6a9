import { setTimeout as sleep } from 'node:timers/promises';
import { toJson, type CommandOutput } from './output.js';
import type { WatchSource } from './watch.js';

/** How often a polled watch reads, unless --poll says otherwise. */
export const DEFAULT_POLL_MS = 1_000;

/**
 * A watch over a read the exchange does not stream: `first` (the read the command already
 * made, so an unreachable exchange fails the command before any watching) is printed at
 * once, then `read` runs every `everyMs` and an answer is printed only when its JSON differs
 * from the last one printed. A failed read is a note on stderr and the next one is tried
 * on schedule: a dropped connection does not end the watch.
 */
export function pollSource(everyMs: number, first: CommandOutput, read: () => Promise<CommandOutput>): WatchSource {
  return (sink, stopped) => {
    let last = toJson(first.json);
    sink.emit(first);
    let failing = false;
    const loop = async () => {
      while (!stopped.aborted) {
        try {
          await sleep(everyMs, undefined, { signal: stopped });
        } catch {
          return; // aborted: the watch is over
        }
        let out: CommandOutput;
        try {
          out = await read();
        } catch (e) {
          if (stopped.aborted) return;
          failing = true;
          sink.warn(`${e instanceof Error ? e.message : String(e)} (trying again every ${everyMs} ms)`);
          continue;
        }
        if (stopped.aborted) return;
        if (failing) sink.warn('the exchange answers again');
        failing = false;
        const json = toJson(out.json);
        if (json === last) continue;
        last = json;
        sink.emit(out);
      }
    };
    void loop();
  };
}
