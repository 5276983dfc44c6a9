import { closeSync, lstatSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { mergeJournal } from '../feed/journalMerge.js';
import type { JournalEntry, JournalOutcome } from '../model/journalEntry.js';
import { isActionType } from '../protocol/wire/index.js';
import { errCode, isLinkRefusal, readFileNoFollowSync } from '../wallet/fsutil.js';
import { APPEND_PRIVATE, PrivateStateFile } from './privateStateFile.js';
import { prepareStateDir } from './stateDir.js';

/** A journal line as read back: the entry, with the face that signed it when known. */
export type JournalRecord = JournalEntry;

export interface JournalLoad {
  /**
   * The last valid entries, oldest first, one per request: a 'sent' line and its answer read
   * as the answer, in the place of the request; a 'sent' line with no answer reads as
   * 'unanswered'.
   */
  entries: JournalRecord[];
  /** Lines skipped because they were not a journal entry (a torn write, an edit by hand). */
  malformed: number;
}

export interface JournalFileOptions {
  fileName?: string;
  /** Past this size the file becomes `<fileName>.1`, replacing the older one. */
  maxBytes?: number;
}

/**
 * The only fields ever written or read back. Typed over JournalEntry so a field added there
 * must be added here, and anything else a caller leaves on the object stays out of the file.
 */
const ENTRY_FIELDS: Record<keyof JournalEntry, true> = {
  seq: true,
  time: true,
  action: true,
  signerRole: true,
  signer: true,
  nonce: true,
  requestId: true,
  outcome: true,
  asked: true,
  detail: true,
  errorKind: true,
  cloids: true,
  parentCloid: true,
  face: true,
  sentTime: true,
  vault: true,
  venue: true,
  account: true,
  settled: true,
};
const FIELDS = new Set(Object.keys(ENTRY_FIELDS));

const OUTCOMES: Record<JournalOutcome, true> = {
  sent: true,
  ok: true,
  partial: true,
  rejected: true,
  error: true,
  unknown: true,
  reconciled: true,
  unanswered: true,
};

/** What a request reads as when its 'sent' line has no answer line after it. */
const NO_ANSWER_RECORDED =
  'sent, no answer recorded: the process ended before the answer arrived (or was still waiting when this was read); outcome unknown, check the exchange before retrying';

/**
 * The journal kept in the state directory: `journal.jsonl`, JSON lines shared by every face
 * running on the directory (the dashboard and the CLI). A signed request gets a 'sent' line
 * before it leaves and a line with its answer when that arrives, both naming it by signer and
 * nonce; a request refused before signing gets its answer line only. Reading back pairs the
 * two (never across signers or faces), so a crash between them leaves a request that reads
 * as 'unanswered' rather than leaving no trace. Each line goes out as one write(2) on an
 * O_APPEND descriptor, so lines from two processes never interleave, and the file is
 * reopened per line so a rotation done by the other process is followed. Files are 0600 in a 0700 directory, and either open to other
 * users is refused, as key files are: the journal names signers and order ids. A symbolic
 * link at either name is never followed: appending through one is refused, reading one is
 * refused, and rotation renames over one (replacing the link, not what it points to).
 */
/**
 * The journals of this process by path, told of each line another writer of the process
 * appends: a session reads the file when it starts, and the embedded exchange's onboarding
 * may still be appending its last request's answer then.
 */
const appendListeners = new Map<string, Set<(record: JournalRecord, from: JournalFile) => void>>();

export class JournalFile {
  readonly path: string;
  readonly rotatedPath: string;
  private readonly maxBytes: number;
  private readonly file: PrivateStateFile;

  constructor(
    readonly stateDir: string,
    opts: JournalFileOptions = {},
  ) {
    this.path = join(stateDir, opts.fileName ?? 'journal.jsonl');
    this.rotatedPath = `${this.path}.1`;
    this.maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
    this.file = new PrivateStateFile(this.path, 'journal file');
    prepareStateDir(stateDir);
    this.file.checkExisting();
  }

  append(entry: JournalEntry, face?: string): void {
    const record: JournalRecord = face === undefined ? entry : { ...entry, face };
    const line = Buffer.from(`${JSON.stringify(pick(record))}\n`);
    const fd = this.file.open(APPEND_PRIVATE);
    let written: { ino: number; size: number };
    try {
      const st = this.file.checkOpen(fd);
      let off = 0;
      while (off < line.length) off += writeSync(fd, line, off);
      written = { ino: st.ino, size: st.size + line.length };
    } finally {
      closeSync(fd);
    }
    if (written.size >= this.maxBytes) this.rotate(written.ino);
    const listeners = appendListeners.get(this.path);
    if (listeners) for (const l of [...listeners]) l(pick(record), this);
  }

  /** Hears the lines other writers of this process append to this file (not this one's own); returns the stop. */
  onAppend(listener: (record: JournalRecord) => void): () => void {
    let set = appendListeners.get(this.path);
    if (!set) appendListeners.set(this.path, (set = new Set()));
    const mine = set;
    const l = (record: JournalRecord, from: JournalFile) => {
      if (from !== this) listener(record);
    };
    mine.add(l);
    return () => {
      mine.delete(l);
      if (mine.size === 0 && appendListeners.get(this.path) === mine) appendListeners.delete(this.path);
    };
  }

  /** The newest `limit` requests, only those `keep` keeps when given (journalScopeFilter). */
  load(limit: number, keep?: (e: JournalRecord) => boolean): JournalLoad {
    if (limit <= 0) return { entries: [], malformed: 0 };
    const current = parse(this.readIfPresent(this.path));
    const recent = kept(readBack(current.entries), keep);
    if (recent.length >= limit) return { entries: recent.slice(-limit), malformed: current.malformed };
    // Read as one: a rotation may fall between a request's sent line and its answer.
    const older = parse(this.readIfPresent(this.rotatedPath));
    return { entries: kept(readBack([...older.entries, ...current.entries]), keep).slice(-limit), malformed: older.malformed + current.malformed };
  }

  private readIfPresent(file: string): string {
    try {
      return readFileNoFollowSync(file);
    } catch (e) {
      if (errCode(e) === 'ENOENT') return '';
      throw isLinkRefusal(e) ? this.file.linkError(file) : e;
    }
  }

  /**
   * Only the file this process just filled is moved: if the other process rotated it first,
   * the name now holds a new file, which stays. The check and the rename are two steps, so
   * two processes rotating in the same microseconds can still drop the older generation;
   * no line of the current file is ever lost.
   */
  private rotate(ino: number): void {
    try {
      const st = lstatSync(this.path);
      if (!st.isFile() || st.ino !== ino) return;
      renameSync(this.path, this.rotatedPath);
    } catch (e) {
      if (errCode(e) !== 'ENOENT') throw e;
    }
  }
}

const kept = (entries: JournalRecord[], keep?: (e: JournalRecord) => boolean) => (keep ? entries.filter(keep) : entries);

/**
 * The lines of one venue and account: those naming both, and the lines written before a
 * line named them (no venue recorded), which may be anyone's and are shown to everyone.
 */
export function journalScopeFilter(venue: string, account: string): (e: JournalRecord) => boolean {
  const who = account.toLowerCase();
  return (e) => (e.venue === undefined || e.venue === venue) && (e.account === undefined || e.account === who);
}

/** A copy of the record holding only the journal's own fields. */
function pick(record: JournalRecord): JournalRecord {
  return Object.fromEntries(Object.entries(record).filter(([k, v]) => FIELDS.has(k) && v !== undefined)) as JournalRecord;
}

/** The lines as requests: each answer in the place of its sent line, a sent line left alone read as unanswered. */
function readBack(lines: readonly JournalRecord[]): JournalRecord[] {
  return mergeJournal([], lines, Number.MAX_SAFE_INTEGER).map((e) => (e.outcome === 'sent' ? { ...e, outcome: 'unanswered', detail: NO_ANSWER_RECORDED } : e));
}

function parse(text: string): JournalLoad {
  const entries: JournalRecord[] = [];
  let malformed = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      malformed++;
      continue;
    }
    if (isRecord(value)) entries.push(pick(value));
    else malformed++;
  }
  return { entries, malformed };
}

function isRecord(v: unknown): v is JournalRecord {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  const optional = (k: string, ok: (x: unknown) => boolean) => r[k] === undefined || ok(r[k]);
  const str = (x: unknown) => typeof x === 'string';
  return (
    Number.isSafeInteger(r.seq) &&
    Number.isFinite(r.time) &&
    isActionType(r.action) &&
    typeof r.outcome === 'string' &&
    Object.prototype.hasOwnProperty.call(OUTCOMES, r.outcome) &&
    str(r.detail) &&
    optional('signerRole', (x) => x === 'master' || x === 'agent') &&
    optional('signer', str) &&
    optional('nonce', Number.isSafeInteger) &&
    optional('requestId', str) &&
    optional('errorKind', str) &&
    optional('cloids', (x) => Array.isArray(x) && x.every(str)) &&
    optional('asked', str) &&
    optional('parentCloid', str) &&
    optional('face', str) &&
    optional('sentTime', Number.isFinite) &&
    optional('vault', str) &&
    optional('venue', str) &&
    optional('account', str) &&
    optional('settled', (x) => x === 'placed' || x === 'absent')
  );
}
