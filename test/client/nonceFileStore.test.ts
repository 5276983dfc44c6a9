import { existsSync, readFileSync, statSync, utimesSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../support/tempDirs.js';
import { NonceFileStore } from '../../src/client/nonceFileStore.js';
import { NonceManager } from '../../src/protocol/index.js';

const tempDir = tempDirs('perpdesk-nonce-');

const A = '0xAbCd000000000000000000000000000000000001';
const B = '0xAbCd000000000000000000000000000000000002';

describe('NonceFileStore', () => {
  it('persists reservations with mode 0600 and no temp files left behind', () => {
    const dir = join(tempDir(), 'state');
    const store = new NonceFileStore(dir);
    expect(store.load(A)).toBeUndefined();
    store.save(A, 1234);
    expect(new NonceFileStore(dir).load(A.toLowerCase())).toBe(1234);
    if (process.platform !== 'win32') expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['nonces.json']);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ [A.toLowerCase()]: 1234 });
  });

  it('lets a restarted NonceManager start above every nonce handed out before', () => {
    const dir = tempDir();
    let t = 1_700_000_000_000;
    const first = new NonceManager({ now: () => t, store: new NonceFileStore(dir) });
    const used = Array.from({ length: 50 }, () => first.next(A));
    // Restart within the same millisecond: the clock alone would repeat nonces.
    const second = new NonceManager({ now: () => t, store: new NonceFileStore(dir) });
    const next = second.next(A);
    expect(next).toBeGreaterThan(Math.max(...used));
    t += 1;
  });

  it.each([
    ['garbage', 'not json {'],
    ['an array', '[1,2]'],
    ['a bad value', '{"0xabc": "12"}'],
    ['a negative value', '{"0xabc": -4}'],
  ])('treats %s as corrupt: starts above now() and says so', (_label, content) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'nonces.json'), content);
    const now = 5_000_000;
    const store = new NonceFileStore(dir, { now: () => now, freshMarginMs: 500 });
    expect(store.warning).toMatch(/corrupt/);
    expect(store.load(A)).toBe(now + 500);
    const mgr = new NonceManager({ now: () => now, store });
    expect(mgr.next(A)).toBeGreaterThan(now + 500);
    // Saving rewrites a clean file.
    expect(() => JSON.parse(readFileSync(join(dir, 'nonces.json'), 'utf8'))).not.toThrow();
  });

  it('claim() starts above a mark another store instance persisted after this one was opened', () => {
    const dir = tempDir();
    const mine = new NonceFileStore(dir);
    const theirs = new NonceFileStore(dir);
    theirs.save(A, 9_000);
    expect(mine.claim(A, 100, 5)).toEqual({ first: 9_001, reservedUpTo: 9_006 });
    // The clock ahead of every mark wins, and the new mark is persisted for the others.
    expect(mine.claim(A, 20_000, 5)).toEqual({ first: 20_000, reservedUpTo: 20_005 });
    expect(theirs.claim(A, 100, 5)).toEqual({ first: 20_006, reservedUpTo: 20_011 });
    expect(new NonceFileStore(dir).load(A)).toBe(20_011);
    if (process.platform !== 'win32') expect(statSync(mine.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['nonces.json']);
  });

  it('keeps the marks of signers another process wrote, and never lowers a mark', () => {
    const dir = tempDir();
    const mine = new NonceFileStore(dir);
    const theirs = new NonceFileStore(dir);
    theirs.save(B, 7_000);
    mine.claim(A, 100, 5);
    mine.save(B, 10); // stale view: must not pull B's mark down
    expect(JSON.parse(readFileSync(mine.path, 'utf8'))).toEqual({ [A.toLowerCase()]: 105, [B.toLowerCase()]: 7_000 });
  });

  it('a NonceManager over the file hands out values only inside blocks it claimed', () => {
    const dir = tempDir();
    const t = 1_000;
    const a = new NonceManager({ now: () => t, store: new NonceFileStore(dir), reserveMs: 3 });
    const b = new NonceManager({ now: () => t, store: new NonceFileStore(dir), reserveMs: 3 });
    const drawn = [a.next(A), a.next(A), b.next(A), a.next(A), a.next(A), a.next(A), b.next(A)];
    expect(drawn).toEqual([1_000, 1_001, 1_004, 1_002, 1_003, 1_008, 1_005]);
  });

  it('claims over a corrupt file start above now() + margin and rewrite it clean', () => {
    const dir = tempDir();
    const store = new NonceFileStore(dir, { now: () => 5_000, freshMarginMs: 10_000 });
    writeFileSync(store.path, 'not json {');
    expect(store.claim(A, 100, 5)).toEqual({ first: 15_001, reservedUpTo: 15_006 });
    expect(store.warning).toMatch(/corrupt/);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ [A.toLowerCase()]: 15_006 });
  });

  it('takes over a lock left by a crashed process once it is stale', () => {
    const dir = tempDir();
    const store = new NonceFileStore(dir, { lockStaleMs: 10_000, lockTimeoutMs: 2_000 });
    const lock = `${store.path}.lock`;
    writeFileSync(lock, '12345\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const started = Date.now();
    expect(store.claim(A, 100, 5).first).toBe(100);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(existsSync(lock)).toBe(false);
  });

  it('gives up with a clear error when a live lock is held past the timeout, and leaves it alone', () => {
    const dir = tempDir();
    const store = new NonceFileStore(dir, { lockStaleMs: 10_000, lockTimeoutMs: 150 });
    const lock = `${store.path}.lock`;
    writeFileSync(lock, '12345\n');
    const started = Date.now();
    expect(() => store.claim(A, 100, 5)).toThrow(/nonces\.json\.lock.*another perpdesk process/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(existsSync(lock)).toBe(true);
    expect(existsSync(store.path)).toBe(false);
  });
});
