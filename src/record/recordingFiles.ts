import { lstatSync, readdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { errCode } from '../wallet/fsutil.js';

/**
 * Where recordings live and how they are named: `<stateDir>/recordings/<session>/<minute>.ndjson.gz`,
 * a folder per recording session (`20261203-062415-4242`: its start, UTC, and the process id)
 * and a file per minute of receive time (`2026-12-03T06-24Z.ndjson.gz`), so that names sort
 * by time and two processes never write one file.
 */
export const RECORDINGS_DIR = 'recordings';
export const RECORDING_EXT = '.ndjson.gz';

const MINUTE_FILE = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})Z(?:-(\d+))?\.ndjson\.gz$/;

export function recordingsDir(stateDir: string): string {
  return join(stateDir, RECORDINGS_DIR);
}

const two = (n: number) => String(n).padStart(2, '0');

/** `20261203-062415-4242`: the folder of a recording session started at `ms` by process `pid`. */
export function sessionFolderName(ms: number, pid: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}-${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}-${pid}`;
}

/** The start of the UTC minute holding `ms`. */
export const minuteOf = (ms: number) => Math.floor(ms / 60_000) * 60_000;

/** `2026-12-03T06-24Z.ndjson.gz` (`-2` ... when a file of that minute was already closed: the limit split it). */
export function minuteFileName(minute: number, part = 1): string {
  const iso = new Date(minute).toISOString();
  return `${iso.slice(0, 10)}T${iso.slice(11, 13)}-${iso.slice(14, 16)}Z${part > 1 ? `-${part}` : ''}${RECORDING_EXT}`;
}

/** The minute a recording file's name says it holds; undefined for a name that is not one. */
export function minuteOfFile(name: string): number | undefined {
  const m = MINUTE_FILE.exec(basename(name));
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}T${m[2]}:${m[3]}:00Z`);
  return Number.isFinite(ms) ? ms : undefined;
}

export interface RecordingFile {
  path: string;
  /** The folder it is in (the recording session), '' for a file directly in the folder listed. */
  session: string;
  minute: number;
  part: number;
  bytes: number;
}

function part(name: string): number {
  const m = MINUTE_FILE.exec(name);
  return m?.[4] === undefined ? 1 : Number(m[4]);
}

/** The recording files in `dir` and its session folders (one level down), oldest first; links are not followed. */
export function listRecordings(dir: string): RecordingFile[] {
  const out: RecordingFile[] = [];
  const visit = (folder: string, session: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch (e) {
      if (errCode(e) === 'ENOENT') return;
      throw e;
    }
    for (const name of names) {
      const path = join(folder, name);
      let st;
      try {
        st = lstatSync(path);
      } catch {
        continue; // removed meanwhile
      }
      if (st.isDirectory() && depth === 0) visit(path, name, 1);
      const minute = minuteOfFile(name);
      if (st.isFile() && minute !== undefined) out.push({ path, session, minute, part: part(name), bytes: st.size });
    }
  };
  visit(dir, '', 0);
  return out.sort((a, b) => a.minute - b.minute || (a.session < b.session ? -1 : a.session > b.session ? 1 : a.part - b.part));
}

export interface RecordingLimits {
  /** The recordings together take at most this many bytes (gzip); the oldest files go first. */
  maxBytes: number;
  /** A file whose minute is older than this is deleted. */
  maxAgeMs: number;
}

/** 1 GiB and 7 days. */
export const DEFAULT_LIMITS: RecordingLimits = { maxBytes: 1024 * 1024 * 1024, maxAgeMs: 7 * 86_400_000 };

/**
 * Deletes the oldest recording files of `dir` until the rest are within the limits, never
 * the file being written (`keep`, whose bytes count as `keepBytes`), and the session folders
 * left empty. Returns how many files went.
 */
export function pruneRecordings(dir: string, limits: RecordingLimits, now: number, keep?: { path: string; bytes: number }): number {
  const files = listRecordings(dir).filter((f) => f.path !== keep?.path);
  let total = files.reduce((n, f) => n + f.bytes, keep?.bytes ?? 0);
  let removed = 0;
  const folders = new Set<string>();
  for (const f of files) {
    const old = f.minute + 60_000 < now - limits.maxAgeMs;
    if (!old && total <= limits.maxBytes) break;
    try {
      unlinkSync(f.path);
    } catch (e) {
      if (errCode(e) !== 'ENOENT') throw e;
    }
    total -= f.bytes;
    removed++;
    if (f.session) folders.add(join(dir, f.session));
  }
  for (const folder of folders) {
    try {
      if (statSync(folder).isDirectory() && readdirSync(folder).length === 0) rmdirSync(folder);
    } catch {
      // Another process is writing there, or it is gone already.
    }
  }
  return removed;
}

const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };
const AGE_UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `512M`, `2G`, `1500000` (bytes; K, M, G, T are powers of 1024); undefined for anything else. */
export function parseSize(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?$/i.exec(text.trim());
  if (!m) return undefined;
  const n = Math.floor(Number(m[1]) * SIZE_UNITS[m[2]!.toLowerCase()]!);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** `90m`, `12h`, `7d`, `2w`; undefined for anything else. */
export function parseAge(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([mhdw])$/.exec(text.trim());
  if (!m) return undefined;
  const ms = Math.round(Number(m[1]) * AGE_UNITS[m[2]!]!);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : undefined;
}
