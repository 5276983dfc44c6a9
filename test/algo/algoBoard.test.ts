import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AlgoBoard } from '../../src/algo/algoBoard.js';
import { AlgoOwnerLock } from '../../src/algo/algoLock.js';
import { AlgoRunner } from '../../src/algo/index.js';
import type { AlgoHost } from '../../src/algo/algoHost.js';
import { createAppStore } from '../../src/state/store.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';

/**
 * The board a dashboard shows its algos from: the owner lock taken and a runner started when
 * it can; with the lock held by another live process, the file watched read-only (read again
 * when it changes) and the algos taken over once that process has gone. Nothing here sends:
 * the file is written by hand, as another process would.
 */
const dirs = tempDirs('perpdesk-board-');

const noReads = { ok: false as const, error: { kind: 'network' as const, message: 'no exchange in this test' } };
function host(): AlgoHost {
  return {
    store: createAppStore(),
    sender: {} as AlgoHost['sender'],
    info: { marketState: async () => noReads, l2Book: async () => noReads, ordersByCloids: async () => noReads } as unknown as AlgoHost['info'],
    address: '0x0000000000000000000000000000000000000001',
    keys: { master: false, agent: true },
  };
}

const PLAN = {
  type: 'plan',
  time: 1,
  plan: { kind: 'twap', id: 'twap-other-1', createdAt: 1, contract: 'SOL1', contractId: 1, priceScale: 0, qtyScale: 0, tickSize: '1', stepSize: '1', isBuy: true, total: '4', reduceOnly: false, slices: 2, intervalMs: 60_000, durationMs: 120_000, bandBps: 100, arrivalMark: '150', bandLow: '149', bandHigh: '151', sizeJitterPct: 0, timeJitterPct: 0, seed: 1 },
};

describe('AlgoBoard', () => {
  it('owns the algos when the lock is free, and gives the lock back on close', async () => {
    const dir = dirs();
    chmodSync(dir, 0o700);
    const board = AlgoBoard.open({ stateDir: dir, makeRunner: () => new AlgoRunner({ host: host(), stateDir: dir, settings: {} }) });
    await waitFor(() => !board.snapshot().loading, 'the runner read the file');
    expect(board.snapshot().owner).toEqual({ kind: 'own' });
    expect(board.runner).toBeDefined();
    expect(AlgoOwnerLock.holder(dir)).toBe(process.pid);
    await board.close('test over');
    expect(AlgoOwnerLock.holder(dir)).toBeUndefined();
  });

  it('watches the file another live process writes, then takes the algos over when it ends', async () => {
    const dir = dirs();
    chmodSync(dir, 0o700);
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    const gone = new Promise((r) => other.on('exit', r));
    writeFileSync(path.join(dir, 'algos.jsonl.lock'), `${other.pid}\n`, { mode: 0o600 });
    const board = AlgoBoard.open({ stateDir: dir, watchMs: 30, makeRunner: () => new AlgoRunner({ host: host(), stateDir: dir, settings: {} }) });
    try {
      expect(board.snapshot().owner).toEqual({ kind: 'other', pid: other.pid });
      expect(board.runner).toBeUndefined();
      expect(board.snapshot().algos).toEqual([]);
      // The owner starts an algo: the board reads it from the file.
      writeFileSync(path.join(dir, 'algos.jsonl'), `${JSON.stringify(PLAN)}\n${JSON.stringify({ type: 'state', id: 'twap-other-1', time: 2, status: 'running', base: { at: 1, slice: 0 } })}\n`, { mode: 0o600 });
      await waitFor(() => board.snapshot().algos.length === 1, 'the board read the algo');
      expect(board.snapshot().algos[0]!.status).toBe('running');
      // It ends without a word (killed): the board takes over, and the algo comes back paused, interrupted.
      other.kill('SIGKILL');
      await gone;
      await waitFor(() => board.snapshot().owner.kind === 'own' && !board.snapshot().loading, 'the board took over');
      expect(board.runner).toBeDefined();
      const s = board.snapshot().algos[0]!;
      expect([s.status, s.interrupted]).toEqual(['paused', true]);
      expect(AlgoOwnerLock.holder(dir)).toBe(process.pid);
    } finally {
      other.kill('SIGKILL');
      await board.close('test over');
    }
  });

  it('with no way to trade, only watches', async () => {
    const dir = dirs();
    chmodSync(dir, 0o700);
    const board = AlgoBoard.open({ stateDir: dir, noRunnerWhy: 'monitor mode' });
    try {
      expect(board.snapshot().owner).toEqual({ kind: 'none', why: 'monitor mode' });
      expect(AlgoOwnerLock.holder(dir)).toBeUndefined();
    } finally {
      await board.close('test over');
    }
  });
});
