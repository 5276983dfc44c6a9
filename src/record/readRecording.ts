import { createReadStream, lstatSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { errCode } from '../wallet/fsutil.js';
import { listRecordings, minuteOfFile, type RecordingFile } from './recordingFiles.js';
import { kindOf, parseIsoMicros, type LineKind } from './recordingLine.js';

/** A line longer than this is not one perpdesk wrote: the file is refused from there. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** A recording that cannot be read as asked: the message names the file (and line). */
export class RecordingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordingError';
  }
}

export interface RecordedLine {
  file: string;
  /** 1-based. */
  line: number;
  kind: LineKind;
  /** Receive time, microseconds since the epoch (a disconnect: the line before it's). */
  us: number;
  /** The message as recorded: the exchange's text, or perpdesk's own object; '' for a disconnect. */
  message: string;
}

export interface ReadOptions {
  /** Lines before this receive time (µs) are skipped; headers are always read. */
  fromUs?: number;
  /** Reading stops after this receive time (µs). */
  toUs?: number;
  /** A line that is not a recording line, or a file cut short: said, then skipped. */
  onWarning(message: string): void;
}

/**
 * The files a replay reads, oldest first: a file, every recording in a folder (and its session
 * folders), or the state directory's recordings folder; only those whose minute meets the
 * range.
 */
export function recordingFiles(path: string, o: { fromUs?: number; toUs?: number } = {}): RecordingFile[] {
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    throw new RecordingError(errCode(e) === 'ENOENT' ? `no such file or folder: ${path}` : `cannot read ${path}: ${errCode(e) ?? String(e)}`);
  }
  let files: RecordingFile[];
  if (st.isDirectory()) files = listRecordings(path);
  else if (st.isFile()) files = [{ path, session: '', minute: minuteOfFile(path) ?? 0, part: 1, bytes: st.size }];
  else throw new RecordingError(`${path} is neither a file nor a folder`);
  if (files.length === 0) throw new RecordingError(`no recordings (*.ndjson.gz) in ${path}`);
  const from = o.fromUs === undefined ? undefined : o.fromUs / 1000;
  const to = o.toUs === undefined ? undefined : o.toUs / 1000;
  // A file named for its minute holds that minute only; one named otherwise is read whole.
  return files.filter((f) => !st.isDirectory() || ((from === undefined || f.minute + 60_000 > from) && (to === undefined || f.minute <= to)));
}

/** Reads one file's lines, streaming (bounded memory). A gzip error ends the file with a warning naming it and the line reached. */
export async function* readRecordingFile(file: string, o: ReadOptions): AsyncGenerator<RecordedLine> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  const utf8 = new StringDecoder('utf8');
  let rest = '';
  let lineNo = 0;
  let lastUs = 0;
  const parse = (text: string): RecordedLine | undefined => {
    lineNo++;
    if (text.length === 0) return { file, line: lineNo, kind: 'disconnect', us: lastUs, message: '' };
    const space = text.indexOf(' ');
    const us = space > 0 ? parseIsoMicros(text.slice(0, space)) : undefined;
    const message = space > 0 ? text.slice(space + 1) : '';
    if (us === undefined || !message.startsWith('{')) {
      o.onWarning(`${file} line ${lineNo}: not a recording line (a time, a space, a JSON message); skipped`);
      return undefined;
    }
    lastUs = us;
    return { file, line: lineNo, kind: kindOf(message), us, message };
  };
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      rest += utf8.write(chunk);
      let nl: number;
      while ((nl = rest.indexOf('\n')) >= 0) {
        const l = parse(rest.slice(0, nl));
        rest = rest.slice(nl + 1);
        if (!l) continue;
        if (o.toUs !== undefined && l.us > o.toUs && l.kind !== 'disconnect') return;
        if (l.kind === 'header' || o.fromUs === undefined || l.us >= o.fromUs) yield l;
      }
      if (rest.length > MAX_LINE_BYTES) throw new RecordingError(`${file} line ${lineNo + 1}: longer than ${MAX_LINE_BYTES} bytes; not a recording line`);
    }
  } catch (e) {
    if (e instanceof RecordingError) throw e;
    const code = errCode(e);
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new RecordingError(`cannot read ${file}: ${code}`);
    // A file cut short (a recording process killed) or damaged: what came before is good.
    o.onWarning(`${file}: unreadable after line ${lineNo} (${e instanceof Error ? e.message : String(e)}); the rest of this file is skipped`);
    return;
  } finally {
    source.destroy();
  }
  if (rest.length > 0) {
    const l = parse(rest);
    if (l && (o.toUs === undefined || l.us <= o.toUs) && (l.kind === 'header' || o.fromUs === undefined || l.us >= o.fromUs)) yield l;
  }
}

async function* readInTurn(files: readonly RecordingFile[], o: ReadOptions): AsyncGenerator<RecordedLine> {
  for (const f of files) yield* readRecordingFile(f.path, o);
}

/**
 * Every line of the files in receive-time order: a recording session's files one after
 * another, and the sessions (two processes that recorded at once) merged by receive time,
 * one line of each held at a time.
 */
export async function* readRecordings(files: readonly RecordingFile[], o: ReadOptions): AsyncGenerator<RecordedLine> {
  const sessions = new Map<string, RecordingFile[]>();
  for (const f of files) {
    const list = sessions.get(f.session);
    if (list) list.push(f);
    else sessions.set(f.session, [f]);
  }
  if (sessions.size <= 1) return yield* readInTurn(files, o);
  const streams = [...sessions.values()].map((list) => readInTurn(list, o));
  try {
    const heads = await Promise.all(streams.map((st) => st.next()));
    for (;;) {
      let best = -1;
      heads.forEach((h, i) => {
        if (!h.done && (best < 0 || h.value.us < (heads[best]!.value as RecordedLine).us)) best = i;
      });
      if (best < 0) return;
      yield heads[best]!.value as RecordedLine;
      heads[best] = await streams[best]!.next();
    }
  } finally {
    // A reader that stops early closes every file still open.
    await Promise.all(streams.map((st) => st.return(undefined)));
  }
}
