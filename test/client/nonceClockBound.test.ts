import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NonceFileStore } from '../../src/client/nonceFileStore.js';
import { NonceManager } from '../../src/protocol/index.js';

/**
 * Nonces stay within a second of the clock however fast they are asked for, so the marks
 * persisted for a restart never run minutes ahead (issue 17, part 4). The real clock and a
 * real file: a caller faster than one nonce per millisecond has to wait.
 */

const A = '0xAbCd000000000000000000000000000000000001';
const BOUND_MS = 1_000;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('nonces and the clock', () => {
  it('5,000 nonces asked as fast as possible never run more than 1 s ahead, and a restart starts within 1 s of now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpdesk-nonce-clock-'));
    dirs.push(dir);
    const nonces = new NonceManager({ store: new NonceFileStore(dir) });
    let worstAhead = -Infinity;
    let last = 0;
    for (let i = 0; i < 5_000; i++) {
      const n = i % 2 === 0 ? await nonces.nextAsync(A) : nonces.next(A);
      // Date.now() read before the value is handed out would only make the check weaker.
      const ahead = n - Date.now();
      if (ahead > worstAhead) worstAhead = ahead;
      expect(n).toBeGreaterThan(last);
      last = n;
    }
    expect(worstAhead).toBeLessThanOrEqual(BOUND_MS);

    const restarted = new NonceManager({ store: new NonceFileStore(dir) });
    const first = await restarted.nextAsync(A);
    expect(first).toBeGreaterThan(last);
    expect(first - Date.now()).toBeLessThanOrEqual(BOUND_MS);
  }, 15_000);

  it('a restart right after ordinary signing starts near the clock, not a reservation ahead', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpdesk-nonce-clock-'));
    dirs.push(dir);
    const before = new NonceManager({ store: new NonceFileStore(dir) });
    const used = before.next(A);
    const after = new NonceManager({ store: new NonceFileStore(dir) }).next(A);
    expect(after).toBeGreaterThan(used);
    expect(after - Date.now()).toBeLessThanOrEqual(BOUND_MS);
  });
});
