import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NonceFileStore } from '../../src/client/nonceFileStore.js';
import { NonceManager } from '../../src/protocol/index.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'perpdesk-nonce-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const A = '0xAbCd000000000000000000000000000000000001';

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
    const store = new NonceFileStore(dir, { now: () => now, freshMarginMs: 10_000 });
    expect(store.warning).toMatch(/corrupt/);
    expect(store.load(A)).toBe(now + 10_000);
    const mgr = new NonceManager({ now: () => now, store });
    expect(mgr.next(A)).toBeGreaterThan(now + 10_000);
    // Saving rewrites a clean file.
    expect(() => JSON.parse(readFileSync(join(dir, 'nonces.json'), 'utf8'))).not.toThrow();
  });
});
