import { chmodSync, chownSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../support/tempDirs.js';
import { generateAgentKeystore } from '../../src/session/agentKeystore.js';
import { JournalFile } from '../../src/session/journalFile.js';
import { prepareStateDir, StateDirError } from '../../src/session/stateDir.js';
import { createSession } from '../../src/session/createSession.js';
import { startEmbedded } from '../../src/session/embedded.js';
import { openTarget } from '../../src/session/target.js';

/** The state directory is checked as ssh checks ~/.ssh (issue 17, part 4). */

const POSIX = process.platform !== 'win32';
const ROOT = process.getuid?.() === 0;
const ADDRESS = '0xabcd000000000000000000000000000000000001';

const tempDir = tempDirs('perpdesk-statedir-');

function withMode(mode: number): string {
  const dir = join(tempDir(), 'state');
  mkdirSync(dir);
  chmodSync(dir, mode);
  return dir;
}

describe.runIf(POSIX)('prepareStateDir', () => {
  it('creates a missing directory (and its parents) 0700', () => {
    const dir = join(tempDir(), 'a', 'b', 'perpdesk');
    prepareStateDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('accepts a private directory as it is', () => {
    const dir = withMode(0o700);
    expect(() => prepareStateDir(dir)).not.toThrow();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it.each([
    ['0777', 0o777],
    ['0770', 0o770],
    ['0755', 0o755],
  ])('refuses mode %s and says how to fix it, changing nothing', (_label, mode) => {
    const dir = withMode(mode);
    let err: unknown;
    try {
      prepareStateDir(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StateDirError);
    expect((err as Error).message).toContain(`state directory '${dir}'`);
    expect((err as Error).message).toContain(`0${mode.toString(8)}`);
    expect((err as Error).message).toContain(`chmod 700 '${dir}'`);
    expect(statSync(dir).mode & 0o777).toBe(mode);
  });

  it('refuses a path that is not a directory', () => {
    const dir = tempDir();
    const file = join(dir, 'file');
    writeFileSync(file, '');
    expect(() => prepareStateDir(file)).toThrow(/not a directory/);
  });

  it.runIf(ROOT)('refuses a directory owned by another user', () => {
    const dir = withMode(0o700);
    chownSync(dir, 4_242, 4_242);
    expect(() => prepareStateDir(dir)).toThrow(/owned by uid 4242.*not by you \(uid 0\)/);
  });

  it('is what the session layer checks before using the directory', async () => {
    const dir = withMode(0o777);
    expect(() => new JournalFile(dir)).toThrow(StateDirError);
    await expect(generateAgentKeystore(dir, 'password1')).rejects.toThrow(StateDirError);
    await expect(startEmbedded({ stateDir: dir, activity: 'off' })).rejects.toThrow(/chmod 700/);
    const hooks = { onProgress: () => {}, log: () => {} };
    await expect(openTarget({ url: 'http://127.0.0.1:9', readOnly: true, address: ADDRESS }, dir, hooks)).rejects.toThrow(StateDirError);
    expect(() => createSession({ url: 'http://127.0.0.1:9' }, { address: ADDRESS }, { contractName: 'SOL1', stateDir: dir })).toThrow(StateDirError);
  });
});
