import { existsSync, renameSync } from 'node:fs';

/**
 * `--fresh`: the venue file and its write-ahead log are renamed beside it with the time in
 * the name (`exchange.sqlite` -> `exchange.2026-11-26T04-10-50Z.sqlite`), never deleted, so
 * a new venue starts and the old one can still be opened. Returns the new name, or
 * undefined when there was no file.
 */
export function moveVenueAside(file: string, now = new Date()): string | undefined {
  if (!existsSync(file)) return undefined;
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const dot = file.lastIndexOf('.');
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  const base = dot > slash ? file.slice(0, dot) : file;
  const ext = dot > slash ? file.slice(dot) : '';
  let aside = `${base}.${stamp}${ext}`;
  for (let i = 2; existsSync(aside); i++) aside = `${base}.${stamp}-${i}${ext}`;
  // The log first: a crash between the two leaves the main file where a start finds it
  // and the log beside the copy, where SQLite ignores a log without its database.
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  renameSync(file, aside);
  return aside;
}
