import { mkdirSync, readFileSync, renameSync, writeFileSync, chmodSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { NonceStore } from '../protocol/index.js';

export interface NonceFileStoreOptions {
  now?: () => number;
  /**
   * After a corrupt or unreadable file, start this far above now(): the lost file may have
   * reserved nonces slightly ahead of the clock (NonceManager's reservation).
   */
  freshMarginMs?: number;
  fileName?: string;
}

/**
 * NonceStore in `<stateDir>/nonces.json`: { "<signer address>": reservedUpTo }.
 * Written with mode 0600 to a temporary file then renamed, so a crash mid-write leaves the
 * old file or the new one, never half of one. A corrupt file is set aside, not fatal.
 */
export class NonceFileStore implements NonceStore {
  readonly path: string;
  private values: Record<string, number> = {};
  private corrupt = false;
  private readonly now: () => number;
  private readonly freshMarginMs: number;
  /** Why the file was ignored, for the session's error list. */
  warning: string | undefined;

  constructor(
    readonly stateDir: string,
    opts: NonceFileStoreOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.freshMarginMs = opts.freshMarginMs ?? 10_000;
    this.path = join(stateDir, opts.fileName ?? 'nonces.json');
    this.values = this.read();
  }

  load(signer: string): number | undefined {
    const v = this.values[signer.toLowerCase()];
    if (v !== undefined) return v;
    return this.corrupt ? this.now() + this.freshMarginMs : undefined;
  }

  save(signer: string, reservedUpTo: number): void {
    this.values[signer.toLowerCase()] = reservedUpTo;
    mkdirSync(this.stateDir, { recursive: true, mode: 0o700 });
    const tmp = `${this.path}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, `${JSON.stringify(this.values)}\n`, { mode: 0o600 });
      chmodSync(tmp, 0o600); // mode is ignored when the temp file already existed
      renameSync(tmp, this.path);
    } catch (e) {
      try {
        unlinkSync(tmp);
      } catch {
        /* nothing to clean up */
      }
      throw e;
    }
  }

  private read(): Record<string, number> {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return {};
      this.corrupt = true;
      this.warning = `nonce file ${this.path} unreadable (${(e as { code?: string }).code ?? 'error'}); starting nonces above the clock`;
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
