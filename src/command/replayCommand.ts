import { once } from 'node:events';
import * as v from 'valibot';
import { parseTimeBound } from '../history/timeBound.js';
import { readRecordings, RecordingError, recordingFiles } from '../record/readRecording.js';
import { recordingsDir } from '../record/recordingFiles.js';
import { isoMicros } from '../record/recordingLine.js';
import { MAX_SPEED, MIN_SPEED, parseSpeed } from '../record/replaySpeed.js';
import type { CommandRun, CommandSpec } from './commandSpec.js';
import { CommandError, EXIT } from './exitCodes.js';
import { toJson } from './output.js';
import { TardisFiles, TardisRows } from './replayExport.js';

/**
 * `perpdesk replay [PATH]`: a recording (docs/recording.md) read back, streaming: a file, a
 * folder, or (no PATH) the state directory's recordings, within `--from` / `--to`. On a
 * terminal without `--json` or `--export`, src/cli.ts opens the dashboard on it instead
 * (src/ui/app/runReplay.ts) and this never runs. `--json`
 * prints each recorded line as an NDJSON object, paced by the receive times at `--speed`;
 * `--export csv --out DIR` writes tardis.dev's CSV files instead.
 */

const usage = (message: string) => new CommandError(EXIT.usage, message);

const ReplayLine = v.object({
  time: v.string(),
  kind: v.picklist(['header', 'ws', 'info', 'dropped', 'disconnect']),
  file: v.string(),
  line: v.number(),
  message: v.nullable(v.unknown()),
});

/** Printing waits for stdout past this much buffered, so a slow reader cannot fill memory. */
const STDOUT_HIGH_WATER = 1024 * 1024;

function speedOf(text: string | undefined): number {
  if (text === undefined) return Infinity;
  const speed = parseSpeed(text, { allowMax: true });
  if (typeof speed !== 'number') throw usage(speed.error);
  return speed;
}

function boundOf(r: CommandRun, name: 'from' | 'to'): number | undefined {
  const text = r.options[name];
  if (typeof text !== 'string') return undefined;
  const ms = parseTimeBound(text, Date.now());
  if (ms === undefined) throw usage(`--${name} must be a time back from now (90s, 15m, 4h, 1d) or an ISO time (2026-05-12T14:03:07Z)`);
  return ms * 1000;
}

async function replay(r: CommandRun): Promise<undefined> {
  if (r.positionals.length > 1) throw usage(`replay reads one file or folder, got: ${r.positionals.join(' ')}`);
  const path = r.positionals[0] ?? recordingsDir(r.stateDir);
  const fromUs = boundOf(r, 'from');
  const toUs = boundOf(r, 'to');
  if (fromUs !== undefined && toUs !== undefined && toUs < fromUs) throw usage('--to is before --from');
  const speed = speedOf(r.options['speed'] as string | undefined);
  const exportAs = r.options['export'];
  const outDir = r.options['out'];
  if (exportAs !== undefined && exportAs !== 'csv') throw usage(`--export takes csv, got ${String(exportAs)}`);
  if (exportAs === 'csv' && typeof outDir !== 'string') throw usage('--export csv needs --out DIR');
  if (exportAs === undefined && outDir !== undefined) throw usage('--out goes with --export csv');

  let files;
  try {
    files = recordingFiles(path, { ...(fromUs !== undefined ? { fromUs } : {}), ...(toUs !== undefined ? { toUs } : {}) });
  } catch (e) {
    if (e instanceof RecordingError) throw usage(e.message);
    throw e;
  }
  if (files.length === 0) throw usage(`no recordings in ${path} between the times asked`);
  let warnings = 0;
  const lines = readRecordings(files, {
    ...(fromUs !== undefined ? { fromUs } : {}),
    ...(toUs !== undefined ? { toUs } : {}),
    onWarning: (w) => {
      warnings++;
      r.err.write(`perpdesk: ${w}\n`);
    },
  });
  let stop = false;
  void r.interrupted.then(() => (stop = true));

  if (exportAs === 'csv') {
    let out: TardisFiles;
    try {
      out = new TardisFiles(outDir as string);
    } catch (e) {
      throw usage(e instanceof Error ? e.message : String(e));
    }
    const rows = new TardisRows();
    try {
      for await (const l of lines) {
        if (stop) break;
        for (const { kind, row } of rowsOrWarn(rows, l, r)) await out.write(kind, row);
      }
    } catch (e) {
      if (e instanceof RecordingError) throw usage(e.message);
      throw e;
    } finally {
      await out.close();
    }
    r.out.write(`${toJson({ files: out.paths, rows: out.rows, recordings: files.length, warnings })}\n`);
    return undefined;
  }

  let first: { us: number; at: number } | undefined;
  try {
    for await (const l of lines) {
      if (stop) break;
      if (speed !== Infinity && l.kind !== 'header') {
        first ??= { us: l.us, at: performance.now() };
        const wait = first.at + (l.us - first.us) / 1000 / speed - performance.now();
        if (wait > 1) await Promise.race([new Promise((res) => setTimeout(res, wait)), r.interrupted]);
        if (stop) break;
      }
      let message: unknown = null;
      if (l.kind !== 'disconnect') {
        try {
          message = JSON.parse(l.message);
        } catch {
          r.err.write(`perpdesk: ${l.file} line ${l.line}: the message is not JSON; skipped\n`);
          continue;
        }
      }
      const doc = { time: isoMicros(l.us), kind: l.kind, file: l.file, line: l.line, message };
      if (r.mode === 'json') r.out.write(`${toJson(doc)}\n`);
      else r.out.write(`${doc.time}  ${l.kind.padEnd(10)}  ${l.message.slice(0, 100)}\n`);
      if (process.stdout.writableLength > STDOUT_HIGH_WATER) await Promise.race([once(process.stdout, 'drain'), r.interrupted]);
    }
  } catch (e) {
    if (e instanceof RecordingError) throw usage(e.message);
    throw e;
  }
  return undefined;
}

function rowsOrWarn(rows: TardisRows, l: Parameters<TardisRows['rowsOf']>[0], r: CommandRun): ReturnType<TardisRows['rowsOf']> {
  try {
    return rows.rowsOf(l);
  } catch (e) {
    r.err.write(`perpdesk: ${l.file} line ${l.line}: not exported (${e instanceof Error ? e.message : String(e)})\n`);
    return [];
  }
}

export const replayCommand: CommandSpec = {
  path: ['replay'],
  usage: '[PATH] [--from T] [--to T] [--speed 0.5..50|max] [--json] | [PATH] --export csv --out DIR',
  summary: 'read a recording back (a file, a folder, or the state directory\'s within --from/--to): on a terminal the dashboard on it (Space, ., +/-, g), else NDJSON paced at --speed, or tardis.dev CSVs with --export csv',
  writes: false,
  options: { from: { type: 'string' }, to: { type: 'string' }, speed: { type: 'string' }, export: { type: 'string' }, out: { type: 'string' } },
  optionHelp: {
    from: 'from this receive time: 15m, 4h, 1d back from now, or an ISO time',
    to: 'up to this receive time, as --from',
    speed: `pace by the receive times, ${MIN_SPEED} to ${MAX_SPEED} times real time, or max (default: max; on the screen one of 0.5, 1, 2, 5, 10, 50, max, default 1)`,
    export: 'csv: write trades.csv, book_snapshot_25.csv and derivative_ticker.csv (tardis.dev\'s columns) instead of printing',
    out: 'the folder of the CSV files (created; files already there are not overwritten)',
  },
  schema: () => ReplayLine,
  run: replay,
};
