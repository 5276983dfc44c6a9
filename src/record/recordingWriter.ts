import { closeSync, constants, createWriteStream, fstatSync, mkdirSync, openSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { constants as zc, createGzip, type Gzip } from 'node:zlib';
import { errCode, isLinkRefusal, O_NOFOLLOW } from '../wallet/fsutil.js';
import { minuteFileName, minuteOf, pruneRecordings, sessionFolderName, type RecordingLimits } from './recordingFiles.js';
import { droppedMessage, headerMessage, infoMessage, lineOf, nowMicros } from './recordingLine.js';

/** Lines waiting for gzip and the disk past this many bytes are dropped (and counted in the file), so memory stays bounded. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** What is buffered in gzip reaches the file this often (a sync flush), so a crash loses at most this much. */
const FLUSH_MS = 2_000;
/**
 * Lines go to gzip in batches, this often or at this size, not one by one: each write to a
 * zlib stream is a call into zlib (and a task on libuv's pool), which per line cost about
 * four times the CPU of the same lines batched (measured on a busy book's lines).
 */
const BATCH_MS = 100;
const BATCH_BYTES = 64 * 1024;

export interface RecordingWriterOptions {
  /** `<stateDir>/recordings`, made 0700 by the caller. */
  dir: string;
  limits: RecordingLimits;
  /** What heads each file: the session's venue, account, contracts, configs. Read at each new file. */
  header: () => Record<string, unknown>;
  /** Microseconds since the epoch (tests pass their own clock). */
  now?: () => number;
  pid?: number;
  onError(message: string): void;
}

export interface RecordingStatus {
  /** The file being written, or undefined between files and after close. */
  file: string | undefined;
  folder: string;
  /** Lines written (messages, answers, marks), headers not counted. */
  lines: number;
  /** Compressed bytes written by this writer, all files together. */
  bytes: number;
  dropped: number;
  filesDeleted: number;
}

interface Open {
  path: string;
  minute: number;
  gzip: Gzip;
  out: WriteStream;
  bytes: number;
  done: Promise<void>;
}

/**
 * Writes one recording session: a gzip NDJSON file per minute of receive time, 0600, created
 * exclusively and never through a link; the header at the top of each; the limits kept at
 * each new file. Writing never throws to the caller: a failure is said once through
 * `onError` and the recording stops.
 */
export class RecordingWriter {
  private readonly now: () => number;
  readonly folder: string;
  private current: Open | undefined;
  private part = 1;
  private lines = 0;
  private bytes = 0;
  private dropped = 0;
  private unsaid = 0;
  private deleted = 0;
  private failed = false;
  private closed = false;
  private dirty = false;
  private bytesAtPrune = 0;
  private readonly flushTimer: NodeJS.Timeout;
  private readonly batchTimer: NodeJS.Timeout;
  /** Lines of the current file not yet handed to gzip, in order. */
  private pending: string[] = [];
  private pendingBytes = 0;
  private readonly closing: Promise<void>[] = [];

  constructor(private readonly o: RecordingWriterOptions) {
    this.now = o.now ?? nowMicros;
    this.folder = join(o.dir, sessionFolderName(Math.floor(this.now() / 1000), o.pid ?? process.pid));
    this.flushTimer = setInterval(() => this.flush(), FLUSH_MS);
    this.flushTimer.unref();
    this.batchTimer = setInterval(() => this.drain(), BATCH_MS);
    this.batchTimer.unref();
  }

  /** A WebSocket message, as the text received. */
  message(text: string, us = this.now()): void {
    this.write(us, text);
  }

  /** An `/info` answer: the request's JSON text and the answer's body. */
  info(request: string, answer: string, us = this.now()): void {
    this.write(us, infoMessage(request, answer));
  }

  /** The connection dropped: an empty line, as tardis.dev marks it. */
  disconnect(): void {
    if (this.closed || this.failed || !this.current) return;
    this.queue('\n');
    this.lines++;
  }

  status(): RecordingStatus {
    return { file: this.current?.path, folder: this.folder, lines: this.lines, bytes: this.bytes, dropped: this.dropped, filesDeleted: this.deleted };
  }

  /** Ends the file being written; resolves once everything is on disk. */
  async close(): Promise<void> {
    if (this.closed) return Promise.all(this.closing).then(() => undefined);
    this.closed = true;
    clearInterval(this.flushTimer);
    clearInterval(this.batchTimer);
    this.endCurrent();
    await Promise.all(this.closing);
  }

  private write(us: number, message: string): void {
    if (this.closed || this.failed) return;
    const minute = minuteOf(Math.floor(us / 1000));
    if (!this.current || minute !== this.current.minute) {
      if (this.current && minute < this.current.minute) {
        // The clock stepped back: keep writing the file open rather than reopen an older minute.
      } else if (!this.rotate(minute, us)) return;
    }
    const cur = this.current!;
    if (cur.gzip.writableLength + this.pendingBytes > MAX_PENDING_BYTES) {
      this.dropped++;
      this.unsaid++;
      return;
    }
    if (this.unsaid > 0) {
      this.queue(lineOf(us, droppedMessage(this.unsaid)));
      this.unsaid = 0;
    }
    this.queue(lineOf(us, message));
    this.lines++;
    if (this.bytes - this.bytesAtPrune > this.o.limits.maxBytes / 8) this.prune();
  }

  private queue(line: string): void {
    this.pending.push(line);
    this.pendingBytes += line.length;
    this.dirty = true;
    if (this.pendingBytes >= BATCH_BYTES) this.drain();
  }

  /** The lines waiting, to gzip in one write. */
  private drain(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    this.current?.gzip.write(text);
  }

  private flush(): void {
    this.drain();
    if (!this.dirty || !this.current) return;
    this.dirty = false;
    this.current.gzip.flush(zc.Z_SYNC_FLUSH);
  }

  private rotate(minute: number, us: number): boolean {
    this.endCurrent();
    try {
      if (minute !== this.lastMinute) this.part = 1;
      mkdirSync(this.folder, { recursive: true, mode: 0o700 });
      const fd = this.openExclusive(minute);
      const st = fstatSync(fd);
      if (!st.isFile()) {
        closeSync(fd);
        throw new Error(`'${this.folder}' holds something other than a file at the recording's name`);
      }
      const out = createWriteStream('', { fd, autoClose: true });
      const gzip = createGzip({ level: 6 });
      const open: Open = { path: '', minute, gzip, out, bytes: 0, done: Promise.resolve() };
      open.path = join(this.folder, minuteFileName(minute, this.part));
      gzip.on('data', (chunk: Buffer) => {
        open.bytes += chunk.length;
        this.bytes += chunk.length;
      });
      open.done = new Promise<void>((resolve) => {
        out.on('close', resolve);
        const fail = (e: Error) => {
          this.fail(`recording ${open.path}: ${e.message}`);
          resolve();
        };
        out.on('error', fail);
        gzip.on('error', fail);
      });
      gzip.pipe(out);
      this.current = open;
      this.lastMinute = minute;
      gzip.write(lineOf(us, headerMessage(this.o.header())));
      this.prune();
      return true;
    } catch (e) {
      this.fail(`recording stopped: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
  }

  private lastMinute: number | undefined;

  private openExclusive(minute: number): number {
    for (;;) {
      const path = join(this.folder, minuteFileName(minute, this.part));
      try {
        return openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
      } catch (e) {
        if (isLinkRefusal(e)) throw new Error(`'${path}' is a symbolic link; perpdesk does not follow links in its state directory`);
        if (errCode(e) !== 'EEXIST') throw e;
        this.part++;
      }
    }
  }

  private prune(): void {
    this.bytesAtPrune = this.bytes;
    try {
      const keep = this.current ? { path: this.current.path, bytes: this.current.bytes } : undefined;
      this.deleted += pruneRecordings(this.o.dir, this.o.limits, Math.floor(this.now() / 1000), keep);
    } catch (e) {
      this.o.onError(`recordings not pruned: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private endCurrent(): void {
    const cur = this.current;
    if (!cur) return;
    this.drain();
    this.current = undefined;
    this.dirty = false;
    cur.gzip.end();
    this.closing.push(cur.done);
  }

  private fail(message: string): void {
    if (this.failed) return;
    this.failed = true;
    this.o.onError(message);
    this.endCurrent();
  }
}
