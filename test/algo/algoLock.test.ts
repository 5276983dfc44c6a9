import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AlgoLockHeld, AlgoOwnerLock } from '../../src/algo/algoLock.js';
import { tempDirs } from '../support/tempDirs.js';

/** The owner lock of the algo file: one process runs a state directory's algos. */
const stateDir = tempDirs('perpdesk-algolock-');
const children: { kill(): boolean }[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

/** The pid of a process that has exited (not reused this soon). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('AlgoOwnerLock', () => {
  it('is held by one owner at a time, names it to the next, and is free again once released', () => {
    const dir = stateDir();
    const lock = AlgoOwnerLock.acquire(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(`${process.pid}\n`);
    expect(AlgoOwnerLock.holder(dir)).toBe(process.pid);
    let err: unknown;
    try {
      AlgoOwnerLock.acquire(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AlgoLockHeld);
    expect((err as AlgoLockHeld).pid).toBe(process.pid);
    expect((err as Error).message).toMatch(new RegExp(`another perpdesk process \\(pid ${process.pid}\\)`));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(AlgoOwnerLock.holder(dir)).toBeUndefined();
    AlgoOwnerLock.acquire(dir).release();
  });

  it('refuses while another live process holds it', () => {
    const dir = stateDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    children.push(other);
    writeFileSync(AlgoOwnerLock.pathOf(dir), `${other.pid}\n`, { mode: 0o600 });
    expect(() => AlgoOwnerLock.acquire(dir)).toThrow(new RegExp(`pid ${other.pid}\\b`));
    expect(AlgoOwnerLock.holder(dir)).toBe(other.pid);
  });

  it('takes over a lock whose process is gone (killed holding it)', () => {
    const dir = stateDir();
    writeFileSync(AlgoOwnerLock.pathOf(dir), `${deadPid()}\n`, { mode: 0o600 });
    expect(AlgoOwnerLock.holder(dir)).toBeUndefined();
    const lock = AlgoOwnerLock.acquire(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });

  it('leaves alone a lock that is no longer its own when released', () => {
    const dir = stateDir();
    const lock = AlgoOwnerLock.acquire(dir);
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    children.push(other);
    // Taken over (as if this process had been judged gone) and now another's.
    writeFileSync(lock.path, `${other.pid}\n`);
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe(`${other.pid}\n`);
  });
});
