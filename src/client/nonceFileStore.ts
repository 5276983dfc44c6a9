import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, statSync, writeFileSync, unlinkSync, linkSync } from 'node:fs';
import { join } from 'node:path';
import type { NonceStore } from '../protocol/index.js';
import { MAX_AHEAD_MS } from '../protocol/nonce.js';
import { errCode, isLinkRefusal, readFileNoFollowSync, writeFileAtomicSync } from '../wallet/fsutil.js';

export interface NonceFileStoreOptions {
  now?: () => number;
  /**
   * After a corrupt or unreadable file, start this far above now(): the lost file may have
   * reserved nonces up to NonceManager's clock bound ahead of the clock (default that bound).
   */
  freshMarginMs?: number;
  fileName?: string;
  /** How long claim() and save() wait for another process's lock before throwing. */
  lockTimeoutMs?: number;
  /**
   * A lock file older than this was left by a process that died holding it, and is taken
   * over. Holders keep it for well under a millisecond, so any live holder is far younger.
   */
  lockStaleMs?: number;
}

/**
 * NonceStore in `<stateDir>/nonces.json`: { "<signer address>": reservedUpTo }.
 * Written by the state files' one writer (writeFileAtomicSync: an exclusive 0600 temporary
 * file with an unpredictable name, renamed), so a crash mid-write leaves the old file or the
 * new one, never half of one, and a link planted in the directory is never written through. A corrupt
 * file, or a link at its name (never followed), is set aside, not fatal.
 *
 * Processes sharing the state directory (the dashboard and the CLI) take `nonces.json.lock`
 * around every read-modify-write, so claim() re-reads the mark other processes persisted
 * and no two of them are ever granted overlapping blocks. The lock is synchronous because
 * signing draws nonces synchronously.
 */
export class NonceFileStore implements NonceStore {
  readonly path: string;
  private values: Record<string, number> = {};
  private corrupt = false;
  private readonly now: () => number;
  private readonly freshMarginMs: number;
  private readonly lockPath: string;
  private readonly lockTimeoutMs: number;
  private readonly lockStaleMs: number;
  /** Why the file was ignored, for the session's error list. */
  warning: string | undefined;

  constructor(
    readonly stateDir: string,
    opts: NonceFileStoreOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.freshMarginMs = opts.freshMarginMs ?? MAX_AHEAD_MS;
    this.path = join(stateDir, opts.fileName ?? 'nonces.json');
    this.lockPath = `${this.path}.lock`;
    this.lockTimeoutMs = opts.lockTimeoutMs ?? 2_000;
    this.lockStaleMs = opts.lockStaleMs ?? 10_000;
    this.values = this.read();
  }

  load(signer: string): number | undefined {
    const v = this.values[signer.toLowerCase()];
    if (v !== undefined) return v;
    return this.corrupt ? this.now() + this.freshMarginMs : undefined;
  }

  /** Raises the persisted mark to `reservedUpTo`; a mark is never lowered. */
  save(signer: string, reservedUpTo: number): void {
    const key = signer.toLowerCase();
    this.locked(() => {
      const current = this.persistedMark(key);
      if (current === undefined || reservedUpTo > current) this.write(key, reservedUpTo);
    });
  }

  claim(signer: string, atLeast: number, reserveMs: number, notAbove = Infinity): { first: number; reservedUpTo: number } {
    const key = signer.toLowerCase();
    return this.locked(() => {
      const mark = this.persistedMark(key);
      const first = mark === undefined ? atLeast : Math.max(atLeast, mark + 1);
      const reservedUpTo = Math.max(first, Math.min(first + reserveMs, notAbove));
      this.write(key, reservedUpTo);
      return { first, reservedUpTo };
    });
  }

  /** The mark on disk now (other processes may have raised it); call under the lock. */
  private persistedMark(key: string): number | undefined {
    this.corrupt = false;
    this.values = this.read();
    return this.load(key);
  }

  private write(key: string, reservedUpTo: number): void {
    this.values[key] = reservedUpTo;
    // Not fsynced: it would hold the lock (and block signing) for milliseconds, seconds when
    // the disk is busy, and buys nothing: a mark is never more than NonceManager's clock bound
    // (1 s) ahead, so after a power cut and a reboot every nonce it covered is in the past,
    // and a file lost, stale or torn by the cut gives only nonces above all of them.
    writeFileAtomicSync(this.path, `${JSON.stringify(this.values)}\n`, true, { durable: false });
    this.corrupt = false;
  }

  private locked<T>(critical: () => T): T {
    mkdirSync(this.stateDir, { recursive: true, mode: 0o700 });
    this.acquireLock();
    try {
      return critical();
    } finally {
      try {
        unlinkSync(this.lockPath);
      } catch {
        /* taken over as stale while held: nothing of ours left to remove */
      }
    }
  }

  /**
   * Creating the lock file with O_EXCL is the lock. Waiting blocks the thread (Atomics.wait)
   * because next() cannot yield; holders keep the lock for a file read and a rename only.
   */
  private acquireLock(): void {
    const deadline = Date.now() + this.lockTimeoutMs;
    for (;;) {
      try {
        const fd = openSync(this.lockPath, 'wx', 0o600);
        try {
          writeFileSync(fd, `${process.pid}\n`);
        } finally {
          closeSync(fd);
        }
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== 'EEXIST') throw e;
      }
      if (this.removeIfStale()) continue;
      if (Date.now() >= deadline) {
        throw new Error(
          `nonce lock ${this.lockPath} held for over ${this.lockTimeoutMs} ms by another perpdesk process on this state directory; ` +
            `if none is running, remove the file`,
        );
      }
      Atomics.wait(SLEEP, 0, 0, 1);
    }
  }

  /**
   * Removes the lock file if it is older than lockStaleMs. The file is first moved aside and
   * checked to be the very one judged stale, so two processes taking over at once cannot
   * delete the fresh lock one of them has just created.
   */
  private removeIfStale(): boolean {
    let judged: { ino: number; mtimeMs: number };
    try {
      judged = statSync(this.lockPath);
    } catch {
      return true; // released meanwhile: try again at once
    }
    if (Date.now() - judged.mtimeMs <= this.lockStaleMs) return false;
    const aside = `${this.lockPath}.${randomBytes(8).toString('hex')}.stale`;
    try {
      renameSync(this.lockPath, aside);
    } catch {
      return true; // someone else moved it first
    }
    try {
      if (statSync(aside).ino !== judged.ino) {
        // A live lock was moved by mistake: put it back unless a new one already exists.
        try {
          linkSync(aside, this.lockPath);
        } catch {
          /* a third process locked in the same instant; nothing safe is left to do */
        }
      }
    } finally {
      unlinkSync(aside);
    }
    return true;
  }

  private read(): Record<string, number> {
    let text: string;
    try {
      text = readFileNoFollowSync(this.path);
    } catch (e) {
      if (errCode(e) === 'ENOENT') return {};
      this.corrupt = true;
      this.warning = isLinkRefusal(e)
        ? `nonce file ${this.path} is a symbolic link, not followed; starting nonces above the clock`
        : `nonce file ${this.path} unreadable (${errCode(e) ?? 'error'}); starting nonces above the clock`;
      return {};
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      const out: Record<string, number> = {};
      for (const [k, v] of Object.entries(parsed)) {
        if (!Number.isSafeInteger(v) || (v as number) < 0) throw new Error('bad value');
        out[k.toLowerCase()] = v as number;
      }
      return out;
    } catch {
      this.corrupt = true;
      this.warning = `nonce file ${this.path} is corrupt; starting nonces above the clock`;
      return {};
    }
  }
}

const SLEEP = new Int32Array(new SharedArrayBuffer(4));
