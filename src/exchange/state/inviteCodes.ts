import { Prng } from '../engine/prng.js';

/** Spec 8: 6 alphanumeric characters. Compared case-insensitively, stored upper-case. */
export const INVITE_CODE_RE = /^[A-Za-z0-9]{6}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MAX_ISSUE = 10_000;

export type InviteCodeState = 'available' | 'used' | 'unknown';

/** Single-use registration codes (spec 4.9). */
export interface InviteCodeStore {
  add(code: string): void;
  state(code: string): InviteCodeState;
  /** Marks the code used; false unless it was available. */
  consume(code: string): boolean;
  /** Makes `count` new codes that were never issued before. */
  issue(count: number): string[];
  available(): string[];
}

export class MemoryInviteCodeStore implements InviteCodeStore {
  private readonly codes = new Map<string, boolean>();
  private readonly prng: Prng;

  constructor(seed: number) {
    this.prng = new Prng(seed ^ 0x1c0de);
  }

  add(code: string): void {
    if (!INVITE_CODE_RE.test(code)) throw new Error(`invite code "${code}" is not 6 letters or digits`);
    const key = code.toUpperCase();
    if (!this.codes.has(key)) this.codes.set(key, false);
  }

  state(code: string): InviteCodeState {
    if (!INVITE_CODE_RE.test(code)) return 'unknown';
    const used = this.codes.get(code.toUpperCase());
    return used === undefined ? 'unknown' : used ? 'used' : 'available';
  }

  consume(code: string): boolean {
    if (this.state(code) !== 'available') return false;
    this.codes.set(code.toUpperCase(), true);
    return true;
  }

  issue(count: number): string[] {
    if (!Number.isSafeInteger(count) || count < 0 || count > MAX_ISSUE) {
      throw new RangeError(`invite codes: count must be 0..${MAX_ISSUE}`);
    }
    const out: string[] = [];
    while (out.length < count) {
      let code = '';
      for (let i = 0; i < 6; i++) code += ALPHABET[this.prng.int(ALPHABET.length)];
      if (this.codes.has(code)) continue;
      this.codes.set(code, false);
      out.push(code);
    }
    return out;
  }

  available(): string[] {
    return [...this.codes].filter(([, used]) => !used).map(([code]) => code);
  }

  /** A stored code (a persistent store's start-up). */
  restore(code: string, used: boolean): void {
    this.codes.set(code.toUpperCase(), used);
  }
}
