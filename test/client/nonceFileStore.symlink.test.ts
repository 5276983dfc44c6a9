import { lstatSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../support/tempDirs.js';
import { victimFile } from '../support/victimFile.js';
import { NonceFileStore } from '../../src/client/nonceFileStore.js';

/**
 * A state directory another user could write to (the attack of issue 17): a symbolic link
 * planted where the store used to put its temporary file, and one at the file's own name,
 * both pointing at a file of the victim's. Writing the nonces must leave that file alone.
 */

const POSIX = process.platform !== 'win32';
const A = '0xAbCd000000000000000000000000000000000001';

const tempDir = tempDirs('perpdesk-nonce-link-');
const victim = () => victimFile(tempDir(), 0o644);

describe.runIf(POSIX)('NonceFileStore and planted symbolic links', () => {
  it('does not write through a link at the old predictable temporary name', () => {
    const dir = tempDir();
    const v = victim();
    const store = new NonceFileStore(dir);
    symlinkSync(v.file, `${store.path}.${process.pid}.tmp`);
    store.save(A, 1_234);
    store.claim(A, 2_000, 5);
    v.unchanged();
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ [A.toLowerCase()]: 2_005 });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
  });

  it('neither reads nor writes through a link at nonces.json, and replaces it with its own file', () => {
    const dir = tempDir();
    const v = victim();
    const store = new NonceFileStore(dir);
    symlinkSync(v.file, store.path);
    const block = store.claim(A, 2_000, 5);
    // What the link hid is unknown, so the block starts above the clock as after a lost file.
    expect(store.warning).toMatch(/symbolic link/);
    expect(block.first).toBeGreaterThan(Date.now());
    v.unchanged();
    expect(lstatSync(store.path).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ [A.toLowerCase()]: block.reservedUpTo });
    expect(readdirSync(dir)).toEqual(['nonces.json']);
  });
});
